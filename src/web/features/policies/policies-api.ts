import { useQuery } from '@tanstack/react-query';
import type { Policies } from '../../../domain/policies';
import { api } from '../../lib/api-client';

export const PUBLIC_POLICIES_KEY = ['public-policies'] as const;

export const policiesQuery = { queryKey: PUBLIC_POLICIES_KEY, queryFn: () => api.get<Policies>('/api/public/policies'), staleTime: 10 * 60_000 };

export function usePolicies() {
  return useQuery(policiesQuery);
}
