import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/** Bottles one order takes from one tracked size. */
export interface StockTake {
  productId: number;
  size: number;
  qty: number;
}

/** A size that had too few bottles for an order, with how many it has. */
export interface ShortSize {
  productId: number;
  size: number;
  left: number;
}

/** A size whose count an order changed, and what it is now. */
export interface StockAfter {
  productId: number;
  size: number;
  before: number;
  after: number;
}

/**
 * One (product, size) per entry, quantities added (an order may name one size on two lines), in one fixed order:
 * PostgreSQL transactions that lock the same rows in the same order wait for each other instead of deadlocking.
 */
export function mergeTakes(takes: readonly StockTake[]): StockTake[] {
  const merged = new Map<string, StockTake>();
  for (const t of takes) {
    const key = `${t.productId}:${t.size}`;
    const seen = merged.get(key);
    if (seen) seen.qty += t.qty;
    else merged.set(key, { ...t });
  }
  return [...merged.values()].sort((a, b) => a.productId - b.productId || a.size - b.size);
}

/**
 * Takes an order's bottles with one conditional UPDATE per size (`stock >= n`): the row lock (PostgreSQL) or the
 * single writer (SQLite) makes concurrent orders see each other's takes, so none oversells. When one size is short,
 * the sizes this call already took are put back, so the caller's transaction is as if the order never came;
 * that lets a group of orders in one transaction refuse one order and write the others. A size without a row is
 * not tracked and is skipped.
 */
export async function takeStock(
  trx: Executor,
  takes: readonly StockTake[],
): Promise<{ kind: 'taken'; sizes: StockAfter[] } | { kind: 'short'; short: ShortSize }> {
  const done: StockAfter[] = [];
  const now = nowIso();
  for (const take of mergeTakes(takes)) {
    const row = await trx
      .updateTable('stock_levels')
      .set({ stock: sql<number>`stock - ${take.qty}`, updated_at: now })
      .where('product_id', '=', take.productId)
      .where('size_ml', '=', take.size)
      .where('stock', '>=', take.qty)
      .returning('stock')
      .executeTakeFirst();
    if (row) {
      done.push({ productId: take.productId, size: take.size, before: row.stock + take.qty, after: row.stock });
      continue;
    }
    const current = await trx
      .selectFrom('stock_levels')
      .select('stock')
      .where('product_id', '=', take.productId)
      .where('size_ml', '=', take.size)
      .executeTakeFirst();
    if (!current) continue;
    await addStock(trx, done.map((d) => ({ productId: d.productId, size: d.size, qty: d.before - d.after })));
    return { kind: 'short', short: { productId: take.productId, size: take.size, left: Math.max(0, current.stock) } };
  }
  return { kind: 'taken', sizes: done };
}

/**
 * Takes the bottles of a whole group of orders with one conditional UPDATE per size instead of one per order and
 * size: a group-commit transaction on PostgreSQL otherwise spends a round trip per order on rows every order of a
 * sale shares. Each order's before/after is what taking them one after another in the given order would give.
 * Null when a size has too few bottles for the whole group: nothing is taken, and the caller takes order by order
 * to find the ones that still fit.
 */
export async function takeStockTogether(
  trx: Executor,
  orders: readonly (readonly StockTake[] | undefined)[],
): Promise<StockAfter[][] | null> {
  const perOrder = orders.map((takes) => (takes?.length ? mergeTakes(takes) : []));
  const whole = mergeTakes(perOrder.flat());
  if (whole.length === 0) return perOrder.map(() => []);
  const outcome = await takeStock(trx, whole);
  if (outcome.kind === 'short') return null;
  const key = (s: { productId: number; size: number }) => `${s.productId}:${s.size}`;
  const count = new Map(outcome.sizes.map((s) => [key(s), s.before]));
  return perOrder.map((takes) =>
    takes.flatMap((take) => {
      const before = count.get(key(take));
      // Not tracked: takeStock skipped it.
      if (before === undefined) return [];
      count.set(key(take), before - take.qty);
      return [{ productId: take.productId, size: take.size, before, after: before - take.qty }];
    }),
  );
}

/** Takes bottles whatever is left: a payment the gateway already took is honoured even if the count goes negative. */
export async function forceTakeStock(trx: Executor, takes: readonly StockTake[]): Promise<StockAfter[]> {
  const done: StockAfter[] = [];
  const now = nowIso();
  for (const take of mergeTakes(takes)) {
    const row = await trx
      .updateTable('stock_levels')
      .set({ stock: sql<number>`stock - ${take.qty}`, updated_at: now })
      .where('product_id', '=', take.productId)
      .where('size_ml', '=', take.size)
      .returning('stock')
      .executeTakeFirst();
    if (row) done.push({ productId: take.productId, size: take.size, before: row.stock + take.qty, after: row.stock });
  }
  return done;
}

/** Puts bottles back (an order refused in its group, an expired hold, a cancellation). Untracked sizes stay untracked. */
export async function addStock(trx: Executor, takes: readonly StockTake[]): Promise<StockAfter[]> {
  const done: StockAfter[] = [];
  const now = nowIso();
  for (const take of mergeTakes(takes)) {
    const row = await trx
      .updateTable('stock_levels')
      .set({ stock: sql<number>`stock + ${take.qty}`, updated_at: now })
      .where('product_id', '=', take.productId)
      .where('size_ml', '=', take.size)
      .returning('stock')
      .executeTakeFirst();
    if (row) done.push({ productId: take.productId, size: take.size, before: row.stock - take.qty, after: row.stock });
  }
  return done;
}

/** Sets a size's count (null stops tracking it); answers the count before, null when it was not tracked. */
export async function setStock(trx: Executor, productId: number, size: number, stock: number | null): Promise<number | null> {
  const before = await trx
    .selectFrom('stock_levels')
    .select('stock')
    .where('product_id', '=', productId)
    .where('size_ml', '=', size)
    .executeTakeFirst();
  if (stock === null) {
    await trx.deleteFrom('stock_levels').where('product_id', '=', productId).where('size_ml', '=', size).execute();
  } else {
    await trx
      .insertInto('stock_levels')
      .values({ product_id: productId, size_ml: size, stock, updated_at: nowIso() })
      .onConflict((c) => c.columns(['product_id', 'size_ml']).doUpdateSet({ stock, updated_at: nowIso() }))
      .execute();
  }
  return before?.stock ?? null;
}

/** Adds received bottles to a tracked size (starting to track it at 0 when it was not); answers the count after. */
export async function receiveStock(trx: Executor, productId: number, size: number, qty: number): Promise<{ before: number | null; after: number }> {
  const before = await trx
    .selectFrom('stock_levels')
    .select('stock')
    .where('product_id', '=', productId)
    .where('size_ml', '=', size)
    .executeTakeFirst();
  const row = await trx
    .insertInto('stock_levels')
    .values({ product_id: productId, size_ml: size, stock: qty, updated_at: nowIso() })
    .onConflict((c) => c.columns(['product_id', 'size_ml']).doUpdateSet({ stock: sql<number>`stock_levels.stock + ${qty}`, updated_at: nowIso() }))
    .returning('stock')
    .executeTakeFirstOrThrow();
  return { before: before?.stock ?? null, after: row.stock };
}

/** Every tracked size with its product's name. */
export async function listStockLevels(db: Executor) {
  return db
    .selectFrom('stock_levels')
    .innerJoin('products', 'products.id', 'stock_levels.product_id')
    .innerJoin('product_sizes', (join) =>
      join.onRef('product_sizes.product_id', '=', 'stock_levels.product_id').onRef('product_sizes.size_ml', '=', 'stock_levels.size_ml'),
    )
    .select(['stock_levels.product_id', 'products.name', 'stock_levels.size_ml', 'stock_levels.stock', 'stock_levels.updated_at'])
    .orderBy('stock_levels.stock')
    .orderBy('products.position')
    .orderBy('product_sizes.position')
    .execute();
}

/** Counts per (product, size) for the given products; sizes without a row are not tracked. */
export async function stockOf(db: Executor, productIds?: readonly number[]) {
  if (productIds && productIds.length === 0) return [];
  let query = db.selectFrom('stock_levels').select(['product_id', 'size_ml', 'stock']);
  if (productIds) query = query.where('product_id', 'in', productIds);
  return query.execute();
}

/** The bottles an order's lines took from tracked sizes. */
export async function orderStockTakes(db: Executor, orderRowId: number): Promise<StockTake[]> {
  const rows = await db
    .selectFrom('order_lines')
    .select(['product_id', 'size_ml', 'item_qty'])
    .where('order_id', '=', orderRowId)
    .where('stock_taken', '=', 1)
    .execute();
  return rows.flatMap((r) => (r.product_id === null ? [] : [{ productId: r.product_id, size: r.size_ml, qty: r.item_qty }]));
}

/**
 * Marks the order's bottles returned, once: of any number of concurrent callers (reconciliation in several
 * processes, a cancellation) exactly one gets true and puts them back.
 */
export async function markStockReturned(trx: Executor, orderRowId: number, options: { onlyUnpaid?: boolean } = {}): Promise<boolean> {
  let query = trx.updateTable('orders').set({ stock_returned_at: nowIso() }).where('id', '=', orderRowId).where('stock_returned_at', 'is', null);
  // In the same statement as the mark, so a payment settling at that moment either keeps the bottles or retakes them.
  if (options.onlyUnpaid) query = query.where('payment_status', 'in', ['PENDING', 'FAILED']);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The reverse of markStockReturned, for a late payment: true for the one caller that takes the bottles again. */
export async function markStockRetaken(trx: Executor, orderRowId: number): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ stock_returned_at: null })
    .where('id', '=', orderRowId)
    .where('stock_returned_at', 'is not', null)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function lowStockThreshold(db: Executor): Promise<number> {
  const row = await db.selectFrom('settings').select('low_stock_threshold').where('id', '=', 1).executeTakeFirst();
  return row?.low_stock_threshold ?? 5;
}
