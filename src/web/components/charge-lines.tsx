import { formatRupees } from '../../domain/display';
import { formatChargesForMail } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';

/** Items, delivery, COD fee and discount of an order, in the words its mails use; nothing when only items were charged. */
export function ChargeLines({ order, className = '' }: { order: Pick<Order, 'subtotal' | 'deliveryFee' | 'codFee' | 'discount' | 'couponCode'>; className?: string }) {
  const charges = formatChargesForMail(order);
  if (charges.length === 0) return null;
  return (
    <ul className={`list-unstyled small mb-1 ${className}`} data-testid="order-charges">
      <li>Items - {formatRupees(order.subtotal)}</li>
      {charges.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
