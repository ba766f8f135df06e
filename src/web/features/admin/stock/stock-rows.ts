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

/** The badge beside a count: at 0 the storefront says "Sold out", so the admin reads the same words. */
export function stockBadge(level: Pick<StockLevel, 'stock' | 'low' | 'negative'>): { text: string; className: string } {
  if (level.negative) return { text: 'Below zero', className: 'status-failed' };
  if (level.stock === 0) return { text: 'Sold out', className: 'status-cancelled' };
  if (level.low) return { text: 'Low', className: 'status-preparation' };
  return { text: 'In stock', className: 'status-delivered' };
}
