// A cart line that asks for more bottles than are left (409 OUT_OF_STOCK at checkout), brought down to what is.
import type { CartLine } from './cart-lines';

type Size = { name: string; quantity: number };

const sameSize = (line: Size, size: Size) => line.name === size.name && line.quantity === size.quantity;

/** Bottles of one product and size over all lines (two prices of one size are two lines, one count to the server). */
export function bottlesOf(lines: readonly CartLine[], size: Size): number {
  return lines.reduce((sum, l) => (sameSize(l, size) ? sum + l.itemQty : sum), 0);
}

/** Keeps at most `left` bottles of the size, earlier lines first; a line left with none is removed. */
export function fitToStock(lines: readonly CartLine[], size: Size, left: number): CartLine[] {
  let room = Math.max(0, left);
  return lines.flatMap((l) => {
    if (!sameSize(l, size)) return [l];
    const keep = Math.min(l.itemQty, room);
    room -= keep;
    return keep > 0 ? [{ ...l, itemQty: keep }] : [];
  });
}
