import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { MAX_MERGED_NAMES, nameSearchApplies } from './name-search';
import { insertSyntheticOrders, syntheticOrder, type SyntheticOrder } from '../../../tests/support/synthetic-orders';

it('takes ASCII terms of three characters or more through the names table', () => {
  expect(nameSearchApplies('mee')).toBe(true);
  expect(nameSearchApplies('priya singh')).toBe(true);
  expect(nameSearchApplies('me')).toBe(false);
  expect(nameSearchApplies('zoë')).toBe(false);
  expect(nameSearchApplies('मीना')).toBe(false);
});

// A search through the names table merges one index range per matching name with the orders matched by id alone;
// every page, in both sorts and with a status filter, must be exactly what "name or short id contains the term"
// gives, recomputed here from the fixtures.
describeEachDatabase('admin search by a name many orders share', (dialect) => {
  const COUNT = 150;
  let shop: TestShop;
  let admin: TestUser;
  let orders: SyntheticOrder[];
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    const { tag } = await insertSyntheticOrders(shop.app.ctx.db, COUNT, { batchSize: 40 });
    orders = Array.from({ length: COUNT }, (_, i) => syntheticOrder(i, { tag }));
  });
  afterAll(async () => shop.close());

  const db = () => shop.app.ctx.db;
  async function page(query: string) {
    const res = await shop.app.inject({ url: `/api/order/admin?${query}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return { total: Number(res.headers['x-total-count']), ids: (res.json() as { orderid: string }[]).map((o) => o.orderid) };
  }
  async function rename(orderid: string, username: string) {
    await db().updateTable('orders').set({ username }).where('orderid', '=', orderid).execute();
    const order = orders.find((o) => o.orderid === orderid);
    if (order) order.username = username;
  }
  function expected(term: string, status?: string) {
    const t = term.toLowerCase();
    return orders
      .filter((o) => o.payment_status === 'PAID' || o.payment_status === 'COD')
      .filter((o) => !status || o.status === status)
      .filter((o) => o.username.toLowerCase().includes(t) || o.orderid.slice(6).toLowerCase().includes(t))
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((o) => o.orderid);
  }
  async function expectEveryPage(term: string, status?: string) {
    const oldest = expected(term, status);
    expect(oldest.length, `fixture matches for ${term}`).toBeGreaterThan(0);
    const filter = status ? `&status=${status}` : '';
    for (const sort of ['newest', 'oldest'] as const) {
      const all = sort === 'oldest' ? oldest : [...oldest].reverse();
      for (const offset of [0, 3, Math.floor(all.length / 2), all.length - 4, all.length - 1, all.length, all.length + 5]) {
        if (offset < 0) continue;
        const got = await page(`q=${encodeURIComponent(term)}${filter}&sort=${sort}&offset=${offset}&limit=4`);
        expect(got, `${term} ${status ?? ''} ${sort} offset ${offset}`).toEqual({ total: all.length, ids: all.slice(offset, offset + 4) });
      }
    }
  }

  it('pages a first name shared by many customers, with and without a status filter', async () => {
    await expectEveryPage('meena');
    await expectEveryPage('MEENA', 'READY');
    await expectEveryPage('asha verma');
  });

  it('counts an order matched by its id and by its name once, and finds orders matched by id alone', async () => {
    const byId = orders.find((o, i) => i % 10 !== 9 && !o.username.toLowerCase().includes('zz'))!;
    const fragment = byId.orderid.slice(9, 13);
    const other = orders.find((o) => o !== byId && o.payment_status !== 'PENDING' && !o.orderid.includes(fragment))!;
    // The same name in other letter case is the same name: one range of the index, one count.
    await rename(other.orderid, `Kiran ${fragment.toUpperCase()} Rao`);
    await rename(byId.orderid, `kiran ${fragment.toLowerCase()} rao`);
    await expectEveryPage(fragment);
    expect((await page(`q=${fragment}`)).total).toBe(expected(fragment).length);
  });

  it('follows status changes and deletions', async () => {
    const ready = orders.filter((o) => o.status === 'READY' && o.username.startsWith('Meena') && o.payment_status !== 'PENDING');
    const moved = ready[0]!;
    await db().updateTable('orders').set({ status: 'DELIVERED' }).where('orderid', '=', moved.orderid).execute();
    moved.status = 'DELIVERED';
    await expectEveryPage('meena', 'READY');
    await expectEveryPage('meena', 'DELIVERED');

    const gone = ready[1]!;
    const row = await db().selectFrom('orders').select('id').where('orderid', '=', gone.orderid).executeTakeFirstOrThrow();
    await db().deleteFrom('order_lines').where('order_id', '=', row.id).execute();
    await db().deleteFrom('orders').where('id', '=', row.id).execute();
    orders = orders.filter((o) => o !== gone);
    await expectEveryPage('meena');
  });

  it(`still answers exactly when a term matches more than ${MAX_MERGED_NAMES} names`, async () => {
    const renamed = orders.filter((o) => o.payment_status !== 'PENDING').slice(0, MAX_MERGED_NAMES + 3);
    for (const [k, o] of renamed.entries()) await rename(o.orderid, `Nandini Customer${k}`);
    await expectEveryPage('nandini');
    await expectEveryPage('nandini', 'PREPARATION');
  });
});
