import { orderNumber, withOrderPrefix } from '../../domain/display';
import { CANCELLED_AT_CONFIRMATION_REASON, NOT_CONFIRMED_REASON } from '../../domain/messages-and-confirmation';
import type { Order } from '../../domain/schemas/order';
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
import { addStock, markStockReturned, orderStockTakes } from '../stock/stock-repository';
import { confirmTokenMatches } from './cod-confirmation';
import { cancelWaitingOrder, listExpiredConfirmations, markConfirmed } from './cod-confirmation-repository';

export type ConfirmAnswerKind = 'CONFIRM' | 'CANCEL';

/** Who answers: the customer with the link's token or a WhatsApp button, or an admin (after a call). */
export type Answerer = { kind: 'link'; token: string } | { kind: 'whatsapp' } | { kind: 'admin'; user: AuthUser };

const missing = (orderid: string) => notFound(`There is no order ${orderid}. Check the link in your order mail.`);
const badLink = () =>
  forbidden('This confirmation link is not valid for that order. Open the link in your order mail again, or call us and we will confirm it for you.');
const expired = () =>
  new HttpError(410, 'CONFIRMATION_EXPIRED', 'The time to confirm this order has ended, so it is being cancelled. Please place the order again.');

/**
 * The customer's (or the owner's) answer to "confirm your cash on delivery order" (DESIGN.md §8.6), in one
 * transaction: check who answers; confirm, or cancel with the bottles and the coupon use back and the status mail;
 * audit. Answering again what was already answered answers the order as it is.
 */
export async function answerConfirmation(ctx: AppContext, orderidInput: string, answer: ConfirmAnswerKind, who: Answerer): Promise<Order> {
  const orderid = withOrderPrefix(orderidInput);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await findOrderRow(trx, orderid);
    if (!row) throw missing(orderid);
    checkAnswerer(ctx, row, who);
    if (alreadyAnswered(row, answer)) return { stock: false };
    if (row.confirmation !== 'PENDING' || row.status === 'CANCELLED') throw notWaiting(row);
    if (who.kind !== 'admin' && row.confirm_by && row.confirm_by <= new Date().toISOString()) throw expired();
    const actor = who.kind === 'admin' ? who.user.id : null;
    if (answer === 'CONFIRM') {
      if (!(await markConfirmed(trx, row.id))) throw changedMeanwhile();
      await writeAudit(trx, { actorUserId: actor, action: 'order.cod-confirm', target: orderid, details: { answer, by: who.kind } });
      return { stock: false };
    }
    const by = who.kind === 'admin' ? 'ADMIN' : 'CUSTOMER';
    const stock = await cancelAndGiveBack(ctx, trx, row, { reason: CANCELLED_AT_CONFIRMATION_REASON, by, result: 'CANCELLED' });
    if (stock === null) throw changedMeanwhile();
    await writeAudit(trx, { actorUserId: actor, action: 'order.cod-confirm', target: orderid, details: { answer, by: who.kind } });
    return { stock };
  });
  afterCommit(ctx, outcome.stock);
  const order = await findOrderByOrderId(ctx.db, orderid);
  if (!order) throw missing(orderid);
  return order;
}

function checkAnswerer(ctx: AppContext, row: OrderRow, who: Answerer): void {
  if (who.kind !== 'link') return;
  if (!row.confirm_by || !confirmTokenMatches(ctx.config.JWT_SECRET, row.orderid, row.confirm_by, who.token)) throw badLink();
}

/** The same answer a second time (a double tap, a retried request): nothing to do. */
function alreadyAnswered(row: OrderRow, answer: ConfirmAnswerKind): boolean {
  if (answer === 'CONFIRM') return row.confirmation === 'CONFIRMED';
  return row.status === 'CANCELLED' && row.confirmation_result === 'CANCELLED';
}

function notWaiting(row: OrderRow): HttpError {
  if (row.status === 'CANCELLED') return conflict('This order was cancelled, so it cannot be confirmed. Please place the order again.');
  if (row.confirmation === 'CONFIRMED') return conflict('This order is already confirmed and being packed. To cancel it, use Cancel order in Your Orders.');
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
  await releaseCouponUse(trx, row.id);
  let stock = false;
  if (await markStockReturned(trx, row.id)) stock = (await addStock(trx, await orderStockTakes(trx, row.id))).length > 0;
  const order = await findOrderByOrderId(trx, row.orderid);
  if (order) await queueStatusMails(trx, order, ctx.config.SHOP_EMAIL);
  return stock;
}

function afterCommit(ctx: AppContext, stockBack: boolean): void {
  ctx.outbox.kick();
  kickMessages(ctx);
  if (stockBack) ctx.catalogue.invalidate();
}

export const EXPIRY_BATCH = 100;

/**
 * Cancels COD orders whose customer did not confirm in time, "Not confirmed", each in its own transaction:
 * bottles and the coupon use back, the status mail. An answer that lands first wins (the cancel is conditional).
 * Answers how many were cancelled.
 */
export async function expireUnconfirmedOrders(ctx: AppContext, now = new Date(), limit = EXPIRY_BATCH): Promise<number> {
  const due = await listExpiredConfirmations(ctx.db, now.toISOString(), limit);
  let cancelled = 0;
  let stockBack = false;
  for (const orderid of due) {
    const stock = await ctx.db.transaction().execute(async (trx) => {
      const row = await findOrderRow(trx, orderid);
      if (!row || row.confirmation !== 'PENDING' || row.status === 'CANCELLED') return null;
      const back = await cancelAndGiveBack(ctx, trx, row, { reason: NOT_CONFIRMED_REASON, by: 'SHOP', result: 'EXPIRED' });
      if (back !== null) await writeAudit(trx, { actorUserId: null, action: 'order.cod-expire', target: orderid, details: { confirmBy: row.confirm_by } });
      return back;
    });
    if (stock === null) continue;
    cancelled += 1;
    stockBack ||= stock;
  }
  if (cancelled > 0) afterCommit(ctx, stockBack);
  return cancelled;
}

/** What the confirmation page shows before the customer answers (the link's token is the key). */
export async function confirmationPreview(ctx: AppContext, orderidInput: string, token: string) {
  const orderid = withOrderPrefix(orderidInput);
  const row = await findOrderRow(ctx.db, orderid);
  if (!row) throw missing(orderid);
  checkAnswerer(ctx, row, { kind: 'link', token });
  const order = await findOrderByOrderId(ctx.db, orderid);
  if (!order) throw missing(orderid);
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
