import type { RefundOrderBody } from '../../../domain/refunds';
import type { AppContext } from '../../context';
import { recordRefundOfLines } from '../refund-by-lines';
import { afterRefundCommit, recordRefundOfValue, refundableOrder } from '../refund-service';
import { recordRefundOfReturnedParcel, refuseBottlesOfAReturnedParcel } from '../returned-refund';

/**
 * Refund an order paid online (POST /api/order/:orderid/refunds): a delivered one by an amount of value, or by bottles,
 * optionally back on the shelf; a parcel returned to us by an amount only, as its bottles and invoice came back with
 * it (returned-refund.ts). In one transaction what is left to refund is reserved, the refund row, its credit note
 * (none for a returned parcel), mail and audit row are written; the gateway is asked after the commit, and webhooks
 * and reconciliation settle it (refund-service.ts).
 */
export async function refundOrder(ctx: AppContext, actorUserId: number, orderid: string, body: RefundOrderBody): Promise<void> {
  const refund = await ctx.db.transaction().execute(async (trx) => {
    const row = await refundableOrder(trx, orderid);
    if (row.status === 'RETURNED') {
      refuseBottlesOfAReturnedParcel(body);
      return recordRefundOfReturnedParcel(ctx, trx, row, { amount: body.amount ?? 0, reason: body.reason, actorUserId });
    }
    return body.lines
      ? recordRefundOfLines(ctx, trx, row, { lines: body.lines, reason: body.reason, restock: body.restock ?? false, actorUserId })
      : recordRefundOfValue(ctx, trx, row, { amount: body.amount ?? 0, reason: body.reason, actorUserId });
  });
  await afterRefundCommit(ctx, refund);
}
