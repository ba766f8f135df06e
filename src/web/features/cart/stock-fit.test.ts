import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart-lines';
import { bottlesOf, fitToStock } from './stock-fit';

const line = (name: string, quantity: number, itemQty: number, finalPrice = 500): CartLine => ({
  id: '',
  name,
  price: [finalPrice],
  quantity,
  description: '',
  image: '',
  itemQty,
  finalPrice,
});

describe('fitToStock', () => {
  const cart = [line('Cow Ghee', 500, 4), line('Cow Ghee', 250, 3), line('Buffalo Ghee', 500, 2)];

  it('lowers the line to what is left and leaves other sizes and products alone', () => {
    expect(fitToStock(cart, { name: 'Cow Ghee', quantity: 500 }, 1).map((l) => l.itemQty)).toEqual([1, 3, 2]);
  });

  it('removes the line when none are left', () => {
    const fitted = fitToStock(cart, { name: 'Cow Ghee', quantity: 500 }, 0);
    expect(fitted.map((l) => `${l.name} ${l.quantity}`)).toEqual(['Cow Ghee 250', 'Buffalo Ghee 500']);
  });

  it('shares what is left between two lines of one size (two prices), earlier first', () => {
    const twoPrices = [line('Cow Ghee', 500, 2, 500), line('Cow Ghee', 500, 3, 520)];
    expect(fitToStock(twoPrices, { name: 'Cow Ghee', quantity: 500 }, 3).map((l) => l.itemQty)).toEqual([2, 1]);
    expect(fitToStock(twoPrices, { name: 'Cow Ghee', quantity: 500 }, 1).map((l) => [l.finalPrice, l.itemQty])).toEqual([[500, 1]]);
    expect(bottlesOf(twoPrices, { name: 'Cow Ghee', quantity: 500 })).toBe(5);
  });

  it('changes nothing when the cart already fits', () => {
    expect(fitToStock(cart, { name: 'Cow Ghee', quantity: 500 }, 9)).toEqual(cart);
  });
});
