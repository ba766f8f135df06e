import type { FastifyInstance } from 'fastify';
import { shopTimestamp } from '../../domain/display';
import type { AppContext } from '../context';
import { COUPON_HOLD_MS, releaseAbandonedCouponUses } from '../coupons/coupon-service';
import { scheduleJob } from '../jobs/schedule-job';
import { listSwitchedToCodOrders, listUnpaidOnlineOrders } from './order-write-repository';
import { gatewayFor } from '../payments/gateway-registry';
import { reconcileRefunds } from './refund-service';
import { expireUnconfirmedOrders } from './workflows/confirm-cod-order';
import { releaseExpiredHolds } from '../stock/stock-holds';
import { afterSettlement, recordFailedPayment, settleCapturedPayment } from './payment-settlement';

export const RECONCILE_MIN_AGE_MS = 2 * 60_000;
/** Older unpaid orders are abandoned checkouts; a late payment for them still arrives by webhook. */
export const RECONCILE_MAX_AGE_MS = 24 * 60 * 60_000;
export const RECONCILE_BATCH = 100;

export interface ReconcileResult {
  checked: number;
  paid: number;
  failed: number;
  errors: number;
  /** Unpaid online orders whose 30-minute hold ended and whose bottles went back. */
  holdsReleased?: number;
  /** Refunds finished (found at the gateway), sent (never reached it) and checked. */
  refunds?: { completed: number; sent: number; checked: number };
}

/**
 * Asks the gateway about online orders still unpaid 2 minutes after they were created, so a customer who
 * paid and closed the browser before the confirmation (and before any webhook) still gets the order.
 * Newest first: those are the ones most likely to have just been paid. Safe to run in many processes at
 * once, because settling is a conditional update.
 */
export async function reconcilePendingPayments(
  ctx: AppContext,
  options: { now?: Date; minAgeMs?: number; maxAgeMs?: number; limit?: number; log?: FastifyInstance['log'] } = {},
): Promise<ReconcileResult> {
  const now = (options.now ?? new Date()).getTime();
  const window = {
    createdAfter: shopTimestamp(new Date(now - (options.maxAgeMs ?? RECONCILE_MAX_AGE_MS))),
    createdBefore: shopTimestamp(new Date(now - (options.minAgeMs ?? RECONCILE_MIN_AGE_MS))),
    limit: options.limit ?? RECONCILE_BATCH,
  };
  // A checkout switched to cash on delivery may still be paid at the gateway; settling such a payment gives it back.
  const orders = [...(await listUnpaidOnlineOrders(ctx.db, window)), ...(await listSwitchedToCodOrders(ctx.db, window))];
  const gateway = gatewayFor(ctx);
  const result: ReconcileResult = { checked: 0, paid: 0, failed: 0, errors: 0 };
  for (const order of orders) {
    if (!order.gateway_order_id) continue;
    result.checked += 1;
    try {
      const payments = await gateway.fetchOrderPayments(order.gateway_order_id);
      const captured = payments.find((p) => p.status === 'captured');
      const failures = payments.filter((p) => p.status === 'failed');
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        if (captured) {
          return settleCapturedPayment(ctx, trx, { order, paymentId: captured.id, amount: captured.amount, source: 'reconcile' });
        }
        for (const f of failures) {
          await recordFailedPayment(trx, { order, paymentId: f.id, amount: f.amount, errorDescription: f.errorDescription, source: 'reconcile' });
        }
        return failures.length > 0 ? 'failed' : 'unchanged';
      });
      if (outcome === 'paid') result.paid += 1;
      if (outcome === 'refunded') await afterSettlement(ctx, order.id, outcome);
      if (outcome === 'failed') result.failed += 1;
    } catch (error) {
      // One unreachable order must not stop the others; the next run tries again.
      result.errors += 1;
      options.log?.warn({ err: error, orderid: order.orderid }, 'reconciliation: could not check order');
    }
  }
  if (result.paid > 0) ctx.outbox.kick();
  // After the gateway was asked: an order found paid above keeps its bottles.
  result.holdsReleased = await releaseExpiredHolds(ctx.db, new Date(now));
  try {
    result.refunds = await reconcileRefunds(ctx, new Date(now));
  } catch (error) {
    result.errors += 1;
    options.log?.warn({ err: error }, 'reconciliation: could not check refunds');
  }
  if (result.holdsReleased > 0) ctx.catalogue.invalidate();
  return result;
}

/** Runs reconciliation every RECONCILE_INTERVAL_MS while the app runs with background jobs on. */
export function scheduleReconciliation(app: FastifyInstance): void {
  const ctx = app.ctx;
  scheduleJob(app, {
    intervalMs: ctx.config.RECONCILE_INTERVAL_MS,
    run: () =>
      reconcilePendingPayments(ctx, { log: app.log })
        .then(() => releaseAbandonedCouponUses(ctx.db, shopTimestamp(new Date(Date.now() - COUPON_HOLD_MS))))
        // COD orders nobody confirmed in time are cancelled, their bottles and coupon use back.
        .then(() => expireUnconfirmedOrders(ctx)),
    onError: (err) => app.log.error({ err }, 'reconciliation run failed'),
  });
}
