import { useQuery } from '@tanstack/react-query';
import type { Business } from '../../domain/schemas/business';
import { api } from './api-client';

/** GET /api/public/business: the seller named on labels, the footer and the policy pages. */
export const PUBLIC_BUSINESS_KEY = ['public-business'] as const;

export function usePublicBusiness() {
  return useQuery({
    queryKey: PUBLIC_BUSINESS_KEY,
    queryFn: () => api.get<Business>('/api/public/business'),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
