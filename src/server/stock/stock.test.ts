import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowIso } from '../db/database';
import { codOrder, orderBody, settledMailbox } from '../checkout/checkout-test-support';
import type { NewPlacement } from '../checkout/order-batch-writer';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../test-support/test-shop';
import { setStock } from './stock-repository';

const COW = 'A2 Desi Cow Ghee';

describeEachDatabase('stock per size', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  let cowId: number;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    user = await createTestUser(shop);
    cowId = (await shop.app.ctx.db.selectFrom('products').select('id').where('name', '=', COW).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => shop.close());

  const stockNow = async (size = 500) =>
    (await shop.app.ctx.db.selectFrom('stock_levels').select('stock').where('product_id', '=', cowId).where('size_ml', '=', size).executeTakeFirst())?.stock;
  const cowOrder = (itemQty: number) =>
    orderBody({
      paymentmode: 'CASHONDELIVERY',
      items: [{ name: COW, quantity: 500, itemQty, finalPrice: 1019 }],
      totalAmount: 1019 * itemQty,
    });

  it('50 concurrent orders for the last 10 bottles: exactly 10 are placed, the others hear 409 OUT_OF_STOCK, stock ends at 0', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 10);
    // One customer with 50 checkouts (50 receipts): the race is over the bottles, not the accounts.
    const racer = await createTestUser(shop);
    const answers = await Promise.all(Array.from({ length: 50 }, () => codOrder(shop, racer, cowOrder(1))));
    const placed = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.json()).toMatchObject({ error: 'OUT_OF_STOCK', line: { index: 0, name: COW, quantity: 500, left: 0 } });
    }
    expect(await stockNow()).toBe(0);
    const stored = await shop.app.ctx.db
      .selectFrom('orders')
      .select('orders.id')
      .where('user_id', '=', racer.id)
      .execute();
    expect(stored).toHaveLength(10);
  }, 120_000);

  it('too few left names the line and how many are left, and writes nothing; untracked sizes are not limited', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 3);
    const res = await codOrder(shop, user, cowOrder(5));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'OUT_OF_STOCK', message: expect.stringContaining('Only 3'), line: { index: 0, left: 3 } });
    expect(await stockNow()).toBe(3);
    const ok = await codOrder(shop, user, cowOrder(3));
    expect(ok.statusCode).toBe(200);
    expect(await stockNow()).toBe(0);
    await setStock(shop.app.ctx.db, cowId, 500, null);
    expect((await codOrder(shop, user, cowOrder(9))).statusCode).toBe(200);
  });

  it('in one group commit, the order short of bottles fails alone and the others are written', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 4);
    let n = 0;
    const placement = (qty: number): NewPlacement => ({
      order: {
        orderid: `order_StockGroup${String((n += 1)).padStart(5, '0')}${dialect.slice(0, 1)}`,
        user_id: user.id,
        receipt: `Receipt-stock-group-${n}`,
        username: 'Group Customer',
        emailaddress: user.email,
        mobilenumber: '9876543210',
        address: '12 Temple Street',
        pincode: '560001',
        district: 'Bengaluru Urban',
        state: 'Karnataka',
        note: '',
        total_amount: 1019 * qty,
        paymentmode: 'CASHONDELIVERY',
        payment_status: 'COD',
        paymentid: '',
        status: 'PREPARATION',
        gateway_order_id: null,
        verified_at: null,
        paid_at: null,
        client_created_at: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      },
      lines: [{ position: 0, product_id: cowId, name: COW, size_ml: 500, unit_price: 1019, item_qty: qty, line_total: 1019 * qty, stock_taken: 1 }],
      queueMail: false,
      stock: [{ productId: cowId, size: 500, qty }],
    });
    const results = await Promise.all([placement(2), placement(3), placement(2)].map((p) => shop.app.ctx.orderWriter.place(p)));
    expect(results.map((r) => r.kind)).toEqual(['created', 'out-of-stock', 'created']);
    expect(results[1]).toMatchObject({ short: { productId: cowId, size: 500, left: 2 } });
    expect(await stockNow()).toBe(0);
  });

  it('one low-stock mail to the shop when a size crosses the threshold, not one per order', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 7);
    const before = (await settledMailbox(shop)).filter((m) => m.subject.startsWith('Low stock')).length;
    for (let i = 0; i < 4; i += 1) expect((await codOrder(shop, user, cowOrder(1))).statusCode).toBe(200);
    const lows = (await settledMailbox(shop)).filter((m) => m.subject.startsWith('Low stock')).slice(before);
    expect(lows).toHaveLength(1);
    expect(lows[0]).toMatchObject({ to: 'admin@gheeshop.test', subject: `Low stock: ${COW} 500 ml (5 left)` });
  });
});
