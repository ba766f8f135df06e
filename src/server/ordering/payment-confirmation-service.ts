import { displayOrderId, formatRupees, orderNumber } from '../../domain/display';
import type { ConfirmPaymentInput, Order, VerifyPaymentInput } from '../../domain/schemas/order';
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

/**
 * The browser's word that the dialog succeeded (PUT /api/checkout/updateorder). Trusted only when the
 * gateway's signature over this order's gateway id and the payment id verifies; a second confirmation
 * of a paid order is a harmless no-op.
 */
export async function confirmPayment(ctx: AppContext, user: AuthUser, input: ConfirmPaymentInput): Promise<Order> {
  // Another customer's order is "not found": ids alone never reveal that an order exists.
  const missing = `No order ${displayOrderId(input.orderid)} was found in your account.`;
  const order = await findOwnedOrder(ctx.db, input.orderid, user, { missing, ownerOnly: true });
  if (order.paymentmode !== 'ONLINE' || !order.gateway_order_id) {
    throw new HttpError(400, 'NOT_AN_ONLINE_ORDER', `Order ${orderNumber(order.id)} is cash on delivery; there is no online payment to confirm.`);
  }
  const gatewayOrderId = order.gateway_order_id;
  const signed = await gatewayFor(ctx).verifyPaymentSignature({
    orderId: gatewayOrderId,
    paymentId: input.paymentid,
    signature: input.paymentsignature,
  });
  if (!signed) throw notVerified(order.orderid);
  const known = await findPayment(ctx.db, input.paymentid);
  if (known && known.order_id !== order.id) throw notVerified(order.orderid);
  const amount = await capturedAmount(ctx, input.paymentid, gatewayOrderId);
  if (amount === false) throw notVerified(order.orderid);

  const outcome = await ctx.db.transaction().execute((trx) =>
    settleCapturedPayment(ctx, trx, { order, paymentId: input.paymentid, source: 'checkout', ...(amount === undefined ? {} : { amount }) }),
  );
  await afterSettlement(ctx, order.id, outcome);
  const view = await findOrderByOrderId(ctx.db, order.orderid);
  if (!view) throw notFound(`No order ${displayOrderId(input.orderid)} was found in your account.`);
  if (view.status === 'CANCELLED') throw paidAfterCancel(view, (await findOrderRow(ctx.db, order.orderid))?.cancel_reason ?? null);
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

/**
 * Admin payment check (POST /api/checkout/verifypayment): true when the gateway says this payment was
 * captured for this order. A verified payment also settles an order still waiting for it and is recorded.
 */
export async function verifyPayment(ctx: AppContext, admin: AuthUser, input: VerifyPaymentInput): Promise<boolean> {
  const order = await findOrderRow(ctx.db, input.orderid);
  let verified = false;
  if (order?.gateway_order_id) {
    const payment = await lookUpPayment(ctx, input.paymentid, order.id);
    if (payment && payment.status === 'captured' && payment.orderId === order.gateway_order_id) {
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const settled = await settleCapturedPayment(ctx, trx, {
          order,
          paymentId: payment.id,
          amount: payment.amount,
          source: 'admin-verify',
        });
        // A capture of another amount is not this order's payment, whatever the ids say.
        if (settled !== 'amount-mismatch') await markOrderVerified(trx, order.id);
        return settled;
      });
      verified = outcome !== 'amount-mismatch';
      await afterSettlement(ctx, order.id, outcome);
    }
  }
  await writeAudit(ctx.db, {
    actorUserId: admin.id,
    action: 'payment.verify',
    target: input.orderid,
    details: { paymentid: input.paymentid, verified },
  });
  return verified;
}
