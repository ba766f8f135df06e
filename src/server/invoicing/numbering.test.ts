import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { financialYearOf } from '../../domain/india/gst-tax';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { insertOrder, TWO_LINES } from '../../../tests/support/test-orders';
import { adminOf, createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { issueInvoiceIfDue } from './invoice-service';
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

  /** Orders not yet invoiced, by row id. */
  const newOrders = async (count: number) => {
    const admin = await adminOf(shop);
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const { orderid } = await insertOrder(shop.app.ctx.db, { userId: admin.id, lines: TWO_LINES });
      ids.push((await shop.app.ctx.db.selectFrom('orders').select('id').where('orderid', '=', orderid).executeTakeFirstOrThrow()).id);
    }
    return ids;
  };

  /**
   * Issues an invoice for `orderRowId` while another transaction holds the invoice series of `financialYear`, and
   * moves the shop's clock from `before` to `after` while it waits. On SQLite the wait is for the one connection.
   */
  async function issueWhileSeriesHeld(orderRowId: number, financialYear: string, before: string, after: string) {
    const db = shop.app.ctx.db;
    vi.setSystemTime(new Date(before));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await trx.insertInto('document_series').values({ series: 'GS', financial_year: financialYear, last_number: 0 }).onConflict((oc) => oc.columns(['series', 'financial_year']).doNothing()).execute();
      await trx.updateTable('document_series').set((eb) => ({ last_number: eb('last_number', '+', 0) })).where('series', '=', 'GS').where('financial_year', '=', financialYear).execute();
      holding();
      await released;
    });
    await held;
    const waiting = db.transaction().execute((trx) => issueInvoiceIfDue(trx, orderRowId));
    if (dialect === 'postgres') {
      // Until the issuing transaction waits for the series row.
      for (let tries = 0; tries < 500; tries += 1) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%document_series%'`.execute(db);
        if (Number(rows[0]?.n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    vi.setSystemTime(new Date(after));
    release();
    await holder;
    const doc = await waiting;
    if (!doc) throw new Error('no invoice was issued');
    return doc;
  }

  it('an invoice that waited for the series is dated when it got its number: numbers and dates rise together', async () => {
    const [waited, next] = await newOrders(2);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // It begins at 23:59:59.9 IST on 31 October and gets its number at 00:00:00.1 on 1 November.
      const first = await issueWhileSeriesHeld(waited!, '26-27', '2026-10-31T18:29:59.900Z', '2026-10-31T18:30:00.100Z');
      expect(first.issuedAt.slice(0, 10)).toBe('2026-11-01');
      const second = await shop.app.ctx.db.transaction().execute((trx) => issueInvoiceIfDue(trx, next!));
      expect(Number(second?.number.slice(-6))).toBeGreaterThan(Number(first.number.slice(-6)));
      expect(second!.issuedAt >= first.issuedAt).toBe(true);

      // A wait across 31 March: the number and the date stay in one financial year, and that year's series has no gap.
      const [acrossYears] = await newOrders(1);
      const last = await issueWhileSeriesHeld(acrossYears!, '26-27', '2027-03-31T18:29:59.900Z', '2027-03-31T18:30:00.100Z');
      expect(financialYearOf(last.issuedAt)).toBe(last.number.slice(3, 8));
      const numbers = (await shop.app.ctx.db.selectFrom('invoices').select('number').where('number', 'like', `GS/${last.number.slice(3, 8)}/%`).execute())
        .map((r) => Number(r.number.slice(-6)))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    } finally {
      vi.useRealTimers();
    }
  });
});
