import { shopTimestamp } from '../../domain/display';
import { STOCK_HOLD_MS } from '../../domain/stock';
import type { DB, Executor } from '../db/database';
import { addStock, forceTakeStock, markStockRetaken, markStockReturned, orderStockTakes, takeStock, type ShortSize } from './stock-repository';
import { queueLowStockMails } from './stock-service';

const HOLDS_BATCH = 100;

/**
 * Unpaid online orders older than the hold (30 minutes) give their bottles back; called by the reconciliation job
 * after it asked the gateway about them, so an order that was in fact paid is settled first and keeps them.
 * Every expired hold is released in one run, a batch at a time (a flood of unpaid orders must not keep bottles off
 * the shelf for minutes). Answers how many orders gave bottles back. Safe in several processes: markStockReturned
 * lets one of them win.
 */
export async function releaseExpiredHolds(db: DB, now = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await releaseExpiredBatch(db, now);
    released += batch.released;
    if (batch.found < HOLDS_BATCH || batch.released === 0) return released;
  }
}

async function releaseExpiredBatch(db: DB, now: Date): Promise<{ found: number; released: number }> {
  const expired = await db
    .selectFrom('orders')
    .select('id')
    .where('paymentmode', '=', 'ONLINE')
    .where('payment_status', 'in', ['PENDING', 'FAILED'])
    .where('stock_returned_at', 'is', null)
    .where('created_at', '<=', shopTimestamp(new Date(now.getTime() - STOCK_HOLD_MS)))
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('order_lines').select('order_lines.id').whereRef('order_lines.order_id', '=', 'orders.id').where('order_lines.stock_taken', '=', 1)),
    )
    .orderBy('created_at')
    .limit(HOLDS_BATCH)
    .execute();
  let released = 0;
  for (const order of expired) {
    const done = await db.transaction().execute(async (trx) => {
      // Conditional on the payment still missing: a payment settled since the list was read keeps its bottles.
      if (!(await markStockReturned(trx, order.id, { onlyUnpaid: true }))) return false;
      await addStock(trx, await orderStockTakes(trx, order.id));
      return true;
    });
    if (done) released += 1;
  }
  return { found: expired.length, released };
}

/**
 * An order's bottles back on the shelf, once whoever asks (a cancellation, a return, an unconfirmed order): true when
 * bottles the storefront shows came back. Call it in the transaction that ends the order's claim on them.
 */
export async function returnOrderBottles(trx: Executor, orderRowId: number): Promise<boolean> {
  if (!(await markStockReturned(trx, orderRowId))) return false;
  return (await addStock(trx, await orderStockTakes(trx, orderRowId))).length > 0;
}

/**
 * A payment for an order whose hold had ended: the gateway took the money, so the order takes its bottles again
 * even if that drives a count below 0, which the admin's stock list marks. Call it in the settling transaction.
 */
export async function retakeStockAfterLatePayment(trx: Executor, orderRowId: number, shopEmail: string): Promise<boolean> {
  if (!(await markStockRetaken(trx, orderRowId))) return false;
  const sizes = await forceTakeStock(trx, await orderStockTakes(trx, orderRowId));
  await queueLowStockMails(trx, sizes, shopEmail);
  return true;
}

/**
 * An order whose hold had ended, switched to cash on delivery: it takes its bottles again as a late payment does, but
 * no money was taken, so only while they are on the shelf (the conditional take of a new order). Answers the size
 * that is short, or null. On a short answer the order is already marked as holding them again: the caller must roll
 * its transaction back.
 */
export async function retakeStockIfOnShelf(trx: Executor, orderRowId: number, shopEmail: string): Promise<ShortSize | null> {
  if (!(await markStockRetaken(trx, orderRowId))) return null;
  const outcome = await takeStock(trx, await orderStockTakes(trx, orderRowId));
  if (outcome.kind === 'short') return outcome.short;
  await queueLowStockMails(trx, outcome.sizes, shopEmail);
  return null;
}
