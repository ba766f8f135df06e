// Cart operations of SPEC.md §4 as pure functions over a list of lines, so they are easy to test and the
// store only has to persist what they return. Quantities stay within 1..10 (DESIGN.md §4).
import { QTY_MAX, QTY_MIN } from '../../../domain/constants';
import { withinBottleLimit } from '../../../domain/line-limits';

export interface CartLine {
  id: string;
  name: string;
  /** Prices of every size, aligned with the product's sizes (SPEC.md §3). */
  price: number[];
  /** Chosen size in ml. */
  quantity: number;
  description: string;
  /** First image of the product (card variant URL), or '' when it has none. */
  image: string;
  /** How many bottles of this size. */
  itemQty: number;
  /** Unit price after the offer, in rupees. */
  finalPrice: number;
}

export type NewCartLine = Omit<CartLine, 'itemQty'> & { itemQty?: number };

/** A bottle count within 1..10; anything else (a typed 0, 55, or not a number) is brought back into range. */
export function clampQty(n: number): number {
  if (!Number.isFinite(n)) return QTY_MIN;
  return Math.min(QTY_MAX, Math.max(QTY_MIN, Math.trunc(n)));
}

const sameLine = (a: { name: string; quantity: number }, b: { name: string; quantity: number }) =>
  a.name === b.name && a.quantity === b.quantity;

/** What tells two lines apart (the rule `addLine` merges by): product, size and price. */
export const lineKey = (line: Pick<CartLine, 'name' | 'quantity' | 'finalPrice'>) => `${line.name}-${line.quantity}-${line.finalPrice}`;

/**
 * Same name, size and price: the existing line grows; anything else is a new line. Lines of the same product and
 * size at another price (a price changed between two visits) share its 10 bottles, as the server counts them.
 */
export function addLine(lines: readonly CartLine[], item: NewCartLine): CartLine[] {
  const index = lines.findIndex((l) => sameLine(l, item) && l.finalPrice === item.finalPrice);
  const elsewhere = lines.reduce((n, l, i) => (i !== index && sameLine(l, item) ? n + l.itemQty : n), 0);
  const room = QTY_MAX - elsewhere - (lines[index]?.itemQty ?? 0);
  const adding = Math.min(clampQty(item.itemQty ?? 1), room);
  if (adding <= 0) return [...lines];
  if (index === -1) return [...lines, { ...item, itemQty: adding }];
  return lines.map((l, i) => (i === index ? { ...l, itemQty: l.itemQty + adding } : l));
}

/** Bottles of the item's product and size in the cart, at any price (they share one limit). */
export function bottlesOf(lines: readonly CartLine[], item: { name: string; quantity: number }): number {
  return lines.reduce((n, l) => (sameLine(l, item) ? n + l.itemQty : n), 0);
}

/** Removes every line of that product and size. */
export function removeLine(lines: readonly CartLine[], name: string, quantity: number): CartLine[] {
  return lines.filter((l) => !sameLine(l, { name, quantity }));
}

export function setLineQty(lines: readonly CartLine[], name: string, quantity: number, itemQty: number): CartLine[] {
  return withinBottleLimit(lines.map((l) => (sameLine(l, { name, quantity }) ? { ...l, itemQty: clampQty(itemQty) } : l)));
}

export function increaseLine(lines: readonly CartLine[], name: string, quantity: number): CartLine[] {
  return withinBottleLimit(lines.map((l) => (sameLine(l, { name, quantity }) ? { ...l, itemQty: clampQty(l.itemQty + 1) } : l)));
}

/** Never below 1: removing a line is its own action. */
export function decreaseLine(lines: readonly CartLine[], name: string, quantity: number): CartLine[] {
  return lines.map((l) => (sameLine(l, { name, quantity }) ? { ...l, itemQty: clampQty(l.itemQty - 1) } : l));
}

export interface CurrentPrice {
  name: string;
  quantity: number;
  finalPrice: number;
}

/**
 * Applies the server's current prices (409 PRICE_CHANGED). Lines that now match another line's name, size
 * and price are merged so the cart never shows the same bottle twice.
 */
export function applyPrices(lines: readonly CartLine[], prices: readonly CurrentPrice[]): CartLine[] {
  let result: CartLine[] = [];
  for (const line of lines) {
    const current = prices.find((p) => sameLine(p, line));
    result = addLine(result, current ? { ...line, finalPrice: current.finalPrice } : line);
  }
  return result;
}

/** Reads whatever was stored, keeping only well-formed lines (storage is user-editable). */
export function parseStoredLines(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return withinBottleLimit(parseLines(data));
}

function parseLines(data: unknown[]): CartLine[] {
  return data.flatMap((item) => {
    const x = item as Partial<CartLine> | null;
    if (!x || typeof x.name !== 'string' || typeof x.quantity !== 'number' || typeof x.finalPrice !== 'number') return [];
    return [
      {
        id: String(x.id ?? ''),
        name: x.name,
        price: Array.isArray(x.price) ? x.price.filter((p): p is number => typeof p === 'number') : [],
        quantity: x.quantity,
        description: typeof x.description === 'string' ? x.description : '',
        image: typeof x.image === 'string' ? x.image : '',
        // SPEC.md §3: a line without itemQty counts once.
        itemQty: clampQty(typeof x.itemQty === 'number' ? x.itemQty : 1),
        finalPrice: x.finalPrice,
      },
    ];
  });
}
