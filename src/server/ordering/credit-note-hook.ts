import type { CreditNoteDocument } from '../../domain/india/invoice-document';
import type { Executor } from '../db/database';
import { issueCreditNote } from '../invoicing/invoice-service';

/**
 * Called in the transaction that records a cancellation's or a refund's refund row, with the rupees refunded.
 * An invoiced order gets a credit note in its own gapless series (DESIGN.md §7.2, §7.3), issued with the refund row
 * so the two can never disagree. An order that was never invoiced (unpaid, or refunded before the business details
 * were filled) has no tax to reverse, so it gets none. Answers the note, which the refund mail attaches.
 */
export async function creditNoteHook(
  trx: Executor,
  refund: { orderRowId: number; orderid: string; amount: number; reason: string },
): Promise<CreditNoteDocument | null> {
  const order = await trx.selectFrom('orders').select(['invoice_number', 'status']).where('id', '=', refund.orderRowId).executeTakeFirst();
  if (!order?.invoice_number) return null;
  // A returned parcel's invoice was credited in full when it came back; refunding what was paid reverses no more tax.
  if (order.status === 'RETURNED') return null;
  return issueCreditNote(trx, { id: refund.orderRowId }, refund.amount, refund.reason);
}
