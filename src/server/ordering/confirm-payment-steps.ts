// The steps of confirming a payment (workflows/confirm-payment.ts): the browser's word checked against the gateway's
// signature and captured amount, or an admin's check; then settled once (payment-settlement.ts).
import { displayOrderId, formatRupees, orderNumber } from '../../domain/display';
import type { ConfirmPaymentInput, Order, VerifyPaymentInput } from '../../domain/schemas/order';
import type { OrderRow } from '../db/schema';
import { writeAudit } from '../audit/audit-log';
import type { AuthUser } from '../auth/guards';
import type { AppContext } from '../context';
import { HttpError, notFound } from '../http/errors';
import { findOrderByOrderId, findOrderRow } from '../orders/order-repository';
import { findOwnedOrder } from '../orders/owned-order';
import { markOrderVerified } from './order-write-repository';
import { GatewayUnavailableError, type GatewayPayment } from '../payments/gateway';
import { gatewayFor } from '../payments/gateway-registry';
import { findPayment } from '../payments/payment-repository';
import { COUPON_GONE_REASON } from './late-payment';
import { afterSettlement, settleCapturedPayment } from './payment-settlement';

const notVerified = (orderid: string) =>
  new HttpError(
    400,
    'PAYMENT_NOT_VERIFIED',
    `We could not verify this payment for order ${displayOrderId(orderid)}, so the order was not changed. ` +
      'If money left your account, contact us with your payment id and we will check it with the bank.',
  );

/** The dialog took the money, but the order had been cancelled: the answer says it is refunded, not "paid". */
function paidAfterCancel(order: Order, reason: string | null): HttpError {
  const refunded = order.paymentstatus === 'PAID' ? ` We have started a refund of ${formatRupees(order.totalAmount)} to the card or account you paid with; banks take 5-7 working days to show it.` : '';
  const what =
    reason === COUPON_GONE_REASON
      ? `The coupon on order ${orderNumber(order.id)} was used by another order while your payment was on its way, so we cancelled the order.`
      : `Order ${orderNumber(order.id)} was cancelled before your payment reached us, so it will not be sent.`;
  return new HttpError(409, 'ORDER_CANCELLED', `${what}${refunded} Place a new order if you still want it.`);
}

const missingFor = (orderid: string) => `No order ${displayOrderId(orderid)} was found in your account.`;

/** The caller's own online order; another customer's is "not found": ids alone never reveal that an order exists. */
export async function callersOnlineOrder(ctx: AppContext, user: AuthUser, orderid: string): Promise<OrderRow & { gateway_order_id: string }> {
  const order = await findOwnedOrder(ctx.db, orderid, user, { missing: missingFor(orderid), ownerOnly: true });
  if (order.paymentmode !== 'ONLINE' || !order.gateway_order_id) {
    throw new HttpError(400, 'NOT_AN_ONLINE_ORDER', `Order ${orderNumber(order.id)} is cash on delivery; there is no online payment to confirm.`);
  }
  return { ...order, gateway_order_id: order.gateway_order_id };
}

/**
 * Trusts the browser's word only when the gateway's signature over this order's gateway id and the payment id
 * verifies, the payment is not another order's, and the gateway does not name another order for it. Answers the
 * captured amount in paise when the gateway tells it (undefined when it cannot be asked).
 */
export async function checkSignatureAndAmount(
  ctx: AppContext,
  order: OrderRow & { gateway_order_id: string },
  input: ConfirmPaymentInput,
): Promise<number | undefined> {
  const signed = await gatewayFor(ctx).verifyPaymentSignature({
    orderId: order.gateway_order_id,
    paymentId: input.paymentid,
    signature: input.paymentsignature,
  });
  if (!signed) throw notVerified(order.orderid);
  const known = await findPayment(ctx.db, input.paymentid);
  if (known && known.order_id !== order.id) throw notVerified(order.orderid);
  const amount = await capturedAmount(ctx, input.paymentid, order.gateway_order_id);
  if (amount === false) throw notVerified(order.orderid);
  return amount;
}

/** Marks the order paid once (a second confirmation of a paid order is a harmless no-op), then what follows the commit. */
export async function settleOnce(ctx: AppContext, order: OrderRow, paymentId: string, amount: number | undefined): Promise<void> {
  const outcome = await ctx.db.transaction().execute((trx) =>
    settleCapturedPayment(ctx, trx, { order, paymentId, source: 'checkout', ...(amount === undefined ? {} : { amount }) }),
  );
  await afterSettlement(ctx, order.id, outcome);
}

/** The order as it now stands; one cancelled before the money came says it is refunded, not "paid". */
export async function confirmedOrder(ctx: AppContext, orderid: string): Promise<Order> {
  const view = await findOrderByOrderId(ctx.db, orderid);
  if (!view) throw notFound(missingFor(orderid));
  if (view.status === 'CANCELLED') throw paidAfterCancel(view, (await findOrderRow(ctx.db, orderid))?.cancel_reason ?? null);
  return view;
}

/**
 * What the gateway says this payment captured, in paise: false when it names another order; undefined when the
 * gateway cannot be reached or does not know it yet (the signature then stands alone, and a recorded amount, if
 * any, still decides in settlement).
 */
async function capturedAmount(ctx: AppContext, paymentId: string, gatewayOrderId: string): Promise<number | false | undefined> {
  let payment: GatewayPayment | null;
  try {
    payment = await gatewayFor(ctx).fetchPayment(paymentId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return undefined;
    throw error;
  }
  if (!payment) return undefined;
  if (payment.orderId !== gatewayOrderId) return false;
  return payment.status === 'captured' ? payment.amount : undefined;
}

/** The gateway's record of the payment, or our own verified record when the gateway cannot be reached. */
async function lookUpPayment(ctx: AppContext, paymentId: string, orderRowId: number): Promise<GatewayPayment | null> {
  try {
    return await gatewayFor(ctx).fetchPayment(paymentId);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    const local = await findPayment(ctx.db, paymentId);
    if (local && local.order_id === orderRowId) {
      return {
        id: local.gateway_payment_id,
        orderId: local.gateway_order_id,
        status: local.status as GatewayPayment['status'],
        amount: local.amount,
        errorDescription: local.error_description,
      };
    }
    throw new HttpError(503, 'GATEWAY_UNAVAILABLE', 'The payment gateway cannot be reached right now. Please try the check again in a few minutes.');
  }
}

/** The gateway's capture of this payment for this order, or null when it captured nothing for it. */
export async function capturedForOrder(ctx: AppContext, paymentId: string, order: OrderRow): Promise<GatewayPayment | null> {
  if (!order.gateway_order_id) return null;
  const payment = await lookUpPayment(ctx, paymentId, order.id);
  return payment && payment.status === 'captured' && payment.orderId === order.gateway_order_id ? payment : null;
}

/** Settles an order still waiting for the payment an admin verified; false when the captured amount is another. */
export async function settleVerified(ctx: AppContext, order: OrderRow, payment: GatewayPayment): Promise<boolean> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const settled = await settleCapturedPayment(ctx, trx, { order, paymentId: payment.id, amount: payment.amount, source: 'admin-verify' });
    // A capture of another amount is not this order's payment, whatever the ids say.
    if (settled !== 'amount-mismatch') await markOrderVerified(trx, order.id);
    return settled;
  });
  await afterSettlement(ctx, order.id, outcome);
  return outcome !== 'amount-mismatch';
}

export async function auditVerification(ctx: AppContext, admin: AuthUser, input: VerifyPaymentInput, verified: boolean): Promise<void> {
  await writeAudit(ctx.db, { actorUserId: admin.id, action: 'payment.verify', target: input.orderid, details: { paymentid: input.paymentid, verified } });
}
