import type { RefundOrderBody } from '../../../domain/refunds';
import type { AppContext } from '../../context';
import { recordRefundOfLines } from '../refund-by-lines';
import { afterRefundCommit, recordRefundOfValue, refundableOrder } from '../refund-service';

/**
 * Refund a delivered order paid online (POST /api/order/:orderid/refunds): an amount of value, or bottles by line,
 * optionally back on the shelf. In one transaction what is left to refund is reserved, the refund row, its credit
 * note, mail and audit row are written; the gateway is asked after the commit, and webhooks and reconciliation settle
 * it (refund-service.ts).
 */
export async function refundDeliveredOrder(ctx: AppContext, actorUserId: number, orderid: string, body: RefundOrderBody): Promise<void> {
  const refund = await ctx.db.transaction().execute(async (trx) => {
    const row = await refundableOrder(trx, orderid);
    return body.lines
      ? recordRefundOfLines(ctx, trx, row, { lines: body.lines, reason: body.reason, restock: body.restock ?? false, actorUserId })
      : recordRefundOfValue(ctx, trx, row, { amount: body.amount ?? 0, reason: body.reason, actorUserId });
  });
  await afterRefundCommit(ctx, refund);
}
