import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { insertSyntheticOrders, syntheticOrder } from '../../../tests/support/synthetic-orders';

// The admin list's totals come from trigger-kept counters and its search from a trigram index (migration 0009):
// both must follow every kind of write to orders, not only inserts.
describeEachDatabase('admin order totals and search follow every write', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let tag: string;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    ({ tag } = await insertSyntheticOrders(shop.app.ctx.db, 40, { batchSize: 7 }));
  });
  afterAll(async () => shop.close());

  async function page(query: string) {
    const res = await shop.app.inject({ url: `/api/order/admin?limit=100&${query}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return { total: Number(res.headers['x-total-count']), ids: (res.json() as { orderid: string }[]).map((o) => o.orderid) };
  }
  const db = () => shop.app.ctx.db;
  const orderid = (i: number) => syntheticOrder(i, { tag }).orderid;

  it('counts inserts, status changes, payments, renames and deletions', async () => {
    // 40 orders: 36 sales (every 10th is unpaid online), statuses cycling through four values.
    const sales = Array.from({ length: 40 }, (_, i) => syntheticOrder(i, { tag })).filter((o) => o.payment_status !== 'PENDING');
    const readySales = sales.filter((o) => o.status === 'READY').length;
    const preparingSales = sales.filter((o) => o.status === 'PREPARATION').length;
    expect((await page('')).total).toBe(36);
    expect((await page('payment=pending')).total).toBe(4);
    expect((await page('status=READY')).total).toBe(readySales);

    // Order 0 is a cash-on-delivery sale in PREPARATION.
    await db().updateTable('orders').set({ status: 'READY' }).where('orderid', '=', orderid(0)).execute();
    expect((await page('status=READY')).total).toBe(readySales + 1);
    expect((await page('status=PREPARATION')).total).toBe(preparingSales - 1);
    expect((await page('')).total).toBe(36);

    // An unpaid online order that gets paid moves from the pending list to the sales.
    await db().updateTable('orders').set({ payment_status: 'PAID' }).where('orderid', '=', orderid(9)).execute();
    expect((await page('')).total).toBe(37);
    expect((await page('payment=pending')).total).toBe(3);

    // A change that touches no counted column leaves the totals alone.
    await db().updateTable('orders').set({ note: 'ring twice' }).execute();
    expect((await page('')).total).toBe(37);

    await db().updateTable('orders').set({ username: 'Zubin Wadia' }).where('orderid', '=', orderid(1)).execute();
    const renamed = await page('q=zubin');
    expect(renamed).toEqual({ total: 1, ids: [orderid(1)] });
    expect((await page(`q=${syntheticOrder(1, { tag }).username}`)).ids).not.toContain(orderid(1));

    const gone = orderid(2);
    await db().deleteFrom('order_lines').where('order_id', 'in', db().selectFrom('orders').select('id').where('orderid', '=', gone)).execute();
    await db().deleteFrom('orders').where('orderid', '=', gone).execute();
    expect((await page('')).total).toBe(36);
    expect((await page(`q=${gone.slice(6)}`)).total).toBe(0);
  });

  it('pages past the middle from the far end and still lines up with the total, in both sorts', async () => {
    const all = await page('sort=oldest');
    for (const sort of ['newest', 'oldest'] as const) {
      const expected = sort === 'oldest' ? all.ids : [...all.ids].reverse();
      for (const offset of [0, 10, 17, 18, 19, 30, 33, 35, 36, 50]) {
        const res = await shop.app.inject({ url: `/api/order/admin?sort=${sort}&offset=${offset}&limit=5`, headers: admin.auth });
        const ids = (res.json() as { orderid: string }[]).map((o) => o.orderid);
        expect(ids, `${sort} offset ${offset}`).toEqual(expected.slice(offset, offset + 5));
      }
    }
  });
});
