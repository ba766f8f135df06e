import { formatRupees, orderNumber } from '../../domain/display';
import type { CreditNoteDocument } from '../../domain/india/invoice-document';
import { SETTLEMENT_METHOD_WORDS, type SettleRefundBody } from '../../domain/refund-settlement';
import { writeAudit } from '../audit/audit-log';
import type { Executor } from '../db/database';
import type { OrderRow, RefundRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { creditNoteMailAttachment, creditNoteMailLine } from '../invoicing/invoice-attachment';
import { enqueueMail } from '../mail/outbox';
import { queueMessageForOrderRow } from '../messages/outbox';
import { reissuedCreditNote } from './credit-note-hook';
import { countProcessedRefund, linesWithRefunded, reserveRefund, settleFailedRefundOutside } from './refund-repository';

export const SETTLED_REFUND_MAIL_KIND = 'refund-settled';

/**
 * FAILED → PROCESSED with how it was paid, by one conditional UPDATE: of two settles, or a settle and a Retry, asked
 * together, one moves the row and the other is told what happened.
 */
export async function markSettled(trx: Executor, refund: RefundRow, body: SettleRefundBody, actorUserId: number): Promise<void> {
  const settled = await settleFailedRefundOutside(trx, refund.id, { method: body.method, reference: body.reference || null, note: body.note || null, actorUserId });
  if (!settled) {
    throw new HttpError(409, 'CONFLICT', 'Only a failed refund can be marked as settled, and this one is not failed any more: it was retried or settled meanwhile. Reload the order to see where it stands.');
  }
}

/**
 * The money went back, so it counts as a processed refund of the order: its amount, released when it failed, is
 * reserved again (never past what was paid, nor bottles refunded twice) and counted processed at once.
 */
export async function countSettledMoney(trx: Executor, refund: RefundRow): Promise<void> {
  // A payment that paid nothing was never part of the order's refunds (decision 081).
  if (refund.stray_payment) return;
  const tooLarge = 'Since this refund failed, other refunds took what was left to refund on this order, so it cannot be counted again. Reload the order; if you paid the customer twice, recover one payment.';
  if (!(await reserveRefund(trx, refund.order_id, refund.amount))) throw new HttpError(409, 'REFUND_TOO_LARGE', tooLarge);
  if ((await linesWithRefunded(trx, refund.order_id)).some((line) => line.refunded > line.item_qty)) throw new HttpError(409, 'REFUND_TOO_LARGE', tooLarge);
  await countProcessedRefund(trx, refund.order_id, refund.amount);
}

/** Money did go back, so it gets a credit note of its own, as a retry does; the voided first one stays void. */
export async function creditSettledRefund(trx: Executor, refund: RefundRow): Promise<CreditNoteDocument | null> {
  if (refund.stray_payment) return null;
  return reissuedCreditNote(trx, refund);
}

export async function auditSettlement(trx: Executor, refund: RefundRow, body: SettleRefundBody, actorUserId: number): Promise<void> {
  await writeAudit(trx, {
    actorUserId,
    action: 'order.refund.settled-outside',
    target: refund.id,
    details: { amount: refund.amount, method: body.method, reference: body.reference || null },
  });
}

/** Tells the customer how the money came, with the new credit note; WhatsApp says it was processed, as the gateway's would. */
export async function tellCustomerSettled(trx: Executor, order: OrderRow, refund: RefundRow, body: SettleRefundBody, note: CreditNoteDocument | null): Promise<void> {
  const amount = formatRupees(refund.amount);
  const number = orderNumber(order.id);
  const how = SETTLEMENT_METHOD_WORDS[body.method];
  await enqueueMail(trx, {
    kind: SETTLED_REFUND_MAIL_KIND,
    to: order.emailaddress,
    subject: `Refund of ${amount} for order ${number} paid by ${how}`,
    text:
      `Namaste ${order.username},\n\nThe refund of ${amount} for your order ${number} (${refund.reason}) could not go back through the payment gateway, ` +
      `so we have paid it to you by ${how}${body.reference ? ` (reference ${body.reference})` : ''}.\n\n` +
      `It will not also come back to your card or account. If you cannot find it, reply to this mail with your order number.` +
      `${creditNoteMailLine(note)}\n\nThe Ghee Shop family`,
    ...creditNoteMailAttachment(note),
  });
  await queueMessageForOrderRow(trx, order.id, 'REFUND_PROCESSED', { refundAmount: amount }, refund.id);
}
