import { formatRupees, orderNumber } from '../../domain/display';
import { writeAudit } from '../audit/audit-log';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { reclaimReleasedCouponUse } from '../coupons/coupon-service';
import { queueStatusMails } from '../email-templates/status-mail-service';
import { enqueueMail } from '../mail/outbox';
import { findOrderByOrderId, findOrderRow, findOrderRowById } from '../orders/order-repository';
import { returnOrderBottles } from '../stock/stock-holds';
import { cancelPaidOrderForShop } from './order-write-repository';
import { insertRefund } from './refund-repository';
import { recordRefund, REFUND_MAIL_KIND } from './refund-service';

/** Why the shop cancelled a paid order whose single-use code was taken by another order while the payment was late. */
export const COUPON_GONE_REASON = 'The coupon on this order was used by another order while the payment was late';

/**
 * Money arrived for an order that was cancelled meanwhile: in the settling transaction, the whole of it is recorded
 * as a refund (sent to the gateway after the commit). The order stays cancelled, with no invoice.
 */
export async function refundPaymentOfCancelledOrder(ctx: AppContext, trx: Executor, orderid: string, reason = 'Paid after the order was cancelled'): Promise<void> {
  const row = await findOrderRow(trx, orderid);
  if (!row) return;
  const left = row.total_amount - row.refunded_amount;
  if (left <= 0) return;
  await recordRefund(ctx, trx, row, { amount: left, reason, actorUserId: null });
}

/**
 * A late payment for an order whose unpaid hold ended and gave its code's use back. The use is taken again; when
 * another order took the last use meanwhile, the discount cannot be honoured twice and the shop cannot charge more,
 * so the order is cancelled and the whole payment refunded (docs/decisions/069). Answers whether it was cancelled.
 */
export async function reclaimCouponOrRefund(ctx: AppContext, trx: Executor, order: { id: number; orderid: string }): Promise<boolean> {
  if ((await reclaimReleasedCouponUse(trx, order.id)) !== 'taken') return false;
  await cancelPaidOrderForShop(trx, order.id, COUPON_GONE_REASON);
  // Bottles still held (the stock job had not run yet) go back; those already back stay there.
  await returnOrderBottles(trx, order.id);
  const view = await findOrderByOrderId(trx, order.orderid);
  if (view) await queueStatusMails(trx, view, ctx.config.SHOP_EMAIL, { shopNote: `Cancelled by the shop. Reason: ${COUPON_GONE_REASON}; the payment is refunded in full.`, publicUrl: ctx.config.PUBLIC_URL });
  await refundPaymentOfCancelledOrder(ctx, trx, order.orderid, COUPON_GONE_REASON);
  return true;
}

/** The one refund of a payment that paid nothing has this id, so every path that reports the payment finds it. */
export const strayRefundId = (paymentId: string) => `refund_of_${paymentId}`;

/**
 * A captured payment that paid nothing: its order was switched to cash on delivery while the payment was on its way,
 * or another payment had paid it already. The shop keeps no money for nothing, so it is given back whole, as a refund
 * of that payment: not part of what was refunded of the order, and with no credit note, since nothing billed is
 * reversed. Once per payment however many paths report it. Answers whether it was queued now.
 */
export async function refundStrayPayment(ctx: AppContext, trx: Executor, orderRowId: number, payment: { id: string; paise: number }): Promise<boolean> {
  const order = await findOrderRowById(trx, orderRowId);
  // Money here is whole rupees (a gateway order is made for whole rupees); any other capture is the owner's to look at.
  if (!order || payment.paise <= 0 || payment.paise % 100 !== 0) return false;
  const cod = order.paymentmode !== 'ONLINE';
  if (!cod && !(order.payment_status === 'PAID' && order.paymentid !== payment.id)) return false;
  const amount = payment.paise / 100;
  const reason = cod ? 'Paid online after the order was changed to cash on delivery' : 'A second payment of an order already paid';
  const id = strayRefundId(payment.id);
  if (!(await insertRefund(trx, { id, orderRowId, paymentId: payment.id, amount, reason, actorUserId: null, strayPayment: true }))) return false;
  await writeAudit(trx, { actorUserId: null, action: 'payment.stray.refund', target: order.orderid, details: { refundId: id, paymentId: payment.id, amount } });
  const why = cod ? 'which you are paying for in cash on delivery' : 'which an earlier payment had already paid';
  await enqueueMail(trx, {
    kind: REFUND_MAIL_KIND,
    to: order.emailaddress,
    subject: `Refund of ${formatRupees(amount)}: an extra payment for order ${orderNumber(order.id)}`,
    text:
      `Namaste ${order.username},\n\nWe received an online payment of ${formatRupees(amount)} (${payment.id}) for your order ${orderNumber(order.id)}, ${why}. ` +
      `We have started refunding that payment in full to the card or account it came from; banks take 5-7 working days to show it. Your order itself is unchanged.\n\nThe Ghee Shop family`,
  });
  return true;
}
