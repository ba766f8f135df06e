import { beforeAll, describe, expect, it } from 'vitest';
import { shopTimestamp } from '../../domain/display';
import { overviewAnswerSchema } from '../../domain/schemas/admin-overview';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { ordersCsv } from './orders-export-service';
import { insertOrder } from '../../../tests/support/test-orders';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Parses our CSV (quoted fields, doubled quotes, CRLF rows) back into cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

describeEachDatabase('admin dashboard API', (dialect) => {
  const set = useTestShop(dialect);

  describe('guards', () => {
    for (const url of ['/api/admin/overview', '/api/admin/orders.csv']) {
      it(`${url}: anonymous 401, USER 403`, async () => {
        const anon = await set.shop.app.inject({ url });
        expect(anon.statusCode).toBe(401);
        expect(anon.json().error).toBe('UNAUTHORIZED');
        const user = await set.shop.app.inject({ url, headers: set.customer.auth });
        expect(user.statusCode).toBe(403);
        expect(user.json().error).toBe('FORBIDDEN');
      });
    }
  });

  describe('overview', () => {
    it('adds up sales per shop-time day, today and this month', async () => {
      const db = set.shop.app.ctx.db;
      const now = new Date();
      const today = shopTimestamp(now).slice(0, 10);
      const todayStart = Date.parse(`${today}T00:00:00+05:30`);
      const u = set.customer.id;
      // Today: two COD orders, a paid online order; 30 s after midnight in India is still the
      // previous day in UTC, and must count as today.
      await insertOrder(db, { userId: u, createdAt: new Date(todayStart + 30_000), total: 500 });
      await insertOrder(db, { userId: u, createdAt: now, total: 700, status: 'READY' });
      await insertOrder(db, { userId: u, createdAt: now, total: 300, paymentmode: 'ONLINE', status: 'OUTFORDELIVERY' });
      // Not sales: an unpaid and a failed online order.
      await insertOrder(db, { userId: u, createdAt: now, total: 9999, paymentmode: 'ONLINE', paymentStatus: 'PENDING' });
      await insertOrder(db, { userId: u, createdAt: now, total: 9999, paymentmode: 'ONLINE', paymentStatus: 'FAILED' });
      // Yesterday, 30 s before midnight in India.
      const yesterday = new Date(todayStart - 30_000);
      await insertOrder(db, { userId: u, createdAt: yesterday, total: 1000, status: 'DELIVERED' });
      // Long ago: outside the window and the month.
      await insertOrder(db, { userId: u, createdAt: new Date(todayStart - 45 * DAY), total: 4000, status: 'DELIVERED' });

      const res = await set.shop.app.inject({ url: '/api/admin/overview', headers: set.admin.auth });
      expect(res.statusCode).toBe(200);
      const body = overviewAnswerSchema.parse(res.json());
      expect(body.timeZone).toBe('Asia/Kolkata');
      expect(body.today).toEqual({ date: today, orders: 3, revenue: 1500 });
      expect(body.days).toHaveLength(30);
      expect(body.days[29]).toEqual({ date: today, orders: 3, revenue: 1500 });
      const yesterdayDate = shopTimestamp(yesterday).slice(0, 10);
      expect(body.days[28]).toEqual({ date: yesterdayDate, orders: 1, revenue: 1000 });
      expect(body.days.slice(0, 28).every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
      const sameMonth = yesterdayDate.slice(0, 7) === today.slice(0, 7);
      expect(body.month).toEqual({
        month: today.slice(0, 7),
        orders: sameMonth ? 4 : 3,
        revenue: sameMonth ? 2500 : 1500,
      });
      expect(body.unpaidOnline).toBe(2);
      expect(body.openByStatus).toEqual({ PREPARATION: 1, READY: 1, OUTFORDELIVERY: 1 });
    });

    it('counts what was sold less what was cancelled, returned and refunded', async () => {
      const db = set.shop.app.ctx.db;
      await db.deleteFrom('order_lines').execute();
      await db.deleteFrom('orders').execute();
      const now = new Date();
      const u = set.customer.id;
      await insertOrder(db, { userId: u, createdAt: now, total: 800 });
      // Cancelled today: neither an order nor revenue.
      await insertOrder(db, { userId: u, createdAt: now, total: 1200, status: 'CANCELLED' });
      // A paid online order cancelled and refunded whole is not subtracted twice.
      await insertOrder(db, { userId: u, createdAt: now, total: 900, paymentmode: 'ONLINE', status: 'CANCELLED', refunded: 900 });
      // Part refunded (a broken jar): counted, less the refund.
      await insertOrder(db, { userId: u, createdAt: now, total: 1000, paymentmode: 'ONLINE', status: 'DELIVERED', refunded: 350 });
      // Returned by the courier: a COD parcel that came back was never paid for.
      await insertOrder(db, { userId: u, createdAt: now, total: 700, status: 'RETURNED' });

      const body = overviewAnswerSchema.parse((await set.shop.app.inject({ url: '/api/admin/overview', headers: set.admin.auth })).json());
      expect(body.today).toMatchObject({ orders: 2, revenue: 800 + 1000 - 350 });
      expect(body.days[29]).toMatchObject({ orders: 2, revenue: 1450 });
      expect(body.month).toMatchObject({ orders: 2, revenue: 1450 });
      // Work on the table leaves cancelled orders out.
      expect(body.openByStatus).toEqual({ PREPARATION: 1, READY: 0, OUTFORDELIVERY: 0 });
    });
  });

  describe('CSV export', () => {
    let base: number;
    beforeAll(async () => {
      const db = set.shop.app.ctx.db;
      await db.deleteFrom('order_lines').execute();
      await db.deleteFrom('orders').execute();
      base = Date.now() - 10 * DAY;
      const at = (h: number) => new Date(base + h * HOUR);
      const u = set.customer.id;
      await insertOrder(db, { userId: u, createdAt: at(1), username: 'Asha Verma', orderid: 'order_AAAA0000000001' });
      await insertOrder(db, { userId: u, createdAt: at(2), username: '=HYPERLINK("http://x","y")', address: '1, "Main" Rd\nFlat 2' });
      await insertOrder(db, { userId: u, createdAt: at(3), username: 'Ravi Kumar', note: 'x;=1+1', status: 'DELIVERED', paymentmode: 'ONLINE', refunded: 500, refundProcessed: 300 });
      await insertOrder(db, { userId: u, createdAt: at(4), username: 'Unpaid Uma', paymentmode: 'ONLINE', paymentStatus: 'PENDING' });
      await insertOrder(db, { userId: u, createdAt: at(5), username: 'Meera 50%_off', note: '@admin please call' });
    });

    async function csv(query: string) {
      const res = await set.shop.app.inject({ url: `/api/admin/orders.csv${query}`, headers: set.admin.auth });
      expect(res.statusCode).toBe(200);
      return { res, rows: parseCsv(res.body) };
    }

    it('exports the sales orders newest first as a CSV download', async () => {
      const { res, rows } = await csv('');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.body.startsWith('\uFEFFOrder ID,Date,Time,Customer,')).toBe(true);
      expect(rows).toHaveLength(5);
      expect(rows.slice(1).map((r) => r[3])).toEqual([
        'Meera 50%_off',
        'Ravi Kumar',
        '\'=HYPERLINK("http://x","y")',
        'Asha Verma',
      ]);
      const asha = rows[4] ?? [];
      expect(asha[0]).toBe('AAAA0000000001');
      expect(asha[1]).toBe(shopTimestamp(new Date(base + HOUR)).slice(0, 10));
      expect(asha[15]).toBe('Classic Cow Ghee - 500 ml - 1 qty');
      const header = rows[0] ?? [];
      expect(asha[header.indexOf('Order number')]).toMatch(/^GS-\d{4,}$/);
      expect(rows[3]?.[6]).toBe('1, "Main" Rd\nFlat 2');
      expect(rows[1]?.[(rows[0] ?? []).indexOf('Note')]).toBe("'@admin please call");
      // Quoted, so a spreadsheet that splits cells on ';' does not see a cell starting '=1+1'.
      expect(res.body).toContain(',"x;=1+1",');
    });

    it('ends each row with the money of the order that went back, after the order number', async () => {
      const { rows } = await csv('');
      expect(rows[0]?.slice(-2)).toEqual(['Order number', 'Refunded (Rs.)']);
      // Of Ravi's Rs. 500 asked back, Rs. 300 was processed; the rest is on its way and not refunded yet.
      expect(rows.slice(1).map((r) => [r[3], r.at(-1)])).toEqual([
        ['Meera 50%_off', '0'],
        ['Ravi Kumar', '300'],
        ['\'=HYPERLINK("http://x","y")', '0'],
        ['Asha Verma', '0'],
      ]);
      expect(rows.every((r) => r.length === rows[0]?.length)).toBe(true);
    });

    it('applies the filters of the orders list', async () => {
      expect((await csv('?sort=oldest')).rows.slice(1).map((r) => r[3])[0]).toBe('Asha Verma');
      expect((await csv('?status=DELIVERED')).rows.slice(1).map((r) => r[3])).toEqual(['Ravi Kumar']);
      expect((await csv('?q=aaaa00')).rows.slice(1).map((r) => r[3])).toEqual(['Asha Verma']);
      expect((await csv('?q=RAVI')).rows.slice(1).map((r) => r[3])).toEqual(['Ravi Kumar']);
      // % and _ are searched as text, not as wildcards.
      expect((await csv('?q=50%25_')).rows.slice(1).map((r) => r[3])).toEqual(['Meera 50%_off']);
      expect((await csv('?q=1%25')).rows).toHaveLength(1);
      // The 'order_' prefix is not part of the searchable id, but a pasted full id is found.
      expect((await csv('?q=order')).rows).toHaveLength(1);
      expect((await csv('?q=order_AAAA0000000001')).rows.slice(1).map((r) => r[3])).toEqual(['Asha Verma']);
      expect((await csv('?payment=pending')).rows.slice(1).map((r) => r[3])).toEqual(['Unpaid Uma']);
      expect((await csv('?status=')).rows).toHaveLength(5);
    });

    it('answers 400, not 500, for a bad filter', async () => {
      const res = await set.shop.app.inject({ url: '/api/admin/orders.csv?status=LOST', headers: set.admin.auth });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
      const sort = await set.shop.app.inject({ url: '/api/admin/orders.csv?sort=sideways', headers: set.admin.auth });
      expect(sort.statusCode).toBe(400);
    });

    it('pages through the database in batches without skipping or repeating orders', async () => {
      const db = set.shop.app.ctx.db;
      // Several orders with the very same timestamp: the id breaks the tie between batches.
      const same = new Date(base + 6 * HOUR);
      for (let i = 0; i < 5; i += 1) await insertOrder(db, { userId: set.customer.id, createdAt: same, username: `Twin ${i}` });
      for (const sort of ['newest', 'oldest'] as const) {
        let text = '';
        for await (const chunk of ordersCsv(db, set.shop.app.ctx.dialect, { sort }, 2)) text += chunk;
        const names = parseCsv(text).slice(1).map((r) => r[3]);
        expect(names).toHaveLength(9);
        expect(new Set(names).size).toBe(9);
        const full = parseCsv((await csv(`?sort=${sort}`)).res.body).slice(1).map((r) => r[3]);
        expect(names).toEqual(full);
      }
    });
  });
});
