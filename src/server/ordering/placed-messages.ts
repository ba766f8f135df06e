import type { Order } from '../../domain/schemas/order';
import type { OrderMessage } from '../messages/outbox';

/** The first WhatsApp message of a placed order: the confirmation request while it waits for one, else "placed". */
export function placedMessages(orders: readonly Order[]): OrderMessage[] {
  return orders.map((order) => ({ order, kind: order.confirmation === 'PENDING' ? 'COD_CONFIRMATION' : 'PLACED' }));
}
