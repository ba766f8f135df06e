import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Policies } from '../../../../domain/policies';
import { api } from '../../../lib/api-client';

const policiesKey = ['admin', 'policies'] as const;

export function usePolicyTexts() {
  return useQuery({ queryKey: policiesKey, queryFn: () => api.get<Policies>('/api/settings/policies') });
}

export function useSavePolicies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policies: Policies) => api.put<Policies>('/api/settings/policies', policies),
    onSuccess: (saved) => {
      client.setQueryData(policiesKey, saved);
      void client.invalidateQueries({ queryKey: ['public-policies'] });
    },
  });
}
