import { orderNumber } from '../../../domain/display';
import type { OrderStatus } from '../../../domain/order-status';
import { refundProgress } from '../../../domain/refunds';
import type { Order } from '../../../domain/schemas/order';

/** What the panel reads of each order, as GET /api/order answers it. */
export type OrderSeen = Pick<Order, 'id' | 'status' | 'whatsappOptIn' | 'paymentstatus' | 'refundedAmount' | 'refundProcessedAmount'>;

// Nothing more happens to these, so they send no news; a refund on its way is the exception (its own message).
const FINISHED: readonly OrderStatus[] = ['DELIVERED', 'CANCELLED', 'RETURNED'];

/** What the profile's WhatsApp panel says beside its switch. */
export interface WhatsappStanding {
  /** The switch's help: what on and off mean, true in the state shown. */
  help: string;
  /** With the switch off, the orders ticked at checkout that still send news (order numbers), oldest first; else empty. */
  stillMessaged: string[];
  /** The sentence naming them; null when there are none. */
  notice: string | null;
}

const andList = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** Whether an order ticked at checkout may still send WhatsApp news: it is under way, or a refund of it is. */
function stillMessaged(order: OrderSeen): boolean {
  if (order.whatsappOptIn !== true) return false;
  return !FINISHED.includes(order.status) || refundProgress(order).onItsWay > 0;
}

/**
 * The account's choice only starts each checkout's box; each order keeps the answer given there. So with the switch
 * off, orders ticked at checkout are still messaged, and the panel names them rather than read as "no messages".
 */
export function whatsappStanding(accountOptIn: boolean, orders: readonly OrderSeen[] | undefined): WhatsappStanding {
  if (accountOptIn) {
    return {
      help: 'Checkout starts with the WhatsApp box ticked, and you can untick it for an order there. Turning this off stops the messages about every order, those already placed too.',
      stillMessaged: [],
      notice: null,
    };
  }
  const numbers = (orders ?? [])
    .filter(stillMessaged)
    .sort((a, b) => a.id - b.id)
    .map((order) => orderNumber(order.id));
  return {
    help: 'Checkout asks each time, with the WhatsApp box unticked: an order gets messages only when you tick it there.',
    stillMessaged: numbers,
    notice: numbers.length === 0 ? null : `${andList(numbers)} ${numbers.length === 1 ? 'gets' : 'get'} WhatsApp updates, as you asked at checkout.`,
  };
}
