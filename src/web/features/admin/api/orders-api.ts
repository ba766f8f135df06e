import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../../../domain/constants';
import type { OrderStatus } from '../../../../domain/order-status';
import type { Order, OrderSort } from '../../../../domain/schemas/order';
import type { StatusMailInput } from '../../../../domain/schemas/email-template';
import type { StatusMailAnswer } from '../../../../domain/schemas/mail-outbox';
import { api } from '../../../lib/api-client';
import { downloadFile, getWithTotal } from './admin-http';
import { refreshMessages } from './messages-api';

/**
 * '' = every sales order; 'pending' = unpaid online orders (payment=pending); 'confirm' = COD orders to confirm;
 * 'refund-failed' = orders with a refund the gateway failed, not retried yet (refund=FAILED).
 */
export type OrderFilter = '' | OrderStatus | 'pending' | 'confirm' | 'refund-failed';

export interface OrderListParams {
  filter: OrderFilter;
  q: string;
  sort: OrderSort;
  page: number;
}

function filterQuery(params: Omit<OrderListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams();
  if (params.filter === 'pending') search.set('payment', 'pending');
  else if (params.filter === 'confirm') search.set('confirmation', 'PENDING');
  else if (params.filter === 'refund-failed') search.set('refund', 'FAILED');
  else if (params.filter) search.set('status', params.filter);
  if (params.q.trim()) search.set('q', params.q.trim());
  search.set('sort', params.sort);
  return search;
}

export const adminOrdersKey = ['admin', 'orders'] as const;

/** One page of orders, filtered, searched, sorted and paged by the server. */
export function useAdminOrders(params: OrderListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: [...adminOrdersKey, params],
    queryFn: () => {
      const search = filterQuery(params);
      search.set('offset', String((params.page - 1) * ADMIN_ORDERS_PAGE_SIZE));
      search.set('limit', String(ADMIN_ORDERS_PAGE_SIZE));
      return getWithTotal<Order[]>(`/api/order/admin?${search.toString()}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Sets the status and queues the status mail (PUT /api/email/admin/email). */
export function useStatusMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StatusMailInput) => api.put<StatusMailAnswer | null>('/api/email/admin/email', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminOrdersKey });
      void client.invalidateQueries({ queryKey: ['admin', 'overview'] });
      void client.invalidateQueries({ queryKey: ['admin', 'outbox'] });
      refreshMessages(client);
    },
  });
}

export function downloadOrdersCsv(params: Omit<OrderListParams, 'page'>): Promise<void> {
  return downloadFile(`/api/admin/orders.csv?${filterQuery(params).toString()}`, 'orders.csv');
}
