import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SettleRefundBody } from '../../../../domain/refund-settlement';
import type { OrderWithRefunds, RefundOrderBody } from '../../../../domain/refunds';
import { api, ApiError } from '../../../lib/api-client';
import { refreshMessages } from './messages-api';
import { adminOrdersKey } from './orders-api';

/** Under the list's key, so whatever refreshes the list (a status change) refreshes the open order too. */
export const adminOrderKey = (orderid: string) => [...adminOrdersKey, 'order', orderid] as const;

const orderPath = (orderid: string) => `/api/order/${encodeURIComponent(orderid)}`;

/** While a refund is pending, the gateway moves it within seconds (sandbox) or days; look again now and then. */
const PENDING_POLL_MS = 3000;

/**
 * One order with its refunds (GET /api/order/{orderid}/refunds), fresh from the server. When a look finds a refund
 * gone through or failed since the last one, the list pages are refreshed too, so their card does not go on saying
 * the money is on its way.
 */
export function useAdminOrder(orderid: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: adminOrderKey(orderid),
    queryFn: async () => {
      const before = client.getQueryData<OrderWithRefunds>(adminOrderKey(orderid));
      const answer = await api.get<OrderWithRefunds>(`${orderPath(orderid)}/refunds`);
      if (before && (before.refundedAmount !== answer.refundedAmount || before.refundProcessedAmount !== answer.refundProcessedAmount)) refreshLists(client);
      return answer;
    },
    // No such order (a wrong link) stays so: asking again only delays saying it.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === 'PENDING') ? PENDING_POLL_MS : false),
  });
}

/** The list pages and the overview, not the open orders (each has its answer already). */
function refreshLists(client: QueryClient) {
  void client.invalidateQueries({ queryKey: adminOrdersKey, predicate: (q) => q.queryKey[adminOrdersKey.length] !== 'order' });
  void client.invalidateQueries({ queryKey: ['admin', 'overview'] });
}

/**
 * Each action answers the order with its refunds: that is the fresh order, shown at once (asking again at once would
 * only repeat it); the list pages and the overview are refreshed.
 */
function settle(client: QueryClient, answer: OrderWithRefunds) {
  client.setQueryData(adminOrderKey(answer.orderid), answer);
  refreshLists(client);
  void client.invalidateQueries({ queryKey: ['admin', 'outbox'] });
  refreshMessages(client);
}

/** POST /api/order/{orderid}/cancel: returns the bottles, mails the customer, refunds a paid online order in full. */
export function useCancelOrder(orderid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<OrderWithRefunds>(`${orderPath(orderid)}/cancel`, { reason }),
    onSuccess: (answer) => settle(client, answer),
  });
}

/** POST /api/order/{orderid}/refunds: part or all of a delivered order, or of a returned parcel, paid online. */
export function useRefundOrder(orderid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundOrderBody) => api.post<OrderWithRefunds>(`${orderPath(orderid)}/refunds`, body),
    onSuccess: (answer) => settle(client, answer),
  });
}

/** POST /api/order/{orderid}/refunds/{refundId}/retry: asks the gateway again for a failed refund. */
export function useRetryRefund(orderid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) => api.post<OrderWithRefunds>(`${orderPath(orderid)}/refunds/${encodeURIComponent(refundId)}/retry`),
    onSuccess: (answer) => settle(client, answer),
  });
}

/** POST /api/order/{orderid}/refunds/{refundId}/settle: a failed refund the owner paid back another way. */
export function useSettleRefund(orderid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ refundId, body }: { refundId: string; body: SettleRefundBody }) =>
      api.post<OrderWithRefunds>(`${orderPath(orderid)}/refunds/${encodeURIComponent(refundId)}/settle`, body),
    onSuccess: (answer) => settle(client, answer),
  });
}
