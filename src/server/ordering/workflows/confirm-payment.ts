import type { ConfirmPaymentInput, Order, VerifyPaymentInput } from '../../../domain/schemas/order';
import type { AuthUser } from '../../auth/guards';
import type { AppContext } from '../../context';
import { findOrderRow } from '../../orders/order-repository';
import {
  auditVerification,
  callersOnlineOrder,
  capturedForOrder,
  checkSignatureAndAmount,
  confirmedOrder,
  settleOnce,
  settleVerified,
} from '../confirm-payment-steps';

/**
 * Confirm a payment (PUT /api/checkout/updateorder): the browser's word that the dialog succeeded, trusted only
 * when the gateway's signature and captured amount agree; the order is marked paid once, invoiced and its placed
 * mail queued. Webhooks and reconciliation settle the same way (webhook-service.ts, reconciliation.ts).
 */
export async function confirmPayment(ctx: AppContext, user: AuthUser, input: ConfirmPaymentInput): Promise<Order> {
  const order = await callersOnlineOrder(ctx, user, input.orderid);
  const amount = await checkSignatureAndAmount(ctx, order, input);
  await settleOnce(ctx, order, input.paymentid, amount);
  return confirmedOrder(ctx, order.orderid);
}

/**
 * An admin's payment check (POST /api/checkout/verifypayment): true when the gateway says this payment was
 * captured for this order; a verified payment also settles an order still waiting for it. Audited either way.
 */
export async function verifyPayment(ctx: AppContext, admin: AuthUser, input: VerifyPaymentInput): Promise<boolean> {
  const order = await findOrderRow(ctx.db, input.orderid);
  const payment = order ? await capturedForOrder(ctx, input.paymentid, order) : null;
  const verified = order && payment ? await settleVerified(ctx, order, payment) : false;
  await auditVerification(ctx, admin, input, verified);
  return verified;
}
