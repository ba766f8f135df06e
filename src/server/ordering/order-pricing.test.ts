import { describe, expect, it } from 'vitest';
import { priceOrder, type CatalogueEntry } from './order-pricing';

const catalogue = new Map<string, CatalogueEntry>([
  ['A2 Desi Cow Ghee', { id: 1, name: 'A2 Desi Cow Ghee', offerpercentage: 15, instock: true, sizes: [{ size: 250, price: 649 }, { size: 500, price: 1199 }, { size: 1000, price: 2299 }] }],
  ['Buffalo Ghee', { id: 2, name: 'Buffalo Ghee', offerpercentage: 0, instock: true, sizes: [{ size: 500, price: 549 }, { size: 1000, price: 999 }] }],
  ['Himalayan Badri Cow Ghee', { id: 3, name: 'Himalayan Badri Cow Ghee', offerpercentage: 5, instock: false, sizes: [{ size: 250, price: 899 }] }],
]);

describe('priceOrder', () => {
  it('prices each line from the catalogue, offer rounded as the spec says, and totals them', () => {
    // 15% of 649 = 97.35 → 97, so 552 each.
    const result = priceOrder(
      [
        { name: 'A2 Desi Cow Ghee', quantity: 250, itemQty: 2, finalPrice: 552 },
        { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 },
      ],
      2103,
      catalogue,
    );
    expect(result).toEqual({
      kind: 'priced',
      totalAmount: 2103,
      lines: [
        { productId: 1, name: 'A2 Desi Cow Ghee', size: 250, unitPrice: 552, itemQty: 2, lineTotal: 1104, stock: null },
        { productId: 2, name: 'Buffalo Ghee', size: 1000, unitPrice: 999, itemQty: 1, lineTotal: 999, stock: null },
      ],
    });
  });

  it('answers price-changed with today\'s prices when a line price is tampered', () => {
    const result = priceOrder([{ name: 'A2 Desi Cow Ghee', quantity: 500, itemQty: 1, finalPrice: 1 }], 1, catalogue);
    expect(result.kind).toBe('price-changed');
    if (result.kind !== 'price-changed') return;
    expect(result.totalAmount).toBe(1019);
    expect(result.lines[0]?.unitPrice).toBe(1019);
  });

  it('answers price-changed when only the total is tampered', () => {
    const result = priceOrder([{ name: 'Buffalo Ghee', quantity: 500, itemQty: 3, finalPrice: 549 }], 549, catalogue);
    expect(result).toMatchObject({ kind: 'price-changed', totalAmount: 1647 });
  });

  it('names every line that cannot be sold, under its own field', () => {
    const result = priceOrder(
      [
        { name: 'Buffalo Ghee', quantity: 500, itemQty: 1, finalPrice: 549 },
        { name: 'Mystery Ghee', quantity: 500, itemQty: 1, finalPrice: 10 },
        { name: 'A2 Desi Cow Ghee', quantity: 750, itemQty: 1, finalPrice: 10 },
        { name: 'Himalayan Badri Cow Ghee', quantity: 250, itemQty: 1, finalPrice: 854 },
      ],
      0,
      catalogue,
    );
    expect(result).toEqual({
      kind: 'invalid',
      fields: {
        'items.1.name': 'We do not sell "Mystery Ghee". Remove it from your cart and try again.',
        'items.2.quantity': 'A2 Desi Cow Ghee is not sold in 750 ml. Choose 250 ml, 500 ml or 1000 ml.',
        'items.3.name': 'Himalayan Badri Cow Ghee is out of stock. Remove it from your cart to continue.',
      },
    });
  });
});
