import type { SettleRefundBody } from '../../../domain/refund-settlement';
import type { AppContext } from '../../context';
import { auditSettlement, countSettledMoney, creditSettledRefund, markSettled, tellCustomerSettled } from '../settle-refund-steps';
import { refundOfOrder } from '../refund-service';

/**
 * Settle a failed refund outside the gateway (POST /api/order/:orderid/refunds/:refundId/settle, decision 088): the
 * owner paid the customer back by bank transfer, UPI or cash. In one transaction the FAILED row becomes PROCESSED with
 * how it was paid (once, against a second settle or a Retry), its amount counts as refunded and processed, it gets a
 * fresh credit note (the failed one's stays void), and the customer's mail and the audit row are queued. The gateway
 * is not asked.
 */
export async function settleRefundOutside(ctx: AppContext, actorUserId: number, orderid: string, refundId: string, body: SettleRefundBody): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { refund, order } = await refundOfOrder(trx, orderid, refundId);
    await markSettled(trx, refund, body, actorUserId);
    await countSettledMoney(trx, refund);
    const note = await creditSettledRefund(trx, refund);
    await auditSettlement(trx, refund, body, actorUserId);
    await tellCustomerSettled(trx, order, refund, body, note);
  });
  ctx.outbox.kick();
}
