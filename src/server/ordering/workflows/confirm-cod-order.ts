import { withOrderPrefix } from '../../../domain/display';
import type { Order } from '../../../domain/schemas/order';
import type { AppContext } from '../../context';
import { listExpiredConfirmations } from '../cod-confirmation-repository';
import {
  afterCommit,
  alreadyAnswered,
  answeredOrder,
  auditAnswer,
  cancelWaiting,
  confirmWaiting,
  expireOne,
  orderToAnswer,
  refuseUnlessWaiting,
  type Answerer,
  type ConfirmAnswerKind,
} from '../confirm-cod-steps';

export const EXPIRY_BATCH = 100;

/**
 * Confirm a COD order (POST /api/order/:orderid/confirm, a WhatsApp button, DESIGN.md §8.6): the customer's (or the
 * owner's) answer to "confirm your cash on delivery order", in one transaction: check who answers; confirm, or
 * cancel with the bottles and the coupon use back and the status mail; audit. Answering again what was already
 * answered answers the order as it is.
 */
export async function answerConfirmation(ctx: AppContext, orderidInput: string, answer: ConfirmAnswerKind, who: Answerer): Promise<Order> {
  const orderid = withOrderPrefix(orderidInput);
  const stockBack = await ctx.db.transaction().execute(async (trx) => {
    const row = await orderToAnswer(ctx, trx, orderid, who);
    if (alreadyAnswered(row, answer)) return false;
    refuseUnlessWaiting(row, who);
    const stock = answer === 'CONFIRM' ? await confirmWaiting(trx, row, who) : await cancelWaiting(ctx, trx, row, who);
    await auditAnswer(trx, orderid, answer, who);
    return stock;
  });
  afterCommit(ctx, stockBack);
  return answeredOrder(ctx, orderid);
}

/**
 * The same workflow when no answer came in time (a job, with reconciliation): each overdue order cancelled "Not
 * confirmed" on its own, as a customer's cancel would. Answers how many were cancelled.
 */
export async function expireUnconfirmedOrders(ctx: AppContext, now = new Date(), limit = EXPIRY_BATCH): Promise<number> {
  const due = await listExpiredConfirmations(ctx.db, now.toISOString(), limit);
  let cancelled = 0;
  let stockBack = false;
  for (const orderid of due) {
    const stock = await expireOne(ctx, orderid);
    if (stock === null) continue;
    cancelled += 1;
    stockBack ||= stock;
  }
  if (cancelled > 0) afterCommit(ctx, stockBack);
  return cancelled;
}
