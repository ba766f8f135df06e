import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Business, BusinessInput } from '../../../../domain/schemas/business';
import { api } from '../../../lib/api-client';

const businessKey = ['admin', 'business'] as const;

export function useBusiness() {
  return useQuery({ queryKey: businessKey, queryFn: () => api.get<Business>('/api/settings/business') });
}

export function useSaveBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (business: BusinessInput) => api.put<Business>('/api/settings/business', business),
    onSuccess: (saved) => client.setQueryData(businessKey, saved),
  });
}
