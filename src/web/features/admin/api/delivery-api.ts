import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponInput, DeliverySettings } from '../../../../domain/schemas/delivery';
import { api } from '../../../lib/api-client';

const deliveryKey = ['admin', 'delivery'] as const;
const couponsKey = ['admin', 'coupons'] as const;

export function useDeliverySettings() {
  return useQuery({ queryKey: deliveryKey, queryFn: () => api.get<DeliverySettings>('/api/settings/delivery') });
}

export function useSaveDeliverySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: DeliverySettings) => api.put<DeliverySettings>('/api/settings/delivery', settings),
    onSuccess: (saved) => client.setQueryData(deliveryKey, saved),
  });
}

export function useCoupons(active: boolean) {
  return useQuery({ queryKey: couponsKey, queryFn: () => api.get<Coupon[]>('/api/coupons'), enabled: active, refetchInterval: active ? 30_000 : false });
}

/** Create (no `editing`) or replace a code; DELETE deactivates. */
export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ coupon, editing }: { coupon: CouponInput; editing: boolean }) =>
      editing ? api.put<Coupon>(`/api/coupons/${encodeURIComponent(coupon.code)}`, coupon) : api.post<Coupon>('/api/coupons', coupon),
    onSuccess: () => void client.invalidateQueries({ queryKey: couponsKey }),
  });
}

export function useDeactivateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.delete<Coupon>(`/api/coupons/${encodeURIComponent(code)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: couponsKey }),
  });
}
