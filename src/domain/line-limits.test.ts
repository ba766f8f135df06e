import { describe, expect, it } from 'vitest';
import { linesOverBottleLimit, withinBottleLimit } from './line-limits';
import { createOrderSchema } from './schemas/order';

const line = (name: string, quantity: number, itemQty: number) => ({ name, quantity, itemQty });

describe('bottles per product and size across lines (DESIGN.md §7.1)', () => {
  it('counts the same product and size across lines, and only that pair', () => {
    expect(linesOverBottleLimit([line('Cow Ghee', 500, 6), line('Cow Ghee', 250, 6), line('Buffalo Ghee', 500, 6)])).toEqual([]);
    expect(linesOverBottleLimit([line('Cow Ghee', 500, 6), line('Cow Ghee', 500, 4)])).toEqual([]);
    expect(linesOverBottleLimit([line('Cow Ghee', 500, 6), line('Buffalo Ghee', 500, 1), line('Cow Ghee', 500, 5)])).toEqual([
      { index: 2, name: 'Cow Ghee', quantity: 500, bottles: 11 },
    ]);
  });

  it('names each product and size once, at the line that passes 10, with the whole count', () => {
    const fifty = Array.from({ length: 50 }, () => line('Cow Ghee', 500, 10));
    expect(linesOverBottleLimit(fifty)).toEqual([{ index: 1, name: 'Cow Ghee', quantity: 500, bottles: 500 }]);
    // A line without itemQty counts once.
    expect(linesOverBottleLimit([line('Cow Ghee', 500, 10), { name: 'Cow Ghee', quantity: 500 }])).toHaveLength(1);
  });

  it('keeps earlier lines whole and cuts or drops later ones down to 10 bottles', () => {
    const kept = withinBottleLimit([line('Cow Ghee', 500, 7), line('Buffalo Ghee', 500, 9), line('Cow Ghee', 500, 6), line('Cow Ghee', 500, 2)]);
    expect(kept).toEqual([line('Cow Ghee', 500, 7), line('Buffalo Ghee', 500, 9), line('Cow Ghee', 500, 3)]);
  });

  it('the order body schema refuses split lines under the line that passes the limit', () => {
    const item = { name: 'Cow Ghee', quantity: 500, itemQty: 10, finalPrice: 100 };
    const body = {
      username: 'Asha Rao',
      mobilenumber: '9876543210',
      emailaddress: 'asha@example.in',
      address: '12 MG Road',
      pincode: '560001',
      state: 'Karnataka',
      district: 'Bengaluru',
      items: [item, item, item, item, item],
      totalAmount: 5000,
      receipt: 'r-1',
    };
    const parsed = createOrderSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues.find((i) => i.path.join('.') === 'items.1.itemQty');
    expect(issue?.message).toMatch(/At most 10 bottles of Cow Ghee 500 ml.*50/);
    expect(createOrderSchema.safeParse({ ...body, items: [{ ...item, itemQty: 5 }, { ...item, itemQty: 5 }] }).success).toBe(true);
  });
});
