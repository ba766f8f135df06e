import { describe, expect, it } from 'vitest';
import type { StockLevel } from '../../../domain/stock';
import { parseReceived, parseShelfCount, stockOfSizes, stockStatus } from './stock-values';

const level = (productId: number, size: number, stock: number): StockLevel => ({
  productId,
  name: `P${productId}`,
  size,
  stock,
  low: stock <= 5,
  negative: stock < 0,
  updatedAt: '2026-11-25T10:00:00.000Z',
});

describe('parseShelfCount', () => {
  it('reads a whole number from 0 up, and an empty box as "stop tracking"', () => {
    expect(parseShelfCount('12')).toEqual({ ok: true, value: 12 });
    expect(parseShelfCount(' 0 ')).toEqual({ ok: true, value: 0 });
    expect(parseShelfCount('')).toEqual({ ok: true, value: null });
    expect(parseShelfCount('   ')).toEqual({ ok: true, value: null });
  });

  it("refuses negatives, fractions and words with the server's sentence", () => {
    const message = 'Enter the bottles on the shelf as a whole number from 0 up.';
    for (const text of ['-1', '2.5', 'ten', '1000001']) expect(parseShelfCount(text)).toEqual({ ok: false, message });
  });
});

describe('parseReceived', () => {
  it('reads a whole number from 1 up; 0, empty, fractions and words are refused', () => {
    expect(parseReceived('6')).toEqual({ ok: true, value: 6 });
    const message = 'Enter the bottles received as a whole number from 1 up.';
    for (const text of ['0', '', '1.5', '-3', 'six']) expect(parseReceived(text)).toEqual({ ok: false, message });
  });
});

describe('stockOfSizes', () => {
  it("lines the server's list up with the product's sizes, null where a size is not tracked", () => {
    const levels = [level(7, 500, 3), level(8, 250, 9), level(7, 1000, -2)];
    expect(stockOfSizes({ _id: '7', quantitysize: [250, 500, 1000] }, levels)).toEqual([null, 3, -2]);
    expect(stockOfSizes({ _id: '9', quantitysize: [250] }, levels)).toEqual([null]);
  });
});

describe('stockStatus', () => {
  it('says untracked, counted, sold out and below zero apart', () => {
    expect(stockStatus(null)).toEqual({ text: 'Not tracked: always for sale', tone: 'muted' });
    expect(stockStatus(1)).toEqual({ text: '1 bottle on the shelf', tone: 'ok' });
    expect(stockStatus(12).text).toBe('12 bottles on the shelf');
    expect(stockStatus(0)).toMatchObject({ tone: 'out', text: expect.stringContaining('Sold out') });
    expect(stockStatus(-2)).toMatchObject({ tone: 'negative', text: expect.stringContaining('-2 bottles') });
  });
});
