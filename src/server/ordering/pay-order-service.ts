import { displayOrderId, orderNumber } from '../../domain/display';
import type { PayOrderInput } from '../../domain/schemas/order';
import type { AuthUser } from '../auth/guards';
import type { AppContext } from '../context';
import { HttpError, notFound } from '../http/errors';
import { findOrderByOrderId } from '../orders/order-repository';
import { findOwnedOrder } from '../orders/owned-order';
import { gatewayFor } from '../payments/gateway-registry';
import { onlineAnswer, type OnlineOrderAnswer } from './place-order-service';

const UNPAID = new Set(['PENDING', 'FAILED']);

/**
 * POST /api/checkout/payorder: the gateway order of the caller's own unpaid online order, so Pay now and
 * Try again open the dialog for that same order (Razorpay accepts new attempts on an order until one is
 * captured). Nothing is created: the amount is the one the order was placed for.
 */
export async function payExistingOrder(ctx: AppContext, user: AuthUser, input: PayOrderInput): Promise<OnlineOrderAnswer> {
  // Another customer's order is "not found", as in confirmPayment: ids alone never reveal that an order exists.
  const row = await findOwnedOrder(ctx.db, input.orderid, user, { missing: `No order ${displayOrderId(input.orderid)} was found in your account.`, ownerOnly: true });
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
  const order = await findOrderByOrderId(ctx.db, row.orderid);
  if (!order) throw notFound(`No order ${shortId} was found in your account.`);
  return onlineAnswer(order, gatewayFor(ctx).keyId);
}
