import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminOrdersQuery } from '../../domain/schemas/order';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { monthStart, searchAdminOrders } from './admin-order-repository';
import { SALE_PAYMENT_STATUSES } from '../../domain/sales';
import { SALES_CONDITION, UNPAID_CONDITION } from './payment-scope';
import { insertSyntheticOrders, syntheticOrder, type SyntheticOrder } from '../../../tests/support/synthetic-orders';

// A deep page starts from the month the month counts point at (monthStart). With the threshold at 0 every page
// takes that path; each one must be exactly the slice of the list recomputed here from the fixtures, in both sorts,
// for every list, also after orders change month, status or payment, or are deleted.
describeEachDatabase('admin list pages found through the month counts', (dialect) => {
  const COUNT = 60;
  const DAY = 24 * 60 * 60 * 1000;
  let shop: TestShop;
  // Two runs with the same timestamps: orders created at the same instant are told apart by id (insertion order).
  let orders: (SyntheticOrder & { seq: number })[];
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    const shape = { startAt: new Date('2024-01-20T00:00:00.000Z'), stepMs: 5 * DAY };
    orders = [];
    for (const run of [0, 1]) {
      const { tag } = await insertSyntheticOrders(shop.app.ctx.db, COUNT, { ...shape, batchSize: 25 });
      orders.push(...Array.from({ length: COUNT }, (_, i) => ({ ...syntheticOrder(i, { tag, ...shape }), seq: run * COUNT + i })));
    }
  });
  afterAll(async () => shop.close());

  const db = () => shop.app.ctx.db;
  const isSale = (o: SyntheticOrder) => (SALE_PAYMENT_STATUSES as readonly string[]).includes(o.payment_status);
  const isUnpaid = (o: SyntheticOrder) => o.paymentmode === 'ONLINE' && ['PENDING', 'FAILED'].includes(o.payment_status);

  function listed(query: AdminOrdersQuery) {
    const inList = orders
      .filter((o) => (query.payment === 'pending' ? isUnpaid(o) : isSale(o)) && (!query.status || o.status === query.status))
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.seq - b.seq));
    return query.sort === 'oldest' ? inList : inList.reverse();
  }
  const expected = (query: AdminOrdersQuery) => listed(query).map((o) => o.orderid);

  // The page's month is found, and only the orders of that month before the page are skipped.
  async function checkSkips(query: AdminOrdersQuery) {
    const list = listed(query);
    const month = (i: number) => list[i]!.created_at.slice(0, 7);
    for (let offset = 0; offset < list.length; offset += 1) {
      const filter = { list: query.payment === 'pending' ? UNPAID_CONDITION : SALES_CONDITION, status: query.status };
      const start = await monthStart(db(), filter, query.sort !== 'oldest', offset);
      const sameMonthBefore = list.slice(0, offset).filter((_, i) => month(i) === month(offset)).length;
      expect(start.skip, `${JSON.stringify(query)} offset ${offset}`).toBe(sameMonthBefore);
    }
  }

  async function checkEveryPage() {
    const lists: Partial<AdminOrdersQuery>[] = [{}, { status: 'READY' }, { status: 'DELIVERED' }, { payment: 'pending' }];
    for (const list of lists) {
      for (const sort of ['newest', 'oldest'] as const) {
        const all = expected({ ...list, sort, offset: 0, limit: 1 } as AdminOrdersQuery);
        expect(all.length, `${JSON.stringify(list)} has orders in several months`).toBeGreaterThan(3);
        await checkSkips({ ...list, sort, offset: 0, limit: 1 } as AdminOrdersQuery);
        for (let offset = 0; offset <= all.length; offset += 1) {
          const query = { ...list, sort, offset, limit: 4 } as AdminOrdersQuery;
          const { orders: page, total } = await searchAdminOrders(db(), dialect, query, { monthSkipFrom: 0 });
          expect(total).toBe(all.length);
          expect(page.map((o) => o.orderid), `${JSON.stringify(query)}`).toEqual(all.slice(offset, offset + 4));
        }
      }
    }
  }

  it('reads every page of every list, in both sorts, from its month', async () => {
    expect(new Set(orders.map((o) => o.created_at.slice(0, 7))).size).toBeGreaterThanOrEqual(9);
    await checkEveryPage();
  });

  it('follows orders that change month, status or payment, and deletions', async () => {
    const move = async (order: SyntheticOrder, change: Partial<Pick<SyntheticOrder, 'created_at' | 'status' | 'payment_status'>>) => {
      await db().updateTable('orders').set(change).where('orderid', '=', order.orderid).execute();
      Object.assign(order, change);
    };
    const sales = orders.filter(isSale);
    await move(sales[0]!, { created_at: sales.at(-1)!.created_at });
    await move(sales[5]!, { created_at: '2024-05-31T23:59:59.999+05:30', status: 'READY' });
    await move(sales[9]!, { status: 'DELIVERED' });
    const unpaid = orders.find(isUnpaid)!;
    await move(unpaid, { payment_status: 'PAID' });
    const gone = sales[20]!;
    await db().deleteFrom('order_lines').where('order_id', 'in', db().selectFrom('orders').select('id').where('orderid', '=', gone.orderid)).execute();
    await db().deleteFrom('orders').where('orderid', '=', gone.orderid).execute();
    orders = orders.filter((o) => o !== gone);
    await checkEveryPage();
  });
});
