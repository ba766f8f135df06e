// The Stock tab's rows: what needs restocking first, untracked sizes after everything counted.
import type { StudioProduct } from '../../../../domain/schemas/studio';
import type { StockLevel } from '../../../../domain/stock';

export interface UntrackedSize {
  productId: number;
  name: string;
  size: number;
}

const severity = (l: StockLevel) => (l.negative ? 0 : l.low ? 1 : 2);

/** Below zero first, then low, then the rest; within each, the fewest bottles first, then by name and size. */
export function sortLevels(levels: readonly StockLevel[]): StockLevel[] {
  return [...levels].sort((a, b) => severity(a) - severity(b) || a.stock - b.stock || a.name.localeCompare(b.name) || a.size - b.size);
}

/** The sizes of the studio's products that have no count: always for sale, listed last when asked for. */
export function untrackedSizes(products: readonly Pick<StudioProduct, '_id' | 'name' | 'quantitysize' | 'stock'>[]): UntrackedSize[] {
  return products.flatMap((p) =>
    p.quantitysize.flatMap((size, i) => ((p.stock[i] ?? null) === null ? [{ productId: Number(p._id), name: p.name, size }] : [])),
  );
}

/** The counts the tab sums up in its first line. */
export function stockSummary(levels: readonly StockLevel[]): { negative: number; low: number; tracked: number } {
  return {
    negative: levels.filter((l) => l.negative).length,
    low: levels.filter((l) => l.low && !l.negative).length,
    tracked: levels.length,
  };
}

/**
 * The badge beside a count: at 0 the storefront says "Sold out", so the admin reads the same words; so it does for
 * every size of a product whose in-stock switch is off. Below zero still comes first: it asks for a recount.
 */
export function stockBadge(level: Pick<StockLevel, 'stock' | 'low' | 'negative'>, switchedOff = false): { text: string; className: string } {
  if (level.negative) return { text: 'Below zero', className: 'status-failed' };
  if (level.stock === 0 || switchedOff) return { text: 'Sold out', className: 'status-cancelled' };
  if (level.low) return { text: 'Low', className: 'status-preparation' };
  return { text: 'In stock', className: 'status-delivered' };
}

/** Products whose in-stock switch is off in the studio, by id: every size is sold out, whatever its count. */
export function switchedOffProducts(products: readonly Pick<StudioProduct, '_id' | 'name' | 'instock'>[]): Map<number, string> {
  return new Map(products.filter((p) => !p.instock).map((p) => [Number(p._id), p.name]));
}

const andList = (names: readonly string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** What the tab says with no size counted: every size is for sale, but for products switched off, named. */
export function emptyStockWords(products: readonly Pick<StudioProduct, '_id' | 'name' | 'instock'>[]): string {
  const off = [...switchedOffProducts(products).values()];
  if (off.length === 0) return 'No size is counted yet. Every size is for sale until you set its count in the studio.';
  const [verb, its] = off.length === 1 ? ['is', 'its'] : ['are', 'their'];
  return `No size is counted yet. ${andList(off)} ${verb} sold out: ${its} in-stock switch is off in the studio. Every other size is for sale until you set its count.`;
}
