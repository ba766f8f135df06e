import type { CouponRules } from '../../domain/pricing';
import type { Order } from '../../domain/schemas/order';
import { claimCouponUse, claimCouponUses, type ClaimOutcome } from '../coupons/coupon-repository';
import type { DB, Executor } from '../db/database';
import type { NewOrder } from '../db/schema';
import { toOrderView } from '../orders/order-repository';
import { insertOrder, type NewOrderLine } from './order-write-repository';
import { isUniqueViolation, ORDER_RECEIPT_UNIQUE } from './unique-violation';
import { getSettings } from '../settings/settings-repository';
import { addStock, takeStock, takeStockTogether, type ShortSize, type StockAfter, type StockTake } from '../stock/stock-repository';
import { queueLowStockMails, storefrontStockChanged } from '../stock/stock-service';
import { queuePlacedMailsAndMessages } from './order-placed-mail';
import { confirmationColumns, type ConfirmLinks } from './cod-confirmation';

export interface NewPlacement {
  order: NewOrder;
  lines: NewOrderLine[];
  /** Queue the order-placed mails in the same transaction (cash on delivery: the order is placed as it is written). */
  queueMail: boolean;
  /** Bottles to take from tracked sizes in the same transaction (lines with stock_taken = 1). */
  stock?: StockTake[];
  /** A discount code to claim one use of in the order's transaction; no use left means no order. */
  coupon?: { rules: CouponRules; userId: number } | null;
}

/**
 * The code applied when the order was priced, but concurrent orders took it first: its last uses, or (a
 * first-order-only code) the customer's first order.
 */
const USED_UP_WORDS: Record<Exclude<ClaimOutcome, 'claimed'>, (code: string) => string> = {
  'used-up': (code) => `${code} has just been fully used.`,
  'used-by-customer': (code) => `You have already used ${code}: another order of yours took it just now.`,
  'not-first-order': (code) => `${code} is for a first order only, and another order of yours was placed first.`,
};

export class CouponUsedUpError extends Error {
  constructor(
    readonly code: string,
    readonly reason: Exclude<ClaimOutcome, 'claimed'> = 'used-up',
  ) {
    super(`${USED_UP_WORDS[reason](code)} Remove the code to place the order without it.`);
    this.name = 'CouponUsedUpError';
  }
}

async function claimFor(trx: Executor, placement: NewPlacement, orderRowId: number): Promise<void> {
  if (!placement.coupon) return;
  const outcome = await claimCouponUse(trx, { rules: placement.coupon.rules, userId: placement.coupon.userId, orderId: orderRowId });
  if (outcome !== 'claimed') throw new CouponUsedUpError(placement.coupon.rules.code, outcome);
}

/**
 * `receipt-taken`: this customer already has an order with that receipt (a retry, or a racing twin request).
 * `out-of-stock`: a size had too few bottles; nothing of this order was written. `stockShown` tells that a size's
 * count is now low enough for the storefront to show it (the product list is then reloaded).
 */
export type PlacementResult =
  | { kind: 'created'; order: Order; stockShown?: boolean }
  | { kind: 'receipt-taken' }
  | { kind: 'out-of-stock'; short: ShortSize };

export interface OrderBatchWriter {
  place(placement: NewPlacement): Promise<PlacementResult>;
}

interface Job {
  placement: NewPlacement;
  resolve(result: PlacementResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit for new orders. Placements that arrive while a transaction is being written wait and go into the
 * next one together: one multi-row INSERT per table and one commit for the whole group, instead of a commit and
 * its page writes per order. Alone, an order is written at once (the next turn of the event loop). Every caller
 * still learns only after the commit that holds its order, so an acknowledged order is always stored.
 *
 * Stock is taken for the whole group with one conditional update per size; when a size is short for the group, it
 * is taken order by order instead, and an order short of bottles gives back what it took and is left out of the
 * INSERT, so it alone hears `out-of-stock`.
 *
 * A duplicate receipt is not an error for the group: ON CONFLICT DO NOTHING skips that row and its caller hears
 * `receipt-taken`. Any other failure (an order id drawn twice, a full disk) writes the group again one order per
 * transaction, so only the order that causes it fails.
 */
export function createOrderBatchWriter(
  db: DB,
  shopEmail: string,
  options: { confirmLinks: ConfirmLinks; maxBatch?: number },
): OrderBatchWriter {
  const maxBatch = options.maxBatch ?? 100;
  const write: WriteOptions = { shopEmail, confirmLinks: options.confirmLinks };
  const queue: Job[] = [];
  let draining = false;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      let results: PlacementResult[];
      try {
        results = await writeGroup(db, batch.map((job) => job.placement), write);
      } catch {
        await writeOneByOne(batch);
        continue;
      }
      batch.forEach((job, i) => job.resolve(results[i] ?? { kind: 'receipt-taken' }));
    }
    draining = false;
  }

  async function writeOneByOne(batch: Job[]): Promise<void> {
    for (const job of batch) {
      try {
        job.resolve(await writeSingle(db, job.placement, write));
      } catch (error) {
        job.reject(error);
      }
    }
  }

  return {
    place(placement) {
      return new Promise<PlacementResult>((resolve, reject) => {
        queue.push({ placement, resolve, reject });
        if (draining) return;
        draining = true;
        // Requests already read in this turn of the event loop join the first group.
        setImmediate(() => void drain());
      });
    },
  };
}

interface WriteOptions {
  shopEmail: string;
  confirmLinks: ConfirmLinks;
}

/** The group in one transaction; answers in the order of `placements`. */
async function writeGroup(db: DB, placements: NewPlacement[], { shopEmail, confirmLinks }: WriteOptions): Promise<PlacementResult[]> {
  return db.transaction().execute(async (trx) => {
    // Read once for the group: the placed mails and whether COD orders wait for confirmation.
    const settings = placements.some((p) => p.queueMail) ? await getSettings(trx) : null;
    const now = new Date();
    const shorts: (ShortSize | undefined)[] = [];
    const taken: StockAfter[][] = [];
    const together = await takeStockTogether(trx, placements.map((p) => p.stock));
    for (const [i, p] of placements.entries()) {
      if (!p.stock?.length) continue;
      if (together) {
        taken[i] = together[i] ?? [];
        continue;
      }
      const outcome = await takeStock(trx, p.stock);
      if (outcome.kind === 'short') shorts[i] = outcome.short;
      else taken[i] = outcome.sizes;
    }
    const toWrite = placements.filter((_, i) => !shorts[i]);
    const rows = toWrite.length
      ? await trx
          .insertInto('orders')
          .values(toWrite.map((p) => (p.queueMail ? { ...p.order, ...confirmationColumns(p.order, settings, now) } : p.order)))
          .onConflict((conflict) => conflict.columns(['user_id', 'receipt']).doNothing())
          .returningAll()
          .execute()
      : [];
    // Matched by order id: RETURNING promises no order, and of two placements with one receipt only the first is written.
    const rowByOrderId = new Map(rows.map((row) => [row.orderid, row]));
    const written = placements.map((p, i) => (shorts[i] ? undefined : rowByOrderId.get(p.order.orderid)));
    // A retry whose receipt was taken took bottles for an order that already has them: they go back.
    const unwritten = placements.flatMap((p, i) => (taken[i] && !written[i] ? (p.stock ?? []) : []));
    if (unwritten.length) await addStock(trx, unwritten);
    const lineValues = placements.flatMap((p, i) => {
      const row = written[i];
      return row ? p.lines.map((line) => ({ ...line, order_id: row.id })) : [];
    });
    // A code without a use left fails the whole group, which is then written one order at a time: only the
    // orders that came too late fail.
    const usedUp = await claimCouponUses(
      trx,
      placements.flatMap((p, i) => {
        const row = written[i];
        return row && p.coupon ? [{ rules: p.coupon.rules, userId: p.coupon.userId, orderId: row.id }] : [];
      }),
    );
    if (usedUp) throw new CouponUsedUpError(usedUp.code, usedUp.outcome);
    const lineRows = lineValues.length ? await trx.insertInto('order_lines').values(lineValues).returningAll().execute() : [];
    const linesByOrder = new Map<number, typeof lineRows>();
    for (const line of lineRows) linesByOrder.set(line.order_id, [...(linesByOrder.get(line.order_id) ?? []), line]);
    const results = written.map((row, i): PlacementResult => {
      const short = shorts[i];
      if (short) return { kind: 'out-of-stock', short };
      if (!row) return { kind: 'receipt-taken' };
      const sizes = taken[i];
      return { kind: 'created', order: toOrderView(row, linesByOrder.get(row.id) ?? []), stockShown: !!sizes && storefrontStockChanged(sizes) };
    });
    await queueLowStockMails(trx, written.flatMap((row, i) => (row ? (taken[i] ?? []) : [])), shopEmail);
    if (settings && placements.some((p, i) => p.queueMail && written[i])) {
      const placed = results.flatMap((result, i) => {
        const row = written[i];
        return result.kind === 'created' && row && placements[i]?.queueMail ? [{ order: result.order, confirmBy: row.confirm_by }] : [];
      });
      await queuePlacedMailsAndMessages(trx, settings, placed, shopEmail, confirmLinks);
    }
    return results;
  });
}

async function writeSingle(db: DB, placement: NewPlacement, { shopEmail, confirmLinks }: WriteOptions): Promise<PlacementResult> {
  try {
    return await db.transaction().execute(async (trx: Executor): Promise<PlacementResult> => {
      let sizes: StockAfter[] = [];
      if (placement.stock?.length) {
        const outcome = await takeStock(trx, placement.stock);
        if (outcome.kind === 'short') return { kind: 'out-of-stock', short: outcome.short };
        sizes = outcome.sizes;
      }
      const settings = placement.queueMail ? await getSettings(trx) : null;
      const columns = settings ? confirmationColumns(placement.order, settings, new Date()) : {};
      const created = await insertOrder(trx, { ...placement.order, ...columns }, placement.lines);
      await claimFor(trx, placement, created.id);
      await queueLowStockMails(trx, sizes, shopEmail);
      if (settings) await queuePlacedMailsAndMessages(trx, settings, [{ order: created, confirmBy: columns.confirm_by ?? null }], shopEmail, confirmLinks);
      return { kind: 'created', order: created, stockShown: storefrontStockChanged(sizes) };
    });
  } catch (error) {
    // The failed INSERT rolled back the stock taken with it.
    if (isUniqueViolation(error, ORDER_RECEIPT_UNIQUE)) return { kind: 'receipt-taken' };
    throw error;
  }
}
