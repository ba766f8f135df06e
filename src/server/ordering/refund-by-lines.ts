import { bottleRefundAmount, type RefundLine } from '../../domain/refunds';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { badRequest, HttpError } from '../http/errors';
import { addStock } from '../stock/stock-repository';
import { lockOrderAndRefreshCustomerList } from './order-write-repository';
import { bottlesCredited, insertRefundLines, linesWithRefunded, restockedPerLine } from './refund-repository';
import { recordRefund } from './refund-service';

/**
 * Refunds bottles of a delivered order (a broken jar, a wrong size): which lines and how many, priced as they were
 * paid for (the coupon's share taken off, never the delivery or COD fee), recorded so no bottle is refunded twice,
 * and put back on the shelf when asked. The credit note lists them with their quantities. Runs in the caller's
 * transaction; the order's row is locked first, so two refunds of the same bottles cannot both pass the count.
 */
export async function recordRefundOfLines(
  ctx: AppContext,
  trx: Executor,
  order: OrderRow,
  asked: { lines: readonly RefundLine[]; reason: string; restock: boolean; actorUserId: number },
): Promise<{ refundId: string; restocked: boolean }> {
  await lockOrderAndRefreshCustomerList(trx, order.id);
  const lines = await linesWithRefunded(trx, order.id);
  const chosen = new Map<number, { line: (typeof lines)[number]; qty: number }>();
  for (const wanted of asked.lines) {
    const line = lines.find((l) => l.name === wanted.name && l.size_ml === wanted.quantity);
    if (!line) throw badRequest(`This order has no ${wanted.name} (${wanted.quantity} ml). Reload the order and choose from its items.`);
    const entry = chosen.get(line.id) ?? { line, qty: 0 };
    entry.qty += wanted.itemQty;
    chosen.set(line.id, entry);
  }
  for (const { line, qty } of chosen.values()) {
    const left = line.item_qty - line.refunded;
    if (qty > left) {
      throw new HttpError(409, 'REFUND_TOO_LARGE', `Only ${left} of ${line.item_qty} × ${line.name} (${line.size_ml} ml) are left to refund on this order.`);
    }
  }
  const picked = [...chosen.values()];
  const goods = picked.reduce((sum, c) => sum + c.line.unit_price * c.qty, 0);
  const amount = bottleRefundAmount(order, goods);
  const refundId = await recordRefund(ctx, trx, order, {
    amount,
    reason: asked.reason,
    actorUserId: asked.actorUserId,
    goods: picked.map((c) => bottlesCredited(c.line, c.qty)),
  });
  const restock = asked.restock ? await bottlesToPutBack(trx, order.id, picked) : [];
  await insertRefundLines(trx, refundId, picked.map((c) => ({ orderLineId: c.line.id, qty: c.qty, restocked: restock.some((r) => r.line.id === c.line.id) })));
  if (restock.length) await addStock(trx, restock.map((c) => ({ productId: c.line.product_id as number, size: c.line.size_ml, qty: c.qty })));
  return { refundId, restocked: restock.length > 0 };
}

/**
 * How many of the chosen bottles go back on the shelf: never more of a line than it had, counting those an earlier
 * refund put back. A refund that failed leaves its bottles on the shelf, so refunding the same bottles afresh does
 * not add them twice. Which bottles came back is the owner's word; the count is the rule.
 */
async function bottlesToPutBack<C extends { line: { id: number; item_qty: number; stock_taken: number; product_id: number | null }; qty: number }>(
  trx: Executor,
  orderRowId: number,
  picked: readonly C[],
): Promise<C[]> {
  const back = await restockedPerLine(trx, orderRowId);
  return picked
    .filter((c) => c.line.stock_taken === 1 && c.line.product_id !== null)
    .map((c) => ({ ...c, qty: Math.min(c.qty, c.line.item_qty - (back.get(c.line.id) ?? 0)) }))
    .filter((c) => c.qty > 0);
}
