import { useSyncExternalStore } from 'react';
import {
  addLine,
  applyPrices,
  bottlesOf,
  decreaseLine,
  increaseLine,
  parseStoredLines,
  removeLine,
  setLineQty,
  type CartLine,
  type CurrentPrice,
  type NewCartLine,
} from './cart-lines';
import { fitToStock } from './stock-fit';

const KEY = 'ghee-shop.cart';
const listeners = new Set<() => void>();
let lines: CartLine[] = typeof window === 'undefined' ? [] : parseStoredLines(window.localStorage.getItem(KEY));

/** The cart lives in localStorage so a refresh, or a second tab, keeps it. */
function commit(next: CartLine[]): void {
  lines = next;
  try {
    if (next.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): the cart still works for this visit.
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    lines = parseStoredLines(event.newValue);
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getCart(): CartLine[] {
  return lines;
}

// The server renders an empty cart; hydration starts from the same and then shows the stored one.
const NO_LINES: CartLine[] = [];

export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, getCart, () => NO_LINES);
}

export const cart = {
  /** Adds the item as far as the limit per size allows; answers how many bottles went in (0 at the limit). */
  add: (item: NewCartLine): number => {
    const before = bottlesOf(lines, item);
    commit(addLine(lines, item));
    return bottlesOf(lines, item) - before;
  },
  remove: (name: string, quantity: number) => commit(removeLine(lines, name, quantity)),
  increase: (name: string, quantity: number) => commit(increaseLine(lines, name, quantity)),
  decrease: (name: string, quantity: number) => commit(decreaseLine(lines, name, quantity)),
  setQty: (name: string, quantity: number, itemQty: number) => commit(setLineQty(lines, name, quantity, itemQty)),
  applyPrices: (prices: readonly CurrentPrice[]) => commit(applyPrices(lines, prices)),
  fitToStock: (name: string, quantity: number, left: number) => commit(fitToStock(lines, { name, quantity }, left)),
  clear: () => commit([]),
};
