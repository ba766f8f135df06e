import { ROLES } from '../../domain/constants';
import { formatRupees, orderNumber, withOrderPrefix } from '../../domain/display';
import type { CreditedGoods } from '../../domain/india/invoice-document';
import { toPaise } from '../../domain/pricing';
import { SETTLEMENT_METHOD_WORDS, type RefundSettlementView, type SettlementMethod } from '../../domain/refund-settlement';
import { wasDelivered } from '../../domain/refunds';
import { writeAudit } from '../audit/audit-log';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import type { OrderRow, RefundRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { queueMessageForOrderRow } from '../messages/outbox';
import type { GatewayRefund } from '../payments/gateway';
import { newGatewayId } from '../payments/gateway-ids';
import { gatewayFor } from '../payments/gateway-registry';
import { creditNoteMailAttachment, creditNoteMailLine } from '../invoicing/invoice-attachment';
import { creditNotesOf } from '../invoicing/invoice-service';
import { findOrderRow, findOrderRowById, withLinesForAdmin } from '../orders/order-repository';
import { findOwnedOrder, type OrderCaller } from '../orders/owned-order';
import { creditNoteHook, refundFailedHook, reissuedCreditNote } from './credit-note-hook';
import { queueFailedRefundMail, queueGatewayAlsoPaidMail } from './failed-refund-mail';
import { attemptNotes, isLiveAttempt, liveAttemptOf } from './refund-attempts';
import {
  countProcessedRefund,
  findRefund,
  findRefundByGatewayId,
  insertRefund,
  linesWithRefunded,
  markRefundRequested,
  noteGatewayAlsoPaid,
  noteRefundError,
  refundState,
  refundsOfOrder,
  refundsToReconcile,
  releaseRefund,
  reopenFailedRefund,
  reserveRefund,
  settleRefund,
} from './refund-repository';

export const REFUND_MAIL_KIND = 'refund';
/** A CREATED row this old is taken as a crash between the row and the gateway call. */
export const REFUND_CREATED_GRACE_MS = 60_000;
/** Razorpay's refunds are asked about again when still pending after this long. */
export const REFUND_PENDING_RECHECK_MS = 10 * 60_000;

/**
 * Records a refund in the caller's transaction, before any gateway call: what is refunded of the order is raised
 * (never past what was paid), the row is CREATED, the customer's mail and the audit row are queued with it. The mail
 * opens with `opening` when the caller has words of its own for why the money goes back (a parcel returned to us).
 * The caller sends it with `sendRefund` after the commit; if the process dies first, reconciliation does.
 */
export async function recordRefund(
  ctx: AppContext,
  trx: Executor,
  order: Pick<OrderRow, 'id' | 'orderid' | 'paymentid' | 'emailaddress' | 'username'>,
  refund: { amount: number; reason: string; actorUserId: number | null; goods?: readonly CreditedGoods[]; opening?: string },
): Promise<string> {
  if (!(await reserveRefund(trx, order.id, refund.amount))) {
    throw new HttpError(409, 'REFUND_TOO_LARGE', 'That is more than is left to refund on this order. Reload the order to see what was refunded already.');
  }
  const id = newGatewayId('refund_');
  await insertRefund(trx, { id, orderRowId: order.id, paymentId: order.paymentid, amount: refund.amount, reason: refund.reason, actorUserId: refund.actorUserId });
  await writeAudit(trx, { actorUserId: refund.actorUserId, action: 'order.refund', target: order.orderid, details: { refundId: id, amount: refund.amount, reason: refund.reason } });
  const note = await creditNoteHook(trx, { orderRowId: order.id, amount: refund.amount, reason: refund.reason, refundId: id, ...(refund.goods ? { goods: refund.goods } : {}) });
  await enqueueMail(trx, {
    kind: REFUND_MAIL_KIND,
    to: order.emailaddress,
    subject: `Refund of ${formatRupees(refund.amount)} initiated for order ${orderNumber(order.id)}`,
    text: `Namaste ${order.username},\n\n${refund.opening ?? `We have started a refund of ${formatRupees(refund.amount)} for your order ${orderNumber(order.id)} (${refund.reason}).`}\n\nIt goes back to the card or account you paid with. Banks take 5-7 working days to show it; if it has not arrived after that, reply to this mail with your order number.${creditNoteMailLine(note)}\n\nThe Ghee Shop family`,
    ...creditNoteMailAttachment(note),
  });
  return id;
}

async function applyGatewayRefund(ctx: AppContext, trx: Executor, refundId: string, refund: GatewayRefund): Promise<void> {
  const row = await findRefund(trx, refundId);
  if (!row) return;
  // Paid back outside the gateway (decision 088): it counts once, as settled; a gateway that paid it too is the owner's to hear.
  if (row.settled_method) {
    if (refund.status === 'processed') await gatewayAlsoPaid(ctx, trx, row, refund);
    return;
  }
  if (row.status === 'CREATED') await markRefundRequested(trx, refundId, refund.id, 'PENDING');
  if (refund.status === 'pending') return;
  const state = refundState(refund.status) as 'PROCESSED' | 'FAILED';
  if (!(await settleRefund(trx, refundId, state, state === 'FAILED' ? 'The gateway could not refund this payment.' : null))) return;
  // A payment that paid nothing was never part of the order's refunds, and has no note.
  if (state === 'PROCESSED') {
    // Only now has the money gone back, so only now may the order read "Refunded" (it was on its way until here).
    if (!row.stray_payment) await countProcessedRefund(trx, row.order_id, row.amount);
    await queueMessageForOrderRow(trx, row.order_id, 'REFUND_PROCESSED', { refundAmount: formatRupees(row.amount) }, refundId);
  } else if (!row.stray_payment) {
    // A failed refund gives its amount back to what may still be refunded, so it can be retried, and voids its
    // credit note, so the invoice may be credited that amount again. No message says it was processed.
    await releaseRefund(trx, row.order_id, row.amount);
    await refundFailedHook(trx, refundId);
  }
  // The customer was told the money is on its way; the owner must hear that it is not (a stray payment's too).
  if (state === 'FAILED') await queueFailedRefundMail(trx, { email: ctx.config.SHOP_EMAIL, publicUrl: ctx.config.PUBLIC_URL }, { orderRowId: row.order_id, amount: row.amount, reason: row.reason });
  await writeAudit(trx, { actorUserId: null, action: `refund.${refund.status}`, target: refundId, details: { gatewayRefundId: refund.id, amount: row.amount } });
}

async function gatewayAlsoPaid(ctx: AppContext, trx: Executor, row: RefundRow, refund: GatewayRefund): Promise<void> {
  if (!(await noteGatewayAlsoPaid(trx, row.id))) return;
  const shop = { email: ctx.config.SHOP_EMAIL, publicUrl: ctx.config.PUBLIC_URL };
  const method = SETTLEMENT_METHOD_WORDS[row.settled_method as SettlementMethod] ?? row.settled_method ?? '';
  await queueGatewayAlsoPaidMail(trx, shop, { orderRowId: row.order_id, amount: row.amount, settledMethod: method, settledReference: row.settled_reference, gatewayRefundId: refund.id });
  await writeAudit(trx, { actorUserId: null, action: 'refund.processed-after-settled', target: row.id, details: { gatewayRefundId: refund.id, amount: row.amount } });
}

/** Asks the gateway for a CREATED refund and stores its id and state. Errors are kept on the row for a later try. */
export async function sendRefund(ctx: AppContext, refundId: string): Promise<void> {
  const row = await findRefund(ctx.db, refundId);
  if (!row || row.status !== 'CREATED') return;
  let refund: GatewayRefund;
  try {
    refund = await gatewayFor(ctx).refund(row.payment_id, toPaise(row.amount), attemptNotes(row));
  } catch (error) {
    await noteRefundError(ctx.db, refundId, error instanceof Error ? error.message : String(error));
    return;
  }
  await ctx.db.transaction().execute((trx) => applyGatewayRefund(ctx, trx, refundId, refund));
}

/** A refund.processed / refund.failed webhook (already verified and claimed once by the caller). */
export async function applyRefundEvent(ctx: AppContext, trx: Executor, refund: GatewayRefund): Promise<boolean> {
  const row = (await findRefundByGatewayId(trx, refund.id)) ?? (refund.notes.shop_refund_id ? await findRefund(trx, refund.notes.shop_refund_id) : undefined);
  if (!row) return false;
  // Word about an earlier ask of a retried refund (late, or resent) is acknowledged and changes nothing.
  if (isLiveAttempt(row, refund)) await applyGatewayRefund(ctx, trx, row.id, refund);
  return true;
}

/**
 * An admin retries a FAILED refund of the order at its address: the same row, asked again, if the amount still
 * fits what is left. A refund of another order is not found there.
 */
export async function retryRefund(ctx: AppContext, actorUserId: number, orderid: string, refundId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { refund: row } = await refundOfOrder(trx, orderid, refundId);
    if (!(await reopenFailedRefund(trx, refundId))) throw new HttpError(409, 'CONFLICT', 'Only a failed refund can be retried; this one is not failed.');
    await writeAudit(trx, { actorUserId, action: 'order.refund.retry', target: refundId, details: { amount: row.amount } });
    // A payment that paid nothing is given back whole again: nothing of the order's is reserved or credited.
    if (row.stray_payment) return;
    if (!(await reserveRefund(trx, row.order_id, row.amount))) {
      throw new HttpError(409, 'REFUND_TOO_LARGE', 'That is more than is left to refund on this order. Reload the order to see what was refunded already.');
    }
    // Counted again now that it is live: its bottles may have been refunded by another refund after it failed.
    if ((await linesWithRefunded(trx, row.order_id)).some((line) => line.refunded > line.item_qty)) {
      throw new HttpError(409, 'REFUND_TOO_LARGE', 'Bottles of this refund were refunded again after it failed, so it cannot be retried. Reload the order and refund what is left.');
    }
    await reissuedCreditNote(trx, row);
  });
  await sendRefund(ctx, refundId);
}

/**
 * Finishes refunds: a row left CREATED (the process died between writing it and asking the gateway, or the
 * gateway was down) is looked up by its id in the gateway's notes first, so a refund the gateway already made is
 * stored, never made twice; a refund still pending after 10 minutes is asked about again.
 */
export async function reconcileRefunds(ctx: AppContext, now = new Date()): Promise<{ completed: number; sent: number; checked: number }> {
  const rows = await refundsToReconcile(ctx.db, {
    createdBefore: new Date(now.getTime() - REFUND_CREATED_GRACE_MS).toISOString(),
    pendingBefore: new Date(now.getTime() - REFUND_PENDING_RECHECK_MS).toISOString(),
  });
  const result = { completed: 0, sent: 0, checked: 0 };
  const gateway = gatewayFor(ctx);
  for (const row of rows) {
    result.checked += 1;
    const known = liveAttemptOf(row, await gateway.fetchRefunds(row.payment_id));
    if (known) {
      await ctx.db.transaction().execute((trx) => applyGatewayRefund(ctx, trx, row.id, known));
      result.completed += 1;
    } else if (row.status === 'CREATED') {
      await sendRefund(ctx, row.id);
      result.sent += 1;
    }
  }
  return result;
}

/** The refund at the order's address; a refund of another order is not found there, as a missing one. */
export async function refundOfOrder(trx: Executor, orderid: string, refundId: string): Promise<{ refund: RefundRow; order: OrderRow }> {
  const refund = await findRefund(trx, refundId);
  const order = refund ? await findOrderRowById(trx, refund.order_id) : undefined;
  if (!refund || !order || order.orderid !== orderid) throw new HttpError(404, 'NOT_FOUND', 'This order has no such refund. Reload the order.');
  return { refund, order };
}

/**
 * Only a delivered order, or a parcel returned to us, paid online is refunded from here (cancelling refunds the
 * others).
 */
export async function refundableOrder(trx: Executor, orderid: string): Promise<OrderRow> {
  const row = await findOrderRow(trx, orderid);
  if (!row) throw new HttpError(404, 'NOT_FOUND', `There is no order ${orderid}. Check the order id and try again.`);
  if (!wasDelivered({ status: row.status, deliveredAt: row.delivered_at }) && row.status !== 'RETURNED') {
    throw new HttpError(409, 'CONFLICT', 'Only a delivered order, or one the courier returned to us, is refunded from here; cancel an order that is not delivered yet.');
  }
  if (row.paymentmode !== 'ONLINE' || row.payment_status !== 'PAID' || !row.paymentid) {
    throw new HttpError(409, 'NOT_REFUNDABLE', 'This order was not paid online, so there is no payment to refund. Settle cash refunds by hand.');
  }
  return row;
}

/** A refund of an amount of value: no bottles named, none back on the shelf. */
export async function recordRefundOfValue(
  ctx: AppContext,
  trx: Executor,
  order: OrderRow,
  asked: { amount: number; reason: string; actorUserId: number },
): Promise<{ refundId: string; restocked: boolean }> {
  return { refundId: await recordRefund(ctx, trx, order, asked), restocked: false };
}

/** After the commit: wake the mail worker, show restocked bottles, ask the gateway for the money back. */
export async function afterRefundCommit(ctx: AppContext, refund: { refundId: string; restocked: boolean }): Promise<void> {
  ctx.outbox.kick();
  if (refund.restocked) ctx.catalogue.invalidate();
  await sendRefund(ctx, refund.refundId);
}

/**
 * The order's refunds in the wire shape of DESIGN.md §7.6. The customer's copy never carries the gateway's refund id
 * or its error (the gateway's words to the shop); a failed refund stays in it with its status, as the contract lists
 * it, since the money is still owed. The admin's has both.
 */
export async function refundsView(ctx: AppContext, orderRowId: number, forAdmin = false) {
  const rows = await refundsOfOrder(ctx.db, orderRowId);
  return rows.map((r) => ({
    refundId: r.id,
    ...(forAdmin ? { gatewayRefundId: r.gateway_refund_id } : {}),
    amount: r.amount,
    // CREATED is ours alone (the gateway was not asked yet): to everyone else it is pending.
    status: r.status === 'CREATED' ? 'PENDING' : r.status,
    reason: r.reason,
    ...(forAdmin ? { error: r.error } : {}),
    createdAt: r.created_at,
    // It gave back a payment that paid nothing, so it is not part of what was refunded of the order.
    ...(r.stray_payment ? { strayPayment: true as const } : {}),
    // Paid back outside the gateway after it failed there (decision 088); absent otherwise.
    ...(r.settled_method && r.settled_at ? { settlement: settlementView(r, forAdmin) } : {}),
  }));
}

// The owner's note and a double payment are the shop's own business: the customer sees how and when it was paid.
function settlementView(r: RefundRow, forAdmin: boolean): RefundSettlementView {
  return {
    method: r.settled_method as SettlementMethod,
    reference: r.settled_reference,
    note: forAdmin ? r.settled_note : null,
    settledAt: r.settled_at ?? '',
    ...(forAdmin && r.gateway_also_paid_at ? { gatewayAlsoPaidAt: r.gateway_also_paid_at } : {}),
  };
}

/**
 * The caller's order (an admin: any order) with its refunds and credit notes, as the cancel and refund calls
 * answer; anyone else's order is a 404, as a missing one.
 */
export async function orderRefundsAnswer(ctx: AppContext, orderid: string, caller: OrderCaller) {
  const missing = `There is no order ${orderid} on your account. Check the order id and try again.`;
  const row = await findOwnedOrder(ctx.db, withOrderPrefix(orderid), caller, { missing });
  // With what was refunded, so the order reads "Refunded" or "Part refunded" wherever it is shown.
  const [order] = await withLinesForAdmin(ctx.db, [row]);
  if (!order) throw new HttpError(404, 'NOT_FOUND', missing);
  return { ...order, refunds: await refundsView(ctx, row.id, caller.roles.includes(ROLES.ADMIN)), creditNotes: await creditNotesOf(ctx.db, row.id) };
}
