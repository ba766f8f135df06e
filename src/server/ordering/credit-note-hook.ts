import type { CreditedGoods, CreditNoteDocument } from '../../domain/india/invoice-document';
import type { Executor } from '../db/database';
import { issueCreditNote, uncreditedPaise, voidCreditNoteOfRefund } from '../invoicing/invoice-service';
import { findOrderRowById } from '../orders/order-repository';
import { refundedGoods } from './refund-repository';

/**
 * Called in the transaction that records a cancellation's or a refund's refund row, with the rupees refunded.
 * An invoiced order gets a credit note in its own gapless series (DESIGN.md §7.2, §7.3), issued with the refund row
 * so the two can never disagree. An order that was never invoiced (unpaid, or refunded before the business details
 * were filled) has no tax to reverse, so it gets none. Answers the note, which the refund mail attaches.
 */
export async function creditNoteHook(
  trx: Executor,
  refund: { orderRowId: number; amount: number; reason: string; refundId: string; goods?: readonly CreditedGoods[] },
): Promise<CreditNoteDocument | null> {
  const order = await findOrderRowById(trx, refund.orderRowId);
  if (!order?.invoice_number) return null;
  // A returned parcel's invoice was credited in full when it came back; refunding what was paid reverses no more tax.
  if (order.status === 'RETURNED') return null;
  // Nor a cancelled order's credited in full already: its parcel came back (order-moves.ts) while its refund had failed.
  if (order.status === 'CANCELLED' && (await uncreditedPaise(trx, order.id)) <= 0) return null;
  return issueCreditNote(trx, { id: refund.orderRowId }, refund.amount, refund.reason, { refundId: refund.refundId, ...(refund.goods ? { goods: refund.goods } : {}) });
}

/**
 * A failed refund that is a refund again (retried, or paid back another way) gets a credit note of its own, listing
 * the same bottles as its first, which stays void (it may be reported cancelled already).
 */
export async function reissuedCreditNote(trx: Executor, refund: { id: string; order_id: number; amount: number; reason: string }): Promise<CreditNoteDocument | null> {
  const goods = await refundedGoods(trx, refund.id);
  return creditNoteHook(trx, { orderRowId: refund.order_id, amount: refund.amount, reason: refund.reason, refundId: refund.id, ...(goods.length ? { goods } : {}) });
}

/**
 * The refund failed at the gateway, so no money went back: its credit note is voided (kept, numbered, shown voided;
 * docs/decisions/070) in the same transaction that marks the refund FAILED, and the amount may be credited again.
 */
export async function refundFailedHook(trx: Executor, refundId: string): Promise<string | null> {
  return voidCreditNoteOfRefund(trx, refundId, 'The refund failed at the payment gateway; no money was returned with this note.');
}
