// DESIGN.md §7.1: the same product and size in several lines of one order counts as one line, so the 10-bottle
// limit per line cannot be dodged by splitting (five lines of 10, or fifty). Browser cart and server share it.
import { QTY_MAX } from './constants';

export interface CountedLine {
  /** Product name: what an order line names its product by. */
  name: string;
  /** Size in ml. */
  quantity: number;
  /** Bottles; a line without it counts once (SPEC.md §3). */
  itemQty?: number | undefined;
}

const productSize = (line: CountedLine) => `${line.quantity}\u0000${line.name}`;

export interface OverLimitLine {
  /** The first line at which the product and size pass the limit. */
  index: number;
  name: string;
  quantity: number;
  /** Bottles of that product and size across the whole order. */
  bottles: number;
}

/** Every product and size with more than 10 bottles across the order's lines, once each. */
export function linesOverBottleLimit(lines: readonly CountedLine[]): OverLimitLine[] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(productSize(line), (totals.get(productSize(line)) ?? 0) + (line.itemQty ?? 1));
  const running = new Map<string, number>();
  const over: OverLimitLine[] = [];
  lines.forEach((line, index) => {
    const key = productSize(line);
    const before = running.get(key) ?? 0;
    const after = before + (line.itemQty ?? 1);
    running.set(key, after);
    if (before <= QTY_MAX && after > QTY_MAX) {
      over.push({ index, name: line.name, quantity: line.quantity, bottles: totals.get(key) ?? after });
    }
  });
  return over;
}

/**
 * Keeps at most 10 bottles of each product and size, the earlier lines first: a later line gets what room is
 * left and drops out when none is.
 */
export function withinBottleLimit<T extends CountedLine & { itemQty: number }>(lines: readonly T[]): T[] {
  const used = new Map<string, number>();
  const kept: T[] = [];
  for (const line of lines) {
    const key = productSize(line);
    const room = QTY_MAX - (used.get(key) ?? 0);
    const itemQty = Math.min(line.itemQty, room);
    if (itemQty <= 0) continue;
    used.set(key, (used.get(key) ?? 0) + itemQty);
    kept.push(itemQty === line.itemQty ? line : { ...line, itemQty });
  }
  return kept;
}
