import { formatShopDateTime } from '../../../../domain/display';
import { whatsappNumber } from '../../../../domain/messages-and-confirmation';
import type { Order } from '../../../../domain/schemas/order';

/**
 * When a COD order that waits for its customer is cancelled without an answer (its `confirmBy`, in shop time); null
 * for an order that waits for nothing. Past the time, the expiry job has not run yet: it is on its way out.
 */
export function autoCancelWords(order: Pick<Order, 'confirmation' | 'confirmBy' | 'status'>, now: Date = new Date()): string | null {
  if (order.confirmation !== 'PENDING' || order.status === 'CANCELLED' || !order.confirmBy) return null;
  const when = formatShopDateTime(order.confirmBy);
  if (!when) return null;
  return Date.parse(order.confirmBy) > now.getTime()
    ? `Cancelled automatically on ${when} unless confirmed.`
    : `Not confirmed by ${when}: it is being cancelled.`;
}

/** Links to call the order's mobile number and to write to it on WhatsApp (India's 91 before a 10-digit number). */
export function phoneLinks(mobile: string): { tel: string; whatsapp: string } {
  const digits = whatsappNumber(mobile);
  return { tel: `tel:+${digits}`, whatsapp: `https://wa.me/${digits}` };
}

/** What the order page says of the confirmation when nothing waits for the customer. */
export function confirmationStateWords(order: Pick<Order, 'confirmation' | 'status'>): string {
  if (order.status === 'CANCELLED') return 'This order is cancelled: no confirmation is waited for.';
  if (order.confirmation === 'CONFIRMED') return 'Cash on delivery: confirmed.';
  return 'No confirmation needed for this order.';
}
