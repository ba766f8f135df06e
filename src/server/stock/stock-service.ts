import { formatSize } from '../../domain/display';
import { outOfStockMessage, STOCK_LEFT_SHOWN } from '../../domain/stock';
import { HttpError } from '../http/errors';
import type { Executor } from '../db/database';
import { enqueueMails } from '../mail/outbox';
import { lowStockThreshold, type StockAfter } from './stock-repository';

export const LOW_STOCK_MAIL_KIND = 'low-stock';

/**
 * One mail to the shop per size that went from above the threshold to at or below it with this change: the
 * crossing happens once however many orders follow, so the shop hears once, not per order. Call it in the
 * transaction of the change.
 */
export async function queueLowStockMails(trx: Executor, sizes: readonly StockAfter[], shopEmail: string): Promise<void> {
  if (!shopEmail || sizes.length === 0) return;
  // Cheap test first: most changes leave every size well above any threshold anyone would set.
  const threshold = await lowStockThreshold(trx);
  const crossed = sizes.filter((s) => s.before > threshold && s.after <= threshold);
  if (crossed.length === 0) return;
  const names = new Map(
    (await trx.selectFrom('products').select(['id', 'name']).where('id', 'in', crossed.map((s) => s.productId)).execute()).map((p) => [p.id, p.name]),
  );
  await enqueueMails(
    trx,
    crossed.map((s) => {
      const label = `${names.get(s.productId) ?? `Product ${s.productId}`} ${formatSize(s.size)}`;
      return {
        kind: LOW_STOCK_MAIL_KIND,
        to: shopEmail,
        subject: `Low stock: ${label} (${s.after} left)`,
        text: `${label} is down to ${s.after} bottle${s.after === 1 ? '' : 's'} (your low-stock threshold is ${threshold}).\n\nAdd the bottles you receive in the studio's Stock tab; at 0 the size shows "Sold out" and cannot be ordered.`,
      };
    }),
  );
}

/** Whether the storefront's view of these sizes changed: it shows the count only at STOCK_LEFT_SHOWN or fewer. */
export function storefrontStockChanged(sizes: readonly StockAfter[]): boolean {
  return sizes.some((s) => s.after <= STOCK_LEFT_SHOWN || s.before <= STOCK_LEFT_SHOWN);
}

/** The 409 for a cart line with too few bottles: which line, and how many are left (DESIGN.md §7.3). */
export function outOfStockError(
  lines: readonly { productId: number | null; name: string; size: number }[],
  short: { productId: number; size: number; left: number },
): HttpError {
  const index = lines.findIndex((l) => l.productId === short.productId && l.size === short.size);
  const line = lines[index];
  const name = line?.name ?? 'An item';
  return new HttpError(409, 'OUT_OF_STOCK', outOfStockMessage(name, formatSize(short.size), short.left), undefined, {
    line: { index, name, quantity: short.size, left: short.left },
  });
}

/** The first tracked size an order asks more of than the count read while pricing it; the early, cheap refusal. */
export function shortAtPricing(
  lines: readonly { productId: number | null; size: number; itemQty: number; stock: number | null }[],
): { productId: number; size: number; left: number } | null {
  const wanted = new Map<string, { productId: number; size: number; qty: number; stock: number }>();
  for (const l of lines) {
    if (l.productId === null || l.stock === null) continue;
    const key = `${l.productId}:${l.size}`;
    const seen = wanted.get(key);
    if (seen) seen.qty += l.itemQty;
    else wanted.set(key, { productId: l.productId, size: l.size, qty: l.itemQty, stock: l.stock });
  }
  const short = [...wanted.values()].find((w) => w.qty > w.stock);
  return short ? { productId: short.productId, size: short.size, left: Math.max(0, short.stock) } : null;
}
