import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { insertOrder, TWO_LINES } from '../../../tests/support/test-orders';
import { adminOf, createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { issueAll } from './numbering-race-worker';

const run = promisify(execFile);
const ORDERS = 60;

describeEachDatabase('invoice numbering under concurrency', (dialect) => {
  let shop: TestShop;
  let orderIds: number[];
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    const admin = await adminOf(shop);
    await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS });
    orderIds = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const { orderid } = await insertOrder(shop.app.ctx.db, { userId: admin.id, lines: TWO_LINES });
      const row = await shop.app.ctx.db.selectFrom('orders').select('id').where('orderid', '=', orderid).executeTakeFirstOrThrow();
      orderIds.push(row.id);
    }
  }, 120_000);
  afterAll(async () => shop.close());

  it(
    dialect === 'postgres'
      ? 'two processes issuing the same orders at once give each one number, with no gap and no duplicate'
      : 'many concurrent issues of the same orders give each one number, with no gap and no duplicate',
    async () => {
      let issued: string[];
      if (dialect === 'postgres') {
        const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(shop.app.ctx.db)).rows[0]?.s ?? '';
        const worker = path.resolve('src/server/invoicing/numbering-race-worker.ts');
        const env = { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, SEARCH_PATH: schema };
        // The second process walks the orders backwards, so the two meet in the middle and race on every order.
        const outputs = await Promise.all(
          [orderIds, [...orderIds].reverse()].map((ids) =>
            run(process.execPath, ['--import', 'tsx', worker], { env: { ...env, ORDER_IDS: ids.join(',') }, timeout: 120_000 }),
          ),
        );
        issued = outputs.flatMap((o) => JSON.parse(o.stdout) as string[]);
      } else {
        const db = shop.app.ctx.db;
        issued = (await Promise.all([issueAll(db, orderIds, 8), issueAll(db, [...orderIds].reverse(), 8)])).flat();
      }
      expect(issued).toHaveLength(ORDERS);
      const rows = await shop.app.ctx.db.selectFrom('invoices').select(['number', 'order_id']).execute();
      expect(rows).toHaveLength(ORDERS);
      expect(new Set(rows.map((r) => r.order_id)).size).toBe(ORDERS);
      const numbers = rows.map((r) => Number(r.number.slice(-6))).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
      const orders = await shop.app.ctx.db.selectFrom('orders').select(['id', 'invoice_number']).where('id', 'in', orderIds).execute();
      const byOrder = new Map(rows.map((r) => [r.order_id, r.number]));
      for (const o of orders) expect(o.invoice_number).toBe(byOrder.get(o.id));
    },
    180_000,
  );
});
