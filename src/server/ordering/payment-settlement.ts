import { toPaise } from '../../domain/pricing';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { issueInvoiceIfDue } from '../invoicing/invoice-service';
import { findOrderByOrderId } from '../orders/order-repository';
import { markOrderPaid, markOrderPaymentFailed } from './order-write-repository';
import { findPayment, recordPayment, type PaymentSource } from '../payments/payment-repository';
import { retakeStockAfterLatePayment } from '../stock/stock-holds';
import { queueOrderPlacedMails } from './order-placed-mail';
import { kickMessages, queueOrderMessage } from '../messages/index';
import { reclaimCouponOrRefund, refundPaymentOfCancelledOrder, refundStrayPayment } from './late-payment';
import { createdRefundIds } from './refund-repository';
import { sendRefund } from './refund-service';

/**
 * 'refunded': the money arrived for an order cancelled meanwhile, or for one whose single-use code was taken while
 * the payment was late (then cancelled now); the payment was recorded and a full refund queued. Also a payment that
 * paid nothing (the order is cash on delivery now, or another payment paid it): that payment alone is given back.
 */
export type SettleOutcome = 'paid' | 'already-paid' | 'amount-mismatch' | 'refunded';

export interface CapturedPayment {
  order: Pick<OrderRow, 'id' | 'orderid' | 'gateway_order_id' | 'total_amount'>;
  paymentId: string;
  /** Paise, when the source tells us (webhook, gateway lookup); a verified signature does not. */
  amount?: number;
  source: PaymentSource;
}

/**
 * The one place an online order becomes paid, whatever told us (browser confirmation, webhook,
 * reconciliation, admin check). Run it inside a transaction: the winner of the conditional update
 * records the payment and queues the order-placed mail in that same transaction; everyone else only
 * records the payment.
 */
export async function settleCapturedPayment(
  ctx: AppContext,
  trx: Executor,
  payment: CapturedPayment,
): Promise<SettleOutcome> {
  const { order } = payment;
  const expected = toPaise(order.total_amount);
  // A signature alone carries no amount: then the amount any other path already recorded for this payment (a
  // signed webhook, reconciliation) decides. A payment of another amount never pays, whichever path comes first.
  const amount = payment.amount ?? (await findPayment(trx, payment.paymentId))?.amount;
  const amountMatches = amount === undefined || amount === expected;
  const won = amountMatches ? await markOrderPaid(trx, order.id, payment.paymentId) : null;
  await recordPayment(trx, {
    orderRowId: order.id,
    gatewayPaymentId: payment.paymentId,
    gatewayOrderId: order.gateway_order_id ?? '',
    status: 'captured',
    amount: amount ?? expected,
    source: payment.source,
  });
  // Checked before the amount: an order switched to cash on delivery carries its fee, so the payment it no longer
  // needs never matches its total. Without a known amount there is nothing safe to give back yet (the webhook has it).
  if (!won && amount !== undefined && (await refundStrayPayment(ctx, trx, order.id, { id: payment.paymentId, paise: amount }))) return 'refunded';
  if (!amountMatches) return 'amount-mismatch';
  if (!won) return 'already-paid';
  // The customer (or the shop) cancelled while the payment was on its way: the money goes back in full, the order
  // stays cancelled with no invoice, no bottles taken back off the shelf and no order-placed mail.
  if (won === 'CANCELLED') {
    await refundPaymentOfCancelledOrder(ctx, trx, order.orderid);
    return 'refunded';
  }
  if (await reclaimCouponOrRefund(ctx, trx, order)) return 'refunded';
  // DESIGN.md §7.2: an online order is invoiced when paid (or when set READY, whichever is first).
  await issueInvoiceIfDue(trx, order.id);
  await retakeStockAfterLatePayment(trx, order.id, ctx.config.SHOP_EMAIL);
  const view = await findOrderByOrderId(trx, order.orderid);
  if (view) {
    await queueOrderPlacedMails(trx, view, ctx.config.SHOP_EMAIL, { publicUrl: ctx.config.PUBLIC_URL, secret: ctx.config.JWT_SECRET });
    // The worker's claim waits for this transaction's commit (or finds the row on its next poll).
    if (await queueOrderMessage(trx, view, 'PLACED')) kickMessages(ctx);
  }
  return 'paid';
}

/**
 * What every path that settled a payment does after its commit: the queued mail goes out, and a refund queued for
 * a cancelled order is asked of the gateway at once (reconciliation retries it if this fails).
 */
export async function afterSettlement(ctx: AppContext, orderRowId: number, outcome: SettleOutcome | string | undefined): Promise<void> {
  if (outcome === 'paid' || outcome === 'refunded') ctx.outbox.kick();
  if (outcome !== 'refunded') return;
  ctx.catalogue.invalidate();
  for (const refundId of await createdRefundIds(ctx.db, orderRowId)) await sendRefund(ctx, refundId);
}

/** A failed attempt: recorded, and the order shows FAILED unless it is already paid. */
export async function recordFailedPayment(
  trx: Executor,
  payment: { order: Pick<OrderRow, 'id' | 'gateway_order_id'>; paymentId: string; amount: number; errorDescription: string | null; source: PaymentSource },
): Promise<void> {
  await recordPayment(trx, {
    orderRowId: payment.order.id,
    gatewayPaymentId: payment.paymentId,
    gatewayOrderId: payment.order.gateway_order_id ?? '',
    status: 'failed',
    amount: payment.amount,
    errorDescription: payment.errorDescription,
    source: payment.source,
  });
  await markOrderPaymentFailed(trx, payment.order.id);
}
