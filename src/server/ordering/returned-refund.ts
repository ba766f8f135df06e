// Refunding a parcel the courier returned to us (RETURNED) that was paid online. The return put its bottles back on
// the shelf and credited its whole invoice (shipping/order-moves.ts), so all that is left is the customer's money.
// The owner's "Refund the payment" (workflows/refund-order.ts) and an API caller's cancel (workflows/cancel-order.ts)
// both refund it here; the order stays RETURNED.
import { formatRupees, orderNumber } from '../../domain/display';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { lockOrderRowById } from '../orders/order-repository';
import { recordRefund } from './refund-service';

/** Its bottles came back with the parcel: refunding them by the bottle (and putting them back) would count them twice. */
export function refuseBottlesOfAReturnedParcel(asked: { lines?: readonly unknown[] | undefined }): void {
  if (!asked.lines) return;
  throw conflict('This parcel came back to us: its bottles are on the shelf already and its invoice is credited. Refund an amount of the payment instead.');
}

/**
 * The refund mail's first words: the parcel came back, and how much of what was paid goes back. When not all of it,
 * the owner's reason follows, since that is what the customer will ask about.
 */
export function returnedRefundOpening(order: Pick<OrderRow, 'id' | 'total_amount'>, amount: number, reason: string): string {
  const start = `The courier brought your order ${orderNumber(order.id)} back to us, so we have started a refund of`;
  if (amount >= order.total_amount) return `${start} the full ${formatRupees(amount)} you paid.`;
  return `${start} ${formatRupees(amount)} of the ${formatRupees(order.total_amount)} you paid.\nReason: ${reason}`;
}

/**
 * Records the refund in the caller's transaction, on the order read again under its lock (on PostgreSQL), so two
 * refunds, or a refund and a cancel, see what is left one after the other. No bottles go back and no credit note is
 * issued (credit-note-hook.ts: the return's note covered the whole invoice); the mail says why the money goes back.
 */
async function recordReturnedRefund(
  ctx: AppContext,
  trx: Executor,
  order: OrderRow,
  asked: { amount: (left: number) => number; reason: string; actorUserId: number },
): Promise<string | null> {
  const locked = (await lockOrderRowById(trx, ctx.dialect, order.id)) ?? order;
  const amount = asked.amount(locked.total_amount - locked.refunded_amount);
  if (amount <= 0) return null;
  const opening = returnedRefundOpening(locked, amount, asked.reason);
  return recordRefund(ctx, trx, locked, { amount, reason: asked.reason, actorUserId: asked.actorUserId, opening });
}

/** The owner's refund of `amount` (the whole payment, or less when they keep back part); more than is left is a 409. */
export async function recordRefundOfReturnedParcel(
  ctx: AppContext,
  trx: Executor,
  order: OrderRow,
  asked: { amount: number; reason: string; actorUserId: number },
): Promise<{ refundId: string; restocked: boolean }> {
  const refundId = await recordReturnedRefund(ctx, trx, order, { ...asked, amount: () => asked.amount });
  if (!refundId) throw badRequest('Enter the amount to refund in whole rupees.', { amount: 'Enter the amount to refund in whole rupees.' });
  return { refundId, restocked: false };
}

/** A cancel of a returned parcel paid online: whatever of the payment is not refunded yet; null when nothing is. */
export async function refundWhatIsLeftOfTheReturn(ctx: AppContext, trx: Executor, order: OrderRow, reason: string, actorUserId: number): Promise<string | null> {
  if (!order.paymentid) return null;
  return recordReturnedRefund(ctx, trx, order, { amount: (left) => left, reason, actorUserId });
}
