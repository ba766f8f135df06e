
// What the storefront says about stock (DESIGN.md §7.3, §7.6), shared by the server's product answer and the screens.

/** At this many bottles or fewer a tracked size shows "Only N left". */
export const STOCK_LEFT_SHOWN = 5;

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const LOW_STOCK_THRESHOLD_MAX = 10_000;
export const LOW_STOCK_THRESHOLD_MESSAGE = 'Enter the low-stock threshold as a whole number from 0 to 10,000.';

/** How long an unpaid online order keeps its bottles before they go back on the shelf. */
export const STOCK_HOLD_MS = 30 * 60_000;

/** A size's public stock facts: in stock, and the count when tracked and low (null otherwise). */
export function publicStock(stock: number | null | undefined): { inStock: boolean; left: number | null } {
  if (stock === null || stock === undefined) return { inStock: true, left: null };
  if (stock <= 0) return { inStock: false, left: 0 };
  return { inStock: true, left: stock <= STOCK_LEFT_SHOWN ? stock : null };
}

/** The storefront's words for a size: "Sold out", "Only 3 left", or nothing. */
export function stockNote(inStock: boolean, left: number | null): string | null {
  if (!inStock) return 'Sold out';
  if (left !== null && left <= STOCK_LEFT_SHOWN) return `Only ${left} left`;
  return null;
}

export function outOfStockMessage(name: string, sizeLabel: string, left: number): string {
  return left <= 0
    ? `${name} ${sizeLabel} is sold out. Remove it from your cart to place the order.`
    : `Only ${left} of ${name} ${sizeLabel} ${left === 1 ? 'is' : 'are'} left. Lower the quantity to ${left} to place the order.`;
}

/** GET /api/stock: one tracked size; `negative` marks a count below 0 (a late payment honoured after its hold ended). */
export interface StockLevel {
  productId: number;
  name: string;
  size: number;
  stock: number;
  low: boolean;
  negative: boolean;
  updatedAt: string;
}

/** The stock facts of one size of a public product (absent fields: nothing tracked, so in stock). */
export function sizeStock(
  product: { quantitysize: readonly number[]; sizeInStock?: readonly boolean[] | undefined; stockLeft?: readonly (number | null)[] | undefined },
  size: number,
): { inStock: boolean; left: number | null; note: string | null } {
  const i = product.quantitysize.indexOf(size);
  const inStock = product.sizeInStock?.[i] ?? true;
  const left = product.stockLeft?.[i] ?? null;
  return { inStock, left, note: stockNote(inStock, left) };
}

/** The code of the 409 a checkout hears when a line asks for more bottles than are left. */
export const OUT_OF_STOCK = 'OUT_OF_STOCK';
