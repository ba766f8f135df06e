import { afterAll, beforeAll, expect, it } from 'vitest';
import { shopTimestamp } from '../../domain/display';
import type { CreditNoteDocument, InvoiceDocument } from '../../domain/india/invoice-document';
import type { CreateOrderBody } from '../../domain/schemas/order';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { codOrder, orderBody, orderRow, placePaidOnlineOrder } from '../../../tests/support/test-orders';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import type { Gstr1 } from './gstr1';
import { gstr1Schema } from './gstr1-schema';
import { HSN_SUMMARY_HEADER, SALES_REGISTER_HEADER } from './registers';
import { docSums, minus, paise, parseCsv, plus, reported } from './test-reports';

const B2B_GSTIN = '27AAPFU0939F1ZV';
const MUMBAI = { state: 'Maharashtra', pincode: '400001', district: 'Mumbai' };
const DELHI = { state: 'Delhi', pincode: '110001', district: 'New Delhi' };

/** MMYYYY and the days of a month in shop time, `offset` months from now. */
function monthOf(offset: number) {
  const now = shopTimestamp();
  const d = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)) - 1 + offset, 1));
  const yyyy = d.getUTCFullYear();
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const last = new Date(Date.UTC(yyyy, d.getUTCMonth() + 1, 0)).getUTCDate();
  return { period: `${mm}${yyyy}`, from: `${yyyy}-${mm}-01`, to: `${yyyy}-${mm}-${last}` };
}

// The accountant's month (DESIGN.md §8.3) from documents issued by the shop itself: B2C within the state and
// outside it (small, and above Rs. 1,00,000), a business buyer, fees and a coupon, a full and a partial credit note.
describeEachDatabase('tax reports', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;
  const thisMonth = monthOf(0);
  const nextMonth = monthOf(1);
  const lastMonth = monthOf(-1);
  const numbers: Record<string, string> = {};
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    customer = await createTestUser(shop, { username: 'Asha Verma' });
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    const coupon = { code: 'GHEE10', kind: 'PERCENT', value: 10, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses: null, perCustomer: null, firstOrderOnly: false, active: true };
    expect((await shop.app.inject({ method: 'POST', url: '/api/coupons', headers: admin.auth, payload: coupon })).statusCode).toBe(201);

    const setStatus = async (orderid: string, status: string) =>
      expect((await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid, status } })).statusCode).toBe(200);
    const quoted = async (body: CreateOrderBody & { coupon?: string }) => {
      const q = await shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: customer.auth, payload: body });
      expect(q.statusCode, q.body).toBe(200);
      return { ...body, totalAmount: q.json().total as number };
    };
    const cod = async (over: Partial<CreateOrderBody> & { coupon?: string }) => {
      const placed = await codOrder(shop, customer, await quoted({ ...orderBody({ paymentmode: 'CASHONDELIVERY' }), ...over }));
      expect(placed.statusCode, placed.body).toBe(200);
      return placed.json().orderid as string;
    };
    const online = async (over: Partial<CreateOrderBody>) =>
      placePaidOnlineOrder(shop, customer, await quoted({ ...orderBody({ paymentmode: 'ONLINE' }), ...over }));
    const invoiceOf = async (orderid: string) => (await orderRow(shop, orderid)).invoice_number ?? '';

    // B2C within Karnataka, with the coupon and the COD fee.
    const intra = await cod({ coupon: 'GHEE10' });
    await setStatus(intra, 'READY');
    numbers.intra = await invoiceOf(intra);
    // B2C to Maharashtra, small.
    const inter = await cod(MUMBAI);
    await setStatus(inter, 'READY');
    numbers.inter = await invoiceOf(inter);
    // B2C to Delhi above Rs. 1,00,000: no seeded jar costs that much, so the placed order's lines are raised before
    // it is invoiced (the invoice is built from the order row, as for any order).
    const big = await cod(DELHI);
    const bigRow = await orderRow(shop, big);
    await shop.app.ctx.db.updateTable('order_lines').set({ unit_price: 50_000, line_total: 100_000 }).where('order_id', '=', bigRow.id).where('position', '=', 0).execute();
    await shop.app.ctx.db.updateTable('orders').set({ total_amount: 100_000 + 999 + bigRow.delivery_fee + bigRow.cod_fee }).where('id', '=', bigRow.id).execute();
    await setStatus(big, 'READY');
    numbers.big = await invoiceOf(big);
    // A business buyer in Maharashtra, paid online and then cancelled: a full credit note.
    const b2b = await online({ ...MUMBAI, gstin: B2B_GSTIN, businessName: 'Patil Sweets' });
    numbers.b2b = await invoiceOf(b2b);
    const cancelled = await shop.app.inject({ method: 'POST', url: `/api/order/${b2b}/cancel`, headers: customer.auth, payload: { reason: 'Ordered by mistake' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    numbers.fullNote = (cancelled.json().creditNotes as { number: string }[])[0]?.number ?? '';
    // B2C within the state, delivered, then Rs. 500 given back: a partial credit note that reduces B2CS.
    const partly = await online({});
    await setStatus(partly, 'DELIVERED');
    numbers.partly = await invoiceOf(partly);
    const refund = await shop.app.inject({ method: 'POST', url: `/api/order/${partly}/refunds`, headers: admin.auth, payload: { amount: 500, reason: 'One jar dented' } });
    expect(refund.statusCode, refund.body).toBe(200);
    numbers.partNote = (refund.json().creditNotes as { number: string }[])[0]?.number ?? '';
    // One invoice of last month: moved there as if issued on its last day.
    const earlier = await cod({});
    await setStatus(earlier, 'READY');
    numbers.earlier = await invoiceOf(earlier);
    const row = await shop.app.ctx.db.selectFrom('invoices').select('document').where('number', '=', numbers.earlier).executeTakeFirstOrThrow();
    const issuedAt = `${lastMonth.to}T22:00:00.000+05:30`;
    const moved = { ...(JSON.parse(row.document) as InvoiceDocument), issuedAt };
    await shop.app.ctx.db.updateTable('invoices').set({ issued_at: issuedAt, document: JSON.stringify(moved) }).where('number', '=', numbers.earlier).execute();
    for (const n of Object.values(numbers)) expect(n).toMatch(/^(GS|CN)\//);
  }, 60_000);
  afterAll(async () => shop.close());

  const get = (url: string, who: TestUser = admin) => shop.app.inject({ url, headers: who.auth });
  async function stored() {
    const db = shop.app.ctx.db;
    const before = nextMonth.from;
    const invoices = (await db.selectFrom('invoices').select('document').where('issued_at', '>=', thisMonth.from).where('issued_at', '<', before).execute()).map(
      (r) => JSON.parse(r.document) as InvoiceDocument,
    );
    const notes = (await db.selectFrom('credit_notes').select('document').where('issued_at', '>=', thisMonth.from).where('issued_at', '<', before).execute()).map(
      (r) => JSON.parse(r.document) as CreditNoteDocument,
    );
    return { invoices, notes };
  }

  it('GSTR-1: each section where the portal wants it, its sums equal to the documents to the paisa', async () => {
    const res = await get(`/api/reports/gstr1?period=${thisMonth.period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="GSTR1-${thisMonth.period}.json"`);
    const g = gstr1Schema.parse(res.json()) as Gstr1;
    expect(g).toMatchObject({ gstin: KARNATAKA_BUSINESS.gstin, fp: thisMonth.period });

    expect(g.b2b).toEqual([{ ctin: B2B_GSTIN, inv: [expect.objectContaining({ inum: numbers.b2b, pos: '27', rchrg: 'N', inv_typ: 'R' })] }]);
    expect(g.b2cl).toEqual([{ pos: '07', inv: [expect.objectContaining({ inum: numbers.big })] }]);
    expect(g.b2cl[0]?.inv[0]?.val).toBeGreaterThan(100_000);
    expect(g.b2cs.map((r) => `${r.sply_ty} ${r.pos}`).sort()).toEqual(['INTER 27', 'INTRA 29']);
    expect(g.cdnr).toEqual([{ ctin: B2B_GSTIN, nt: [expect.objectContaining({ nt_num: numbers.fullNote, ntty: 'C', pos: '27' })] }]);
    expect(g.cdnur).toEqual([]);

    const { invoices, notes } = await stored();
    expect(invoices.map((d) => d.number).sort()).toEqual([numbers.intra, numbers.inter, numbers.big, numbers.b2b, numbers.partly].sort());
    const full = notes.filter((n) => n.number === numbers.fullNote);
    const partial = notes.filter((n) => n.number === numbers.partNote);
    expect(full[0]?.totals.grossPaise).toBe(invoices.find((d) => d.number === numbers.b2b)?.totals.grossPaise);
    const { sales, credits, hsn } = reported(g);
    expect(plus(sales, docSums(partial))).toEqual(docSums(invoices));
    expect(credits).toEqual(docSums(full));
    expect(hsn).toEqual(minus(docSums(invoices), docSums(notes)));
    const intraRow = g.b2cs.find((r) => r.sply_ty === 'INTRA');
    expect(intraRow && 'camt' in intraRow ? paise(intraRow.camt) : -1).toBe(intraRow && 'samt' in intraRow ? paise(intraRow.samt) : -2);
    expect(g.doc_issue.doc_det.map((d) => [d.doc_num, d.docs.reduce((s, x) => s + x.totnum, 0)])).toEqual([[1, 5], [5, 2]]);

    // Last month's invoice is in its own month only.
    expect(res.body).not.toContain(numbers.earlier);
    const last = await get(`/api/reports/gstr1?period=${lastMonth.period}`);
    expect(gstr1Schema.parse(last.json()).b2cs.length).toBe(1);
    expect(last.json().doc_issue.doc_det[0].docs[0]).toMatchObject({ from: numbers.earlier, to: numbers.earlier, totnum: 1 });
  });

  it('the sales register: one row per document, credit notes negative, read by a CSV parser', async () => {
    const res = await get(`/api/reports/sales-register.csv?from=${thisMonth.from}&to=${thisMonth.to}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...SALES_REGISTER_HEADER]);
    expect(rows.map((r) => r[1]).sort()).toEqual([numbers.intra, numbers.inter, numbers.big, numbers.b2b, numbers.partly, numbers.fullNote, numbers.partNote].sort());
    const note = rows.find((r) => r[1] === numbers.partNote);
    expect(note?.slice(0, 1)).toEqual(['Credit note']);
    expect(note?.[10]).toBe('-500.00');
    expect(note?.[11]).toBe(numbers.partly);
    expect(rows.find((r) => r[1] === numbers.b2b)?.slice(3, 6)).toEqual(['Patil Sweets', B2B_GSTIN, '27']);
    const { invoices, notes } = await stored();
    const column = (i: number) => rows.reduce((s, r) => s + paise(Number(r[i])), 0);
    const net = minus(docSums(invoices), docSums(notes));
    expect({ txval: column(6), camt: column(7), samt: column(8), iamt: column(9) }).toEqual({ txval: net.txval, camt: net.camt, samt: net.samt, iamt: net.iamt });
    const gross = invoices.reduce((s, d) => s + d.totals.grossPaise, 0) - notes.reduce((s, d) => s + d.totals.grossPaise, 0);
    expect(column(10)).toBe(gross);
    for (const r of rows) expect(r[6]).toMatch(/^-?\d+\.\d\d$/);
    expect(res.body).not.toContain(numbers.earlier);
  });

  it('the HSN summary CSV: B2B and B2C apart, netting to the documents', async () => {
    const res = await get(`/api/reports/hsn-summary.csv?period=${thisMonth.period}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...HSN_SUMMARY_HEADER]);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['B2B', 'B2C']));
    const { invoices, notes } = await stored();
    const net = minus(docSums(invoices), docSums(notes));
    const column = (i: number) => rows.reduce((s, r) => s + paise(Number(r[i])), 0);
    expect({ txval: column(5), iamt: column(6), camt: column(7), samt: column(8) }).toEqual(net);
    // The business buyer's jars all came back.
    expect(rows.filter((r) => r[0] === 'B2B').every((r) => r[3] === '0')).toBe(true);
  });

  it('the month on screen: totals and counts, and where GSTR-1 files them', async () => {
    const res = await get(`/api/reports/summary?period=${thisMonth.period}`);
    expect(res.statusCode, res.body).toBe(200);
    const { invoices, notes } = await stored();
    expect(res.json()).toMatchObject({
      registered: true,
      gstin: KARNATAKA_BUSINESS.gstin,
      invoices: { count: 5, total: invoices.reduce((s, d) => s + d.totals.grossPaise, 0) / 100, taxable: docSums(invoices).txval / 100 },
      creditNotes: { count: 2, total: notes.reduce((s, d) => s + d.totals.grossPaise, 0) / 100 },
      sections: { b2b: 1, b2cl: 1, b2cs: 3, cdnr: 1, cdnur: 0, b2csNotes: 1, nilRated: 0 },
    });
  });

  it('a quarter, bad periods, and admins only', async () => {
    expect((await get('/api/reports/gstr1?period=132026')).statusCode).toBe(400);
    expect((await get('/api/reports/gstr1?period=112026&quarter=1')).json()).toMatchObject({ fields: { period: expect.any(String) } });
    expect((await get('/api/reports/gstr1?period=122026&quarter=1')).statusCode).toBe(200);
    // A period that has not started yet is refused, on all three; next month is the nearest such.
    for (const url of [`/api/reports/summary?period=${nextMonth.period}`, '/api/reports/gstr1?period=122099&quarter=1', '/api/reports/hsn-summary.csv?period=122099&quarter=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields.period, url).toMatch(/has not started yet/);
    }
    expect((await get('/api/reports/sales-register.csv?from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/api/reports/sales-register.csv?from=2020-01-01&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/api/reports/sales-register.csv?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await get(`/api/reports/gstr1?period=${thisMonth.period}`, customer)).statusCode).toBe(403);
    expect((await shop.app.inject({ url: `/api/reports/hsn-summary.csv?period=${thisMonth.period}` })).statusCode).toBe(401);
  });

  it('reads stored documents only: a report does not change with today’s settings; an unregistered shop gets no GSTR-1', async () => {
    const before = (await get(`/api/reports/gstr1?period=${thisMonth.period}`)).body;
    const unregistered = { ...KARNATAKA_BUSINESS, gstin: '' };
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: unregistered })).statusCode).toBe(200);
    await shop.app.ctx.db.updateTable('products').set({ gst_rate: 12, hsn: '04051000' }).execute();
    expect((await get(`/api/reports/gstr1?period=${thisMonth.period}`)).body).toBe(before);
    // A month with no tax documents, now that the shop has no GSTIN: no GSTR-1, and the screen says why.
    const empty = await get('/api/reports/gstr1?period=012025');
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ error: 'NOT_GST_REGISTERED', message: expect.stringContaining('no GSTIN') });
    expect((await get('/api/reports/hsn-summary.csv?period=012025')).statusCode).toBe(409);
    expect((await get('/api/reports/summary?period=012025')).json()).toMatchObject({ registered: false, gstin: '' });
    expect(parseCsv((await get('/api/reports/sales-register.csv?from=2025-01-01&to=2025-01-31')).body)).toEqual([[...SALES_REGISTER_HEADER]]);
  });
});
