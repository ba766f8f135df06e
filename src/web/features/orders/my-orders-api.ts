import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../domain/schemas/order';
import { api } from '../../lib/api-client';
import { MY_ORDERS_KEY } from '../../lib/query-keys';

/**
 * The signed-in customer's orders (GET /api/order), read afresh on each page that shows them: Your Orders, and the
 * profile's WhatsApp panel, which names the orders still messaged. Keyed by email so another account's list is
 * never shown after switching accounts.
 */
export function useMyOrders(email: string | undefined) {
  return useQuery({
    queryKey: [...MY_ORDERS_KEY, email],
    queryFn: () => api.get<Order[]>('/api/order'),
    enabled: !!email,
    staleTime: 0,
  });
}
