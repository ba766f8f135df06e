import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { reclaimCouponUseAfterLatePayment } from '../coupons/coupon-service';
import { queueStatusMails } from '../email-templates/status-mail-service';
import { findOrderByOrderId, findOrderRow } from '../orders/order-repository';
import { returnOrderBottles } from '../stock/stock-holds';
import { cancelPaidOrderForShop } from './order-write-repository';
import { recordRefund } from './refund-service';

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
  if ((await reclaimCouponUseAfterLatePayment(trx, order.id)) !== 'taken') return false;
  await cancelPaidOrderForShop(trx, order.id, COUPON_GONE_REASON);
  // Bottles still held (the stock job had not run yet) go back; those already back stay there.
  await returnOrderBottles(trx, order.id);
  const view = await findOrderByOrderId(trx, order.orderid);
  if (view) await queueStatusMails(trx, view, ctx.config.SHOP_EMAIL, { shopNote: `Cancelled by the shop. Reason: ${COUPON_GONE_REASON}; the payment is refunded in full.` });
  await refundPaymentOfCancelledOrder(ctx, trx, order.orderid, COUPON_GONE_REASON);
  return true;
}
