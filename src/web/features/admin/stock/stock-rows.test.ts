import { describe, expect, it } from 'vitest';
import type { StockLevel } from '../../../../domain/stock';
import { emptyStockWords, sortLevels, stockBadge, stockSummary, switchedOffProducts, untrackedSizes } from './stock-rows';

const level = (name: string, size: number, stock: number, low: boolean): StockLevel => ({
  productId: name.length,
  name,
  size,
  stock,
  low,
  negative: stock < 0,
  updatedAt: '2026-11-25T10:00:00.000Z',
});

describe('sortLevels', () => {
  it('puts below zero first, then low, then the rest, fewest bottles first within each', () => {
    const rows = [level('Cow', 500, 40, false), level('Cow', 250, 4, true), level('Buffalo', 500, -2, true), level('A2', 250, 0, true), level('A2', 500, 12, false)];
    expect(sortLevels(rows).map((l) => `${l.name} ${l.size}: ${l.stock}`)).toEqual([
      'Buffalo 500: -2',
      'A2 250: 0',
      'Cow 250: 4',
      'A2 500: 12',
      'Cow 500: 40',
    ]);
  });

  it('keeps a low flag from the server even when a bigger count is low (a raised threshold)', () => {
    const rows = [level('Cow', 500, 3, false), level('Ghee', 250, 8, true)];
    expect(sortLevels(rows).map((l) => l.name)).toEqual(['Ghee', 'Cow']);
  });

  it('orders equal counts by name, then size, and leaves its input alone', () => {
    const rows = [level('Cow', 500, 2, true), level('Buffalo', 500, 2, true), level('Buffalo', 250, 2, true)];
    expect(sortLevels(rows).map((l) => `${l.name} ${l.size}`)).toEqual(['Buffalo 250', 'Buffalo 500', 'Cow 500']);
    expect(rows[0]?.name).toBe('Cow');
  });
});

describe('untrackedSizes', () => {
  it('lists only the sizes without a count, product by product', () => {
    const products = [
      { _id: '3', name: 'Cow', quantitysize: [250, 500], stock: [null, 4] },
      { _id: '5', name: 'Buffalo', quantitysize: [500, 1000], stock: [null, null] },
      { _id: '6', name: 'A2', quantitysize: [250], stock: [0] },
    ];
    expect(untrackedSizes(products)).toEqual([
      { productId: 3, name: 'Cow', size: 250 },
      { productId: 5, name: 'Buffalo', size: 500 },
      { productId: 5, name: 'Buffalo', size: 1000 },
    ]);
  });
});

describe('stockSummary', () => {
  it('counts below zero apart from low', () => {
    expect(stockSummary([level('A', 1, -1, true), level('B', 1, 2, true), level('C', 1, 9, false)])).toEqual({ negative: 1, low: 1, tracked: 3 });
  });
});

describe('stockBadge', () => {
  it('says Sold out at 0, Low at or under the threshold, Below zero under 0, In stock otherwise', () => {
    const rows = [level('Cow', 500, 0, true), level('Cow', 500, 3, true), level('Cow', 500, -2, true), level('Cow', 500, 40, false)];
    expect(rows.map((row) => stockBadge(row).text)).toEqual(['Sold out', 'Low', 'Below zero', 'In stock']);
  });
});

describe('products sold out by their in-stock switch', () => {
  const products = [
    { _id: '3', name: 'Cow', instock: true },
    { _id: '5', name: 'Buffalo', instock: false },
    { _id: '6', name: 'A2', instock: false },
  ];

  it('are found by id, whatever their counts', () => {
    expect([...switchedOffProducts(products).entries()]).toEqual([
      [5, 'Buffalo'],
      [6, 'A2'],
    ]);
  });

  it('are named when no size is counted, instead of calling every size for sale', () => {
    expect(emptyStockWords([])).toBe('No size is counted yet. Every size is for sale until you set its count in the studio.');
    expect(emptyStockWords([products[0]!])).toBe('No size is counted yet. Every size is for sale until you set its count in the studio.');
    expect(emptyStockWords(products)).toBe(
      'No size is counted yet. Buffalo and A2 are sold out: their in-stock switch is off in the studio. Every other size is for sale until you set its count.',
    );
    expect(emptyStockWords([products[1]!])).toBe(
      'No size is counted yet. Buffalo is sold out: its in-stock switch is off in the studio. Every other size is for sale until you set its count.',
    );
  });

  it('make a counted size read Sold out, even with bottles on the shelf', () => {
    expect(stockBadge(level('Buffalo', 500, 40, false), true)).toEqual({ text: 'Sold out', className: 'status-cancelled' });
    expect(stockBadge(level('Buffalo', 500, -2, true), true).text).toBe('Below zero');
  });
});
