import { afterAll, beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { codOrder, orderBody, orderRow } from '../../../tests/support/test-orders';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { gstr1Schema } from './gstr1-schema';
import { parseCsv } from './test-reports';

// A product the owner sets at 0% GST, sold beside one at 5%: its goods reach GSTR-1's table 8 from a real order.
describeEachDatabase('nil-rated goods in the month’s return', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let period = '';
  let invoiceNumber = '';
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    const customer = await createTestUser(shop, { username: 'Asha Verma' });
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    await shop.app.ctx.db.updateTable('products').set({ gst_rate: 0 }).where('name', '=', 'Buffalo Ghee').execute();
    const body = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const quote = await shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: customer.auth, payload: body });
    expect(quote.statusCode, quote.body).toBe(200);
    const placed = await codOrder(shop, customer, { ...body, totalAmount: quote.json().total as number });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderid = placed.json().orderid as string;
    const moved = await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid, status: 'READY' } });
    expect(moved.statusCode, moved.body).toBe(200);
    invoiceNumber = (await orderRow(shop, orderid)).invoice_number ?? '';
    const issued = await shop.app.ctx.db.selectFrom('invoices').select('issued_at').where('number', '=', invoiceNumber).executeTakeFirstOrThrow();
    period = `${issued.issued_at.slice(5, 7)}${issued.issued_at.slice(0, 4)}`;
  }, 60_000);
  afterAll(async () => shop.close());

  const get = (url: string) => shop.app.inject({ url, headers: admin.auth });

  it('files the 0% goods in table 8 and only the taxed ones in B2CS, and the screen counts them', async () => {
    const gstr1 = gstr1Schema.parse((await get(`/api/reports/gstr1?period=${period}`)).json());
    expect(gstr1.b2cs.map((r) => r.rt)).toEqual([5]);
    expect(gstr1.nil?.inv).toEqual([{ sply_ty: 'INTRAB2C', nil_amt: expect.any(Number), expt_amt: 0, ngsup_amt: 0 }]);
    // The buffalo ghee's price alone: the order's fees ride on its line of largest value, the A2 ghee at 5%.
    expect(gstr1.nil?.inv[0]?.nil_amt).toBe(999);
    const hsn = [...gstr1.hsn.hsn_b2c].map((r) => r.rt).sort();
    expect(hsn).toEqual([0, 5]);
    const summary = (await get(`/api/reports/summary?period=${period}`)).json();
    expect(summary.sections).toMatchObject({ b2cs: 1, nilRated: 1 });
  });

  it('lists the invoice in the sales register under the name it is printed with', async () => {
    const [year, month] = [Number(period.slice(2)), Number(period.slice(0, 2))];
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const rows = parseCsv((await get(`/api/reports/sales-register.csv?from=${year}-${period.slice(0, 2)}-01&to=${year}-${period.slice(0, 2)}-${last}`)).body);
    expect(rows.find((r) => r[1] === invoiceNumber)?.[0]).toBe('Invoice-cum-bill of supply');
  });
});
