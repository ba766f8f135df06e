import { expect, it } from 'vitest';
import { shopTimestamp } from '../../domain/display';
import { formatPaise } from '../../domain/india/gst-tax';
import type { InvoiceDocument } from '../../domain/india/invoice-document';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { codOrder, orderBody } from '../../../tests/support/test-orders';
import { pdfText } from '../../../tests/support/pdf-text';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import type { Gstr1 } from './gstr1';
import { gstr1Schema } from './gstr1-schema';
import { paise } from './test-reports';

const BUYER_GSTIN = '29AAKFV4821M1ZJ';

// A business buyer in the shop's own state pays with a coupon, a delivery fee and a COD fee. What its invoice prints
// line by line is what GSTR-1 files for it, to the paisa, and the figures are those the shop has always filed.
describeEachDatabase('a coupon order’s invoice and its GSTR-1', (dialect) => {
  const set = useTestShop(dialect, { customer: { username: 'Asha Verma' } });

  it('prints on its lines the taxable values and tax that GSTR-1 files', async () => {
    const { shop, admin, customer } = set;
    const put = (url: string, payload: object) => shop.app.inject({ method: 'PUT', url, headers: admin.auth, payload });
    expect((await put('/api/settings/business', KARNATAKA_BUSINESS)).statusCode).toBe(200);
    const delivery = { pincodesAllowed: [], pincodesBlocked: [], deliveryFee: 60, freeDeliveryFrom: null, estimateMinDays: 3, estimateMaxDays: 7, codEnabled: true, codMaxOrderValue: null, codFee: 40, codBlocked: [] };
    expect((await put('/api/settings/delivery', delivery)).statusCode).toBe(200);
    const coupon = { code: 'GHEE10', kind: 'PERCENT', value: 10, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses: null, perCustomer: null, firstOrderOnly: false, active: true };
    expect((await shop.app.inject({ method: 'POST', url: '/api/coupons', headers: admin.auth, payload: coupon })).statusCode).toBe(201);

    // 2 × 1,019 + 1 × 999 = 3,037; 10% off is 304; fees 60 + 40: 2,833.
    const body = { ...orderBody({ paymentmode: 'CASHONDELIVERY', gstin: BUYER_GSTIN, businessName: 'Nandi Sweets' }), coupon: 'GHEE10', totalAmount: 2833 };
    const placed = await codOrder(shop, customer, body);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderid = placed.json().orderid as string;
    expect((await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid, status: 'READY' } })).statusCode).toBe(200);

    const stored = await shop.app.ctx.db
      .selectFrom('invoices')
      .innerJoin('orders', 'orders.id', 'invoices.order_id')
      .select('invoices.document')
      .where('orders.orderid', '=', orderid)
      .executeTakeFirstOrThrow();
    const doc = JSON.parse(stored.document) as InvoiceDocument;
    const text = pdfText((await shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf`, headers: customer.auth })).rawPayload);
    const rows = text.split('\n');
    for (const [i, line] of doc.lines.entries()) {
      const printed = rows.find((r) => new RegExp(`^\\s*${i + 1}\\s{2,}\\S`).test(r)) ?? '';
      for (const figure of [line.taxablePaise, line.cgstPaise, line.sgstPaise, line.grossPaise]) expect(printed, line.description).toContain(formatPaise(figure));
    }

    const period = `${shopTimestamp().slice(5, 7)}${shopTimestamp().slice(0, 4)}`;
    const res = await shop.app.inject({ url: `/api/reports/gstr1?period=${period}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    const g = gstr1Schema.parse(res.json()) as Gstr1;
    const filed = g.b2b.find((c) => c.ctin === BUYER_GSTIN)?.inv.find((i) => i.inum === doc.number);
    const sum = (f: (l: InvoiceDocument['lines'][number]) => number) => doc.lines.reduce((s, l) => s + f(l), 0);
    expect(filed?.itms.map((i) => [i.itm_det.rt, paise(i.itm_det.txval), paise(i.itm_det.camt), paise(i.itm_det.samt)])).toEqual([
      [5, sum((l) => l.taxablePaise), sum((l) => l.cgstPaise), sum((l) => l.sgstPaise)],
    ]);
    const hsn = g.hsn.hsn_b2b.map((r) => [r.hsn_sc, r.rt, r.qty, paise(r.txval), paise(r.camt), paise(r.samt)]);
    expect(hsn).toEqual([['0405', 5, 3, sum((l) => l.taxablePaise), sum((l) => l.cgstPaise), sum((l) => l.sgstPaise)]]);
    // The figures as filed before the discount was shown on the lines it was given on.
    expect(filed).toMatchObject({ val: 2833, itms: [{ num: 1, itm_det: { rt: 5, txval: 2698.12, camt: 67.44, samt: 67.44 } }] });
    expect(text).toMatch(/Total \(₹\)\s+2,833\.00/);
    expect(text).toContain('Rupees Two Thousand Eight Hundred Thirty-Three Only');
  });
});
