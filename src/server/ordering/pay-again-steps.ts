// The steps of paying again (workflows/pay-again.ts): the caller's own order, checked that it is still unpaid online.
import { displayOrderId, orderNumber } from '../../domain/display';
import type { Order } from '../../domain/schemas/order';
import type { AuthUser } from '../auth/guards';
import type { AppContext } from '../context';
import type { OrderRow } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { findOrderByOrderId } from '../orders/order-repository';
import { findOwnedOrder } from '../orders/owned-order';

const UNPAID = new Set(['PENDING', 'FAILED']);

const missing = (orderid: string) => `No order ${displayOrderId(orderid)} was found in your account.`;

/** The caller's own order; another customer's is "not found", as in confirmPayment: ids alone never reveal that an order exists. */
export async function callersOrder(ctx: AppContext, user: AuthUser, orderid: string): Promise<OrderRow> {
  return findOwnedOrder(ctx.db, orderid, user, { missing: missing(orderid), ownerOnly: true });
}

/** Only an online order that is not paid yet and still in preparation can be paid (409 saying why otherwise). */
export function refuseUnlessUnpaidOnline(row: OrderRow): void {
  const shortId = orderNumber(row.id);
  if (row.paymentmode !== 'ONLINE' || !row.gateway_order_id) {
    throw new HttpError(409, 'NOT_AN_ONLINE_ORDER', `Order ${shortId} is cash on delivery: you pay at the door, there is nothing to pay online.`);
  }
  if (!UNPAID.has(row.payment_status)) {
    throw new HttpError(409, 'ORDER_ALREADY_PAID', `Order ${shortId} is already paid; nothing more is due. Your Orders shows its progress.`);
  }
  if (row.status !== 'PREPARATION') {
    throw new HttpError(409, 'ORDER_CLOSED', `Order ${shortId} can no longer be paid. Please place a new order, or contact us if you need help.`);
  }
}

/** The order as the customer sees it, for the dialog's answer. */
export async function orderView(ctx: AppContext, orderid: string): Promise<Order> {
  const order = await findOrderByOrderId(ctx.db, orderid);
  if (!order) throw notFound(missing(orderid));
  return order;
}
