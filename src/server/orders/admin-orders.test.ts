import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../domain/order-status';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { insertSyntheticOrders, syntheticOrder, type SyntheticOrder } from '../../../tests/support/synthetic-orders';

const COUNT = 1000;

describeEachDatabase('admin order list on 1,000 orders', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let all: SyntheticOrder[];
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    const started = Date.now();
    const { tag } = await insertSyntheticOrders(shop.app.ctx.db, COUNT, { batchSize: 250 });
    expect(Date.now() - started).toBeLessThan(20_000);
    all = Array.from({ length: COUNT }, (_, i) => syntheticOrder(i, { tag }));
  });
  afterAll(async () => shop.close());

  async function page(query: string) {
    const res = await shop.app.inject({ url: `/api/order/admin?${query}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return { ids: (res.json() as { orderid: string }[]).map((o) => o.orderid), total: Number(res.headers['x-total-count']), body: res.json() };
  }

  const sales = () => all.filter((o) => o.payment_status === 'PAID' || o.payment_status === 'COD');
  const newest = (rows: SyntheticOrder[]) => [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const oldest = (rows: SyntheticOrder[]) => [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const ids = (rows: SyntheticOrder[]) => rows.map((o) => o.orderid);

  it('without a limit answers every paid or COD order up to 1,000, newest first, with the total in X-Total-Count', async () => {
    const { ids: got, total, body } = await page('');
    expect(total).toBe(sales().length);
    expect(total).toBe(900);
    expect(got).toEqual(ids(newest(sales())));
    expect(body[0]).toMatchObject({ items: expect.any(Array), paymentstatus: expect.stringMatching(/^(PAID|COD)$/) });
  });

  it('pages with offset and limit in both sorts, up to 1,000 a page', async () => {
    expect((await page('sort=newest&offset=35&limit=20')).ids).toEqual(ids(newest(sales()).slice(35, 55)));
    expect((await page('sort=oldest&offset=0&limit=7')).ids).toEqual(ids(oldest(sales()).slice(0, 7)));
    expect((await page('sort=oldest&offset=890&limit=100')).ids).toEqual(ids(oldest(sales()).slice(890)));
    const beyond = await page('offset=5000');
    expect(beyond.ids).toEqual([]);
    expect(beyond.total).toBe(900);
    expect((await page('limit=100')).ids).toHaveLength(100);
    expect((await page('sort=oldest&limit=1000')).ids).toEqual(ids(oldest(sales())));
    const tooMany = await shop.app.inject({ url: '/api/order/admin?limit=1001', headers: admin.auth });
    expect(tooMany.statusCode).toBe(400);
  });

  it('filters by status', async () => {
    for (const status of ORDER_STATUSES) {
      const expected = newest(sales().filter((o) => o.status === status));
      const got = await page(`status=${status}&limit=100`);
      expect(got.total).toBe(expected.length);
      expect(got.ids).toEqual(ids(expected.slice(0, 100)));
    }
    const blank = await page('status=');
    expect(blank.total).toBe(900);
  });

  it('searches the short order id or the customer name, case-insensitively, combined with the filter', async () => {
    const target = sales()[123];
    if (!target) throw new Error('fixture too small');
    const short = target.orderid.slice('order_'.length);
    const sameIgnoringCase = newest(sales().filter((o) => o.orderid.toLowerCase() === target.orderid.toLowerCase()));
    expect(sameIgnoringCase.length).toBeGreaterThanOrEqual(1);
    expect((await page(`q=${short.toLowerCase()}`)).ids).toEqual(ids(sameIgnoringCase));
    expect((await page(`q=${target.orderid}`)).ids).toEqual(ids(sameIgnoringCase));
    const middle = short.slice(4, 12);
    const byFragment = newest(sales().filter((o) => o.orderid.slice(6).toLowerCase().includes(middle.toLowerCase()) || o.username.toLowerCase().includes(middle.toLowerCase())));
    const fragment = await page(`q=${middle}&limit=100`);
    expect(fragment.total).toBe(byFragment.length);
    expect(fragment.ids).toEqual(ids(byFragment.slice(0, 100)));

    const name = newest(sales().filter((o) => o.username.toLowerCase().includes('meena')));
    const got = await page('q=MEENA&limit=100');
    expect(got.total).toBe(name.length);
    expect(got.total).toBeGreaterThan(0);
    expect(got.ids).toEqual(ids(name.slice(0, 100)));

    // Pages of a search, in both sorts, and past its end (the total stays).
    expect((await page('q=meena&offset=7&limit=5')).ids).toEqual(ids(name.slice(7, 12)));
    const meenaOldest = oldest(sales().filter((o) => o.username.toLowerCase().includes('meena')));
    expect((await page('q=meena&sort=oldest&offset=3&limit=4')).ids).toEqual(ids(meenaOldest.slice(3, 7)));
    const pastEnd = await page(`q=meena&offset=${name.length}`);
    expect(pastEnd).toMatchObject({ ids: [], total: name.length });

    const combined = oldest(sales().filter((o) => o.username.toLowerCase().includes('iyer') && o.status === 'READY'));
    const both = await page('q=iyer&status=READY&sort=oldest&limit=100');
    expect(both.total).toBe(combined.length);
    expect(both.ids).toEqual(ids(combined));

    // 'order' is the prefix every id shares, not part of the short id: it matches nothing here.
    expect((await page('q=order')).total).toBe(0);
    // LIKE wildcards typed by the admin are taken literally.
    expect((await page('q=%25')).total).toBe(0);
    expect((await page('q=_')).total).toBe(0);
  });

  it('lists unpaid online orders with payment=pending, and never mixes them into sales', async () => {
    const unpaid = newest(all.filter((o) => o.payment_status === 'PENDING'));
    const got = await page('payment=pending&limit=100');
    expect(got.total).toBe(100);
    expect(got.ids).toEqual(ids(unpaid));
    expect((await page(`q=${unpaid[0]?.orderid.slice(6)}`)).total).toBe(0);
  });

  it('finds any order by its number on All orders, an unpaid online one too; other filters still apply', async () => {
    const unpaid = (await page('payment=pending&limit=1')).body[0] as { id: number; orderid: string };
    const sale = (await page('limit=1')).body[0] as { id: number; orderid: string; status: string };
    for (const typed of [`GS-${1000 + unpaid.id}`, ` gs ${1000 + unpaid.id} `, `GS${1000 + unpaid.id}`]) {
      const found = await page(`q=${encodeURIComponent(typed)}`);
      expect(found).toMatchObject({ ids: [unpaid.orderid], total: 1 });
    }
    expect(await page(`q=GS-${1000 + sale.id}&payment=pending`)).toMatchObject({ ids: [], total: 0 });
    expect(await page(`q=GS-${1000 + unpaid.id}&payment=pending`)).toMatchObject({ ids: [unpaid.orderid], total: 1 });
    expect(await page(`q=GS-${1000 + sale.id}&status=${sale.status}`)).toMatchObject({ ids: [sale.orderid], total: 1 });
    const other = sale.status === 'DELIVERED' ? 'PREPARATION' : 'DELIVERED';
    expect(await page(`q=GS-${1000 + sale.id}&status=${other}`)).toMatchObject({ ids: [], total: 0 });
    expect(await page(`q=GS-${1000 + sale.id}&offset=20&limit=20`)).toMatchObject({ ids: [], total: 1 });
    expect(await page('q=GS-99999999')).toMatchObject({ ids: [], total: 0 });
    const csv = await shop.app.inject({ url: `/api/admin/orders.csv?q=GS-${1000 + unpaid.id}`, headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
  });

  // Last: it adds orders. The original client asks once, without parameters, and pages in the browser.
  it('without a limit answers the newest 1,000 once there are more, the total still exact', async () => {
    const later = new Date(Date.parse('2030-01-01T00:00:00Z'));
    const { tag } = await insertSyntheticOrders(shop.app.ctx.db, 200, { batchSize: 200, startAt: later });
    const more = Array.from({ length: 200 }, (_, i) => syntheticOrder(i, { tag, startAt: later }));
    const everySale = [...all, ...more].filter((o) => o.payment_status === 'PAID' || o.payment_status === 'COD');
    const { ids: got, total } = await page('');
    expect(total).toBe(1080);
    expect(got).toEqual(ids(newest(everySale).slice(0, 1000)));
  });
});
