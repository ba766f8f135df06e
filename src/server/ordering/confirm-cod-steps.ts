// The steps of confirming a COD order (workflows/confirm-cod-order.ts): the customer's or owner's answer, and the
// expiry of the unanswered; each in the answer's transaction but the last.
import { orderNumber, withOrderPrefix } from '../../domain/display';
import { CANCELLED_AT_CONFIRMATION_REASON, NOT_CONFIRMED_REASON } from '../../domain/messages-and-confirmation';
import type { Order } from '../../domain/schemas/order';
import { isCustomerCancellable } from '../../domain/refunds';
import { writeAudit } from '../audit/audit-log';
import type { AuthUser } from '../auth/guards';
import type { AppContext } from '../context';
import { releaseCouponUse } from '../coupons/coupon-repository';
import type { Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { queueStatusMails } from '../email-templates/status-mail-service';
import { conflict, forbidden, HttpError, notFound } from '../http/errors';
import { kickMessages } from '../messages/index';
import { findOrderByOrderId, findOrderRow } from '../orders/order-repository';
import { findOwnedOrder } from '../orders/owned-order';
import { returnOrderBottles } from '../stock/stock-holds';
import { confirmTokenMatches } from './cod-confirmation';
import { cancelWaitingOrder, markConfirmed } from './cod-confirmation-repository';

export type ConfirmAnswerKind = 'CONFIRM' | 'CANCEL';

/**
 * Who answers: the customer with the link's token, a WhatsApp button, or signed in (Your Orders), or an admin (after
 * a call). The kind is what the audit row records as `by`.
 */
export type Answerer = { kind: 'link'; token: string } | { kind: 'whatsapp' } | { kind: 'customer'; user: AuthUser } | { kind: 'admin'; user: AuthUser };

// The link's order id is the gateway's kind (order_…), which customers never see elsewhere: the message does not repeat it.
const missing = () => notFound('This link does not lead to an order. Check the link in your order mail, or find the order under Your Orders.');
const badLink = () =>
  forbidden('This confirmation link is not valid for that order. Open the link in your order mail again, or call us and we will confirm it for you.');
// The same words for a missing order and another customer's, so an order id tells a stranger nothing.
const NOT_ON_YOUR_ACCOUNT = 'There is no such order on your account. Open Your Orders and try again.';
const expired = () =>
  new HttpError(410, 'CONFIRMATION_EXPIRED', 'The time to confirm this order has ended, so it is being cancelled. Please place the order again.');

/**
 * The order answered about, after checking who answers: a link's token must be the order's, and a signed-in
 * customer's the order (another customer's is a 404, as everywhere else).
 */
export async function orderToAnswer(ctx: AppContext, trx: Executor, orderid: string, who: Answerer): Promise<OrderRow> {
  if (who.kind === 'customer') return findOwnedOrder(trx, orderid, who.user, { missing: NOT_ON_YOUR_ACCOUNT, ownerOnly: true });
  const row = await findOrderRow(trx, orderid);
  if (!row) throw missing();
  checkAnswerer(ctx, row, who);
  return row;
}

/** Only an order that still waits is answered; a customer's answer after the time ran out is 410. */
export function refuseUnlessWaiting(row: OrderRow, who: Answerer): void {
  if (row.confirmation !== 'PENDING' || row.status === 'CANCELLED') throw notWaiting(row);
  if (who.kind !== 'admin' && row.confirm_by && row.confirm_by <= new Date().toISOString()) throw expired();
}

/** Confirms the waiting order, as its customer's answer or the owner's record of one; no bottles move. */
export async function confirmWaiting(trx: Executor, row: OrderRow, who: Answerer): Promise<boolean> {
  if (!(await markConfirmed(trx, row.id, who.kind === 'admin' ? 'SHOP' : 'CUSTOMER'))) throw changedMeanwhile();
  return false;
}

/** Cancels the waiting order at its customer's (or the owner's) word; answers whether bottles went back. */
export async function cancelWaiting(ctx: AppContext, trx: Executor, row: OrderRow, who: Answerer): Promise<boolean> {
  const by = who.kind === 'admin' ? 'ADMIN' : 'CUSTOMER';
  const stock = await cancelAndGiveBack(ctx, trx, row, { reason: CANCELLED_AT_CONFIRMATION_REASON, by, result: 'CANCELLED' });
  if (stock === null) throw changedMeanwhile();
  return stock;
}

export async function auditAnswer(trx: Executor, orderid: string, answer: ConfirmAnswerKind, who: Answerer): Promise<void> {
  const actor = who.kind === 'admin' || who.kind === 'customer' ? who.user.id : null;
  await writeAudit(trx, { actorUserId: actor, action: 'order.cod-confirm', target: orderid, details: { answer, by: who.kind } });
}

export async function answeredOrder(ctx: AppContext, orderid: string): Promise<Order> {
  const order = await findOrderByOrderId(ctx.db, orderid);
  if (!order) throw missing();
  return order;
}

function checkAnswerer(ctx: AppContext, row: OrderRow, who: Answerer): void {
  if (who.kind !== 'link') return;
  if (!row.confirm_by || !confirmTokenMatches(ctx.config.JWT_SECRET, row.orderid, row.confirm_by, who.token)) throw badLink();
}

/**
 * The same answer a second time (a double tap, a retried request), or a cancel of an order already cancelled some
 * other way (by the owner, or when its time ran out): nothing to do, and the order is answered as it is.
 */
export function alreadyAnswered(row: OrderRow, answer: ConfirmAnswerKind): boolean {
  if (answer === 'CONFIRM') return row.confirmation === 'CONFIRMED';
  return row.status === 'CANCELLED';
}

function notWaiting(row: OrderRow): HttpError {
  if (row.status === 'CANCELLED') return conflict('This order was cancelled, so it cannot be confirmed. Please place the order again.');
  if (row.confirmation === 'CONFIRMED' && isCustomerCancellable({ status: row.status, deliveredAt: row.delivered_at })) {
    return conflict('This order is already confirmed and being packed. To cancel it, use Cancel order in Your Orders.');
  }
  // Packed and handed to the courier, or delivered: Your Orders offers no Cancel any more (cancel-steps.ts says the same).
  if (row.confirmation === 'CONFIRMED') return conflict('This order is already confirmed and on its way, so it can no longer be cancelled here. Please call us and we will help.');
  return conflict('This order does not need confirming.');
}

const changedMeanwhile = () => conflict('The order changed while you were answering. Reload it and try again.');

/**
 * The cancelling steps of an order that waited for confirmation: the status (only while it still waits), its
 * coupon use and bottles back (once), the status mail. Answers whether bottles went back, or null when the
 * order no longer waited.
 */
async function cancelAndGiveBack(
  ctx: AppContext,
  trx: Executor,
  row: OrderRow,
  cancel: Parameters<typeof cancelWaitingOrder>[2],
): Promise<boolean | null> {
  if (!(await cancelWaitingOrder(trx, row, cancel))) return null;
  // Bottles, then the code: the order a new order takes them in (cancel-steps.ts, giveBackCouponAndBottles).
  const stock = await returnOrderBottles(trx, row.id);
  await releaseCouponUse(trx, row.id);
  const order = await findOrderByOrderId(trx, row.orderid);
  if (order) await queueStatusMails(trx, order, ctx.config.SHOP_EMAIL, { publicUrl: ctx.config.PUBLIC_URL });
  return stock;
}

/** After the commit: the mail and WhatsApp workers wake, and bottles back are shown again. */
export function afterCommit(ctx: AppContext, stockBack: boolean): void {
  ctx.outbox.kick();
  kickMessages(ctx);
  if (stockBack) ctx.catalogue.invalidate();
}

/**
 * Cancels one order whose customer did not confirm in time, "Not confirmed", in its own transaction: bottles and the
 * coupon use back, the status mail, audit. An answer that lands first wins (the cancel is conditional): null.
 */
export async function expireOne(ctx: AppContext, orderid: string): Promise<boolean | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findOrderRow(trx, orderid);
    if (!row || row.confirmation !== 'PENDING' || row.status === 'CANCELLED') return null;
    const back = await cancelAndGiveBack(ctx, trx, row, { reason: NOT_CONFIRMED_REASON, by: 'SHOP', result: 'EXPIRED' });
    if (back !== null) await writeAudit(trx, { actorUserId: null, action: 'order.cod-expire', target: orderid, details: { confirmBy: row.confirm_by } });
    return back;
  });
}

/** What the confirmation page shows before the customer answers (the link's token is the key). */
export async function confirmationPreview(ctx: AppContext, orderidInput: string, token: string) {
  const orderid = withOrderPrefix(orderidInput);
  const row = await findOrderRow(ctx.db, orderid);
  if (!row) throw missing();
  checkAnswerer(ctx, row, { kind: 'link', token });
  const order = await findOrderByOrderId(ctx.db, orderid);
  if (!order) throw missing();
  const open = row.confirmation === 'PENDING' && row.status !== 'CANCELLED' && !!row.confirm_by && row.confirm_by > new Date().toISOString();
  return {
    orderid: order.orderid,
    orderNumber: orderNumber(order.id),
    status: order.status,
    confirmation: order.confirmation ?? null,
    cancelReason: row.cancel_reason,
    totalAmount: order.totalAmount,
    items: order.items,
    confirmBy: row.confirm_by,
    open,
  };
}
