import { describe, expect, it } from 'vitest';
import {
  addLine,
  applyPrices,
  bottlesOf,
  decreaseLine,
  increaseLine,
  parseStoredLines,
  removeLine,
  setLineQty,
  type NewCartLine,
} from './cart-lines';

const ghee = (quantity: number, finalPrice: number, itemQty?: number): NewCartLine => ({
  id: '1',
  name: 'A2 Desi Cow Ghee',
  price: [649, 1199],
  quantity,
  description: 'Slow-cooked',
  image: '/media/x-card.webp',
  finalPrice,
  ...(itemQty === undefined ? {} : { itemQty }),
});

describe('cart lines (SPEC.md §4)', () => {
  it('adds a new line, then merges the same name, size and price into it', () => {
    const one = addLine([], ghee(250, 552));
    expect(one).toHaveLength(1);
    expect(one[0]?.itemQty).toBe(1);
    const two = addLine(one, ghee(250, 552));
    expect(two).toHaveLength(1);
    expect(two[0]?.itemQty).toBe(2);
  });

  it('keeps another size or another price as a separate line', () => {
    const lines = addLine(addLine(addLine([], ghee(250, 552)), ghee(500, 1019)), ghee(250, 600));
    expect(lines.map((l) => [l.quantity, l.finalPrice])).toEqual([
      [250, 552],
      [500, 1019],
      [250, 600],
    ]);
  });

  it('adds a chosen quantity from the detail page, capped at 10', () => {
    const lines = addLine(addLine([], ghee(250, 552, 7)), ghee(250, 552, 6));
    expect(lines[0]?.itemQty).toBe(10);
  });

  it('removes every line of that name and size only', () => {
    const lines = [ghee(250, 552, 1), ghee(250, 600, 1), ghee(500, 1019, 1)].reduce(addLine, []);
    expect(removeLine(lines, 'A2 Desi Cow Ghee', 250).map((l) => l.quantity)).toEqual([500]);
  });

  it('increases up to 10, decreases never below 1, and sets within 1..10', () => {
    let lines = addLine([], ghee(250, 552, 9));
    lines = increaseLine(lines, 'A2 Desi Cow Ghee', 250);
    lines = increaseLine(lines, 'A2 Desi Cow Ghee', 250);
    expect(lines[0]?.itemQty).toBe(10);
    lines = setLineQty(lines, 'A2 Desi Cow Ghee', 250, 2);
    lines = decreaseLine(lines, 'A2 Desi Cow Ghee', 250);
    lines = decreaseLine(lines, 'A2 Desi Cow Ghee', 250);
    expect(lines[0]?.itemQty).toBe(1);
    expect(setLineQty(lines, 'A2 Desi Cow Ghee', 250, 0)[0]?.itemQty).toBe(1);
    expect(setLineQty(lines, 'A2 Desi Cow Ghee', 250, 55)[0]?.itemQty).toBe(10);
  });

  it('applies current prices and merges lines that become identical', () => {
    const lines = [ghee(250, 500, 2), ghee(250, 552, 3), ghee(500, 1019, 1)].reduce(addLine, []);
    const updated = applyPrices(lines, [{ name: 'A2 Desi Cow Ghee', quantity: 250, finalPrice: 552 }]);
    expect(updated.map((l) => [l.quantity, l.finalPrice, l.itemQty])).toEqual([
      [250, 552, 5],
      [500, 1019, 1],
    ]);
  });

  it('reads stored lines defensively: bad JSON, junk rows, a missing itemQty counts once', () => {
    expect(parseStoredLines('{oops')).toEqual([]);
    expect(parseStoredLines('{"a":1}')).toEqual([]);
    const parsed = parseStoredLines(JSON.stringify([{ name: 'Buffalo Ghee', quantity: 500, finalPrice: 549 }, null, 5]));
    expect(parsed).toHaveLength(1);
    expect(parsed[0]?.itemQty).toBe(1);
  });
});

describe('bottles of one product and size across cart lines (DESIGN.md §7.1)', () => {
  it('a line at another price shares the 10 bottles: adding gives only the room left, or nothing', () => {
    let lines = addLine([], ghee(250, 552, 7));
    lines = addLine(lines, ghee(250, 600, 6));
    expect(lines.map((l) => [l.finalPrice, l.itemQty])).toEqual([
      [552, 7],
      [600, 3],
    ]);
    expect(addLine(lines, ghee(250, 600, 1))).toEqual(lines);
    expect(addLine(lines, ghee(500, 1019, 10)).at(-1)?.itemQty).toBe(10);
  });

  it('raising a quantity or reading a stored cart never passes 10 bottles of a product and size', () => {
    const lines = [ghee(250, 552, 5), ghee(250, 600, 5)].reduce(addLine, []);
    expect(increaseLine(lines, 'A2 Desi Cow Ghee', 250).reduce((n, l) => n + l.itemQty, 0)).toBe(10);
    expect(setLineQty(lines, 'A2 Desi Cow Ghee', 250, 9).reduce((n, l) => n + l.itemQty, 0)).toBe(10);
    const stored = JSON.stringify(Array.from({ length: 5 }, () => ({ ...ghee(250, 552), itemQty: 10 })));
    expect(parseStoredLines(stored).map((l) => l.itemQty)).toEqual([10]);
  });
});

describe('bottlesOf: what Add to Cart tells the customer went in', () => {
  it('counts a size at every price, and shows that nothing goes in at the limit', () => {
    const nine = addLine(addLine([], ghee(500, 1019, 4)), ghee(500, 999, 5));
    expect(bottlesOf(nine, { name: 'A2 Desi Cow Ghee', quantity: 500 })).toBe(9);
    expect(bottlesOf(nine, { name: 'A2 Desi Cow Ghee', quantity: 1000 })).toBe(0);
    const ten = addLine(nine, ghee(500, 1019, 3));
    expect(bottlesOf(ten, { name: 'A2 Desi Cow Ghee', quantity: 500 })).toBe(10);
    expect(bottlesOf(addLine(ten, ghee(500, 1019, 1)), { name: 'A2 Desi Cow Ghee', quantity: 500 })).toBe(10);
  });
});
