import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderLimits } from '../../../../domain/order-limits';
import { api } from '../../../lib/api-client';

const limitsKey = ['admin', 'order-limits'] as const;

export function useOrderLimits() {
  return useQuery({ queryKey: limitsKey, queryFn: () => api.get<OrderLimits>('/api/settings/order-limits') });
}

export function useSaveOrderLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (limits: OrderLimits) => api.put<OrderLimits>('/api/settings/order-limits', limits),
    onSuccess: (saved) => client.setQueryData(limitsKey, saved),
  });
}
