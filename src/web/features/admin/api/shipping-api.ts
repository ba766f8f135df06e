import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../domain/schemas/order';
import type { ScanStatus, ShipManyResult, ShipmentBody } from '../../../../domain/shipping';
import { api } from '../../../lib/api-client';
import { refreshMessages } from './messages-api';
import { adminOrdersKey } from './orders-api';
import { adminOrderKey } from './refunds-api';

const orderPath = (orderid: string) => `/api/order/${encodeURIComponent(orderid)}`;

/** Which courier the shop ships with, and whether it is the sandbox (its scan buttons show). */
export function useCourierInfo() {
  return useQuery({
    queryKey: ['admin', 'courier'],
    queryFn: () => api.get<{ courier: 'shiprocket' | 'sandbox' | 'off'; testMode: boolean }>('/api/shipping/courier'),
    staleTime: Infinity,
  });
}

/** Every shipping action answers the order: refresh the open order (it carries its refunds) and the list. */
function useRefresh(orderid: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: adminOrderKey(orderid) });
    void client.invalidateQueries({ queryKey: adminOrdersKey });
    void client.invalidateQueries({ queryKey: ['admin', 'overview'] });
    refreshMessages(client);
  };
}

export function useShipOrder(orderid: string) {
  const refresh = useRefresh(orderid);
  return useMutation({
    mutationFn: (body: ShipmentBody) => api.post<Order & { pickupNote: string | null }>(`${orderPath(orderid)}/shipment`, body),
    onSuccess: refresh,
  });
}

export function useCancelShipment(orderid: string) {
  const refresh = useRefresh(orderid);
  return useMutation({ mutationFn: () => api.post<Order>(`${orderPath(orderid)}/shipment/cancel`), onSuccess: refresh });
}

export function useSandboxScan(orderid: string) {
  const refresh = useRefresh(orderid);
  return useMutation({
    mutationFn: ({ awb, status }: { awb: string; status: ScanStatus }) => api.post<Order>(`/api/shipping/sandbox/${encodeURIComponent(awb)}/scan`, { status }),
    onSuccess: refresh,
  });
}

export function useShipMany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderids: string[]) => api.post<{ results: ShipManyResult[] }>('/api/order/shipments', { orderids }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminOrdersKey });
      refreshMessages(client);
    },
  });
}
