import { useQuery } from '@tanstack/react-query';
import type { OverviewAnswer } from '../../../../domain/schemas/admin-overview';
import { api } from '../../../lib/api-client';

export function useOverview(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: () => api.get<OverviewAnswer>('/api/admin/overview'),
    enabled,
    refetchInterval: 60_000,
  });
}
