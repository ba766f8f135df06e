// The studio's stock boxes: what the admin typed, checked with the server's own rules before it is sent.
import type { StudioProduct } from '../../../domain/schemas/studio';
import { receiveStockSchema, setStockSchema } from '../../../domain/schemas/stock';
import type { StockLevel } from '../../../domain/stock';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** "Set": an empty box stops tracking the size (null); anything else must be a whole number from 0 up. */
export function parseShelfCount(text: string): Parsed<number | null> {
  const trimmed = text.trim();
  const result = setStockSchema.safeParse({ stock: trimmed === '' ? null : Number(trimmed) });
  return result.success ? { ok: true, value: result.data.stock } : { ok: false, message: result.error.issues[0]?.message ?? 'Check the count.' };
}

/** "Add received bottles": a whole number from 1 up (an empty box is not a delivery). */
export function parseReceived(text: string): Parsed<number> {
  const trimmed = text.trim();
  const result = receiveStockSchema.safeParse({ bottles: trimmed === '' ? Number.NaN : Number(trimmed) });
  return result.success ? { ok: true, value: result.data.bottles } : { ok: false, message: result.error.issues[0]?.message ?? 'Check the count.' };
}

/** The product's counts per size (aligned with its sizes) as the server's stock list now has them. */
export function stockOfSizes(product: Pick<StudioProduct, '_id' | 'quantitysize'>, levels: readonly StockLevel[]): (number | null)[] {
  return product.quantitysize.map((size) => levels.find((l) => String(l.productId) === product._id && l.size === size)?.stock ?? null);
}

/** How a size's count reads next to it. */
export function stockStatus(stock: number | null): { text: string; tone: 'muted' | 'ok' | 'out' | 'negative' } {
  if (stock === null) return { text: 'Not tracked: always for sale', tone: 'muted' };
  if (stock < 0) return { text: `${stock} bottles: more were sold than counted (a payment that came late). Count the shelf and Set.`, tone: 'negative' };
  if (stock === 0) return { text: '0 bottles: shows "Sold out"', tone: 'out' };
  return { text: `${stock} ${stock === 1 ? 'bottle' : 'bottles'} on the shelf`, tone: 'ok' };
}
