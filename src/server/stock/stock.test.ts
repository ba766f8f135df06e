import { afterAll, beforeAll, expect, it } from 'vitest';
import { codOrder, confirm, createOrder, orderBody, sandboxPay, settledMailbox, testPlacement } from '../../../tests/support/test-orders';
import { reconcilePendingPayments } from '../ordering/reconciliation';
import type { NewPlacement } from '../ordering/order-batch-writer';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { setStock, takeStockTogether } from './stock-repository';
import { stockList } from './stock-admin-service';

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

  let placed = 0;
  /** A cash-on-delivery placement of `qty` bottles of Cow 500 ml, handed straight to the group-commit writer. */
  const placement = (qty: number): NewPlacement =>
    testPlacement(
      {
        userId: user.id,
        orderid: `order_StockGroup${String((placed += 1)).padStart(5, '0')}${dialect.slice(0, 1)}`,
        receipt: `Receipt-stock-group-${placed}`,
        username: 'Group Customer',
        emailaddress: user.email,
        lines: [{ productId: cowId, name: COW, size: 500, qty, price: 1019, stockTaken: true }],
      },
      { queueMail: false, stock: [{ productId: cowId, size: 500, qty }] },
    );
  it('in one group commit, the order short of bottles fails alone and the others are written', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 4);
    const results = await Promise.all([placement(2), placement(3), placement(2)].map((p) => shop.app.ctx.orderWriter.place(p)));
    expect(results.map((r) => r.kind)).toEqual(['created', 'out-of-stock', 'created']);
    expect(results[1]).toMatchObject({ short: { productId: cowId, size: 500, left: 2 } });
    expect(await stockNow()).toBe(0);
  });

  it('a group whose orders all fit takes each its own bottles, and crosses the low-stock threshold once', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 10);
    const lowMails = async () => (await settledMailbox(shop)).filter((m) => m.subject.startsWith('Low stock'));
    const before = (await lowMails()).length;
    const results = await Promise.all([placement(2), placement(3), placement(2)].map((p) => shop.app.ctx.orderWriter.place(p)));
    expect(results.map((r) => r.kind)).toEqual(['created', 'created', 'created']);
    expect(await stockNow()).toBe(3);
    // Taken one after another, 10 → 8 → 5 → 3: the second order is the one that crosses a threshold of 5.
    expect((await lowMails()).slice(before).map((m) => m.subject)).toEqual([`Low stock: ${COW} 500 ml (5 left)`]);
    // Only the third leaves a count the storefront shows (5 or fewer before or after).
    expect(results.map((r) => r.kind === 'created' && r.stockShown)).toEqual([false, true, true]);
  });

  it('taking a group\'s bottles together: all or nothing, each order\'s count as if taken one after another', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 4);
    const cow = (qty: number) => [{ productId: cowId, size: 500, qty }];
    const untracked = { productId: cowId, size: 250, qty: 1 };
    await setStock(shop.app.ctx.db, cowId, 250, null);
    const short = await shop.app.ctx.db.transaction().execute((trx) => takeStockTogether(trx, [cow(2), cow(3)]));
    expect(short).toBeNull();
    expect(await stockNow()).toBe(4);
    const taken = await shop.app.ctx.db.transaction().execute((trx) => takeStockTogether(trx, [cow(2), undefined, [...cow(1), untracked]]));
    expect(taken).toEqual([
      [{ productId: cowId, size: 500, before: 4, after: 2 }],
      [],
      [{ productId: cowId, size: 500, before: 2, after: 1 }],
    ]);
    expect(await stockNow()).toBe(1);
  });

  it('one low-stock mail to the shop when a size crosses the threshold, not one per order', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 7);
    const before = (await settledMailbox(shop)).filter((m) => m.subject.startsWith('Low stock')).length;
    for (let i = 0; i < 4; i += 1) expect((await codOrder(shop, user, cowOrder(1))).statusCode).toBe(200);
    const lows = (await settledMailbox(shop)).filter((m) => m.subject.startsWith('Low stock')).slice(before);
    expect(lows).toHaveLength(1);
    expect(lows[0]).toMatchObject({ to: 'admin@gheeshop.test', subject: `Low stock: ${COW} 500 ml (5 left)` });
  });

  it('an unpaid online order holds its bottles for 30 minutes; a late payment still pays and the count goes negative, marked', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 2);
    const online = await createOrder(shop, user, { ...cowOrder(2), paymentmode: 'ONLINE' });
    expect(online.statusCode).toBe(200);
    const orderid = online.json().orderid as string;
    expect(await stockNow()).toBe(0);
    const early = await reconcilePendingPayments(shop.app.ctx, { now: new Date(Date.now() + 20 * 60_000) });
    expect(early.holdsReleased).toBe(0);
    expect(await stockNow()).toBe(0);
    const late = await reconcilePendingPayments(shop.app.ctx, { now: new Date(Date.now() + 31 * 60_000) });
    expect(late.holdsReleased).toBe(1);
    expect(await stockNow()).toBe(2);
    // Twice is harmless: the bottles went back once.
    expect((await reconcilePendingPayments(shop.app.ctx, { now: new Date(Date.now() + 32 * 60_000) })).holdsReleased).toBe(0);
    expect((await codOrder(shop, user, cowOrder(2))).statusCode).toBe(200);
    expect(await stockNow()).toBe(0);
    const checkout = (await sandboxPay(shop, orderid)).json();
    const paid = await confirm(shop, user, { orderid, paymentid: checkout.razorpay_payment_id, paymentsignature: checkout.razorpay_signature });
    expect(paid.statusCode).toBe(200);
    await settledMailbox(shop);
    expect(await stockNow()).toBe(-2);
    expect((await stockList(shop.app.ctx)).find((l) => l.productId === cowId && l.size === 500)).toMatchObject({ stock: -2, negative: true, low: true });
  }, 60_000);

  it('the public product answer tells per size whether it is in stock and, at 5 or fewer, how many are left', async () => {
    await setStock(shop.app.ctx.db, cowId, 500, 4);
    shop.app.ctx.catalogue.invalidate();
    const cow = (await shop.app.ctx.catalogue.list()).find((p) => p.name === COW);
    const at = cow?.quantitysize.indexOf(500) ?? -1;
    expect(cow?.sizeInStock?.[at]).toBe(true);
    expect(cow?.stockLeft?.[at]).toBe(4);
    for (const size of cow?.quantitysize ?? []) await setStock(shop.app.ctx.db, cowId, size, 0);
    shop.app.ctx.catalogue.invalidate();
    const soldOut = (await shop.app.ctx.catalogue.list()).find((p) => p.name === COW);
    expect(soldOut?.instock).toBe(false);
    expect(soldOut?.sizeInStock?.every((x) => !x)).toBe(true);
    for (const size of cow?.quantitysize ?? []) await setStock(shop.app.ctx.db, cowId, size, null);
  });

  it('admins set and add received bottles through the API, audited; others are refused', async () => {
    const admin = await adminOf(shop);
    const set = await shop.app.inject({ method: 'PUT', url: `/api/stock/${cowId}/500`, headers: admin.auth, payload: { stock: 8 } });
    expect(set.statusCode).toBe(200);
    const add = await shop.app.inject({ method: 'POST', url: `/api/stock/${cowId}/500/received`, headers: admin.auth, payload: { bottles: 12 } });
    expect(add.json()).toContainEqual(expect.objectContaining({ productId: cowId, size: 500, stock: 20, low: false }));
    expect((await shop.app.inject({ method: 'PUT', url: `/api/stock/${cowId}/500`, headers: admin.auth, payload: { stock: -1 } })).statusCode).toBe(400);
    expect((await shop.app.inject({ method: 'PUT', url: `/api/stock/${cowId}/333`, headers: admin.auth, payload: { stock: 1 } })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/stock', headers: user.auth })).statusCode).toBe(403);
    const audit = await shop.app.ctx.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('action', 'like', 'stock.%').execute();
    expect(audit).toEqual(expect.arrayContaining([{ action: 'stock.set', actor_user_id: admin.id }, { action: 'stock.receive', actor_user_id: admin.id }]));
  });
});
