import { expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { formatPaise } from '../../domain/india/gst-tax';
import type { InvoiceDocument } from '../../domain/india/invoice-document';
import { codOrder, orderBody } from '../../../tests/support/test-orders';
import { createTestUser, describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { issueCreditNote } from './invoice-service';
import { pdfText } from '../../../tests/support/pdf-text';

// The seeded catalogue's order of `orderBody` (tests/support/test-orders.ts): 2 × 1019 + 1 × 999 = ₹3,037, all at 5%.
describeEachDatabase('tax invoices', (dialect) => {
  const set = useTestShop(dialect, { customer: { username: 'Asha Verma' } });

  const place = async (state = 'Karnataka', pincode = state === 'Karnataka' ? '560001' : '600001') => {
    const res = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', state, pincode }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().orderid as string;
  };
  const setStatus = (orderid: string, status: string) =>
    set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status } });
  const invoicePdf = (orderid: string, headers: Record<string, string> = set.customer.auth) =>
    set.shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf`, headers });
  const myOrder = async (orderid: string) =>
    ((await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; invoiceNumber: string | null }[]).find(
      (o) => o.orderid === orderid,
    );

  it('issues nothing while the business details are placeholders, and 409 NOT_INVOICED before issue', async () => {
    const orderid = await place();
    expect((await invoicePdf(orderid)).json()).toMatchObject({ error: 'NOT_INVOICED' });
    expect((await invoicePdf(orderid)).statusCode).toBe(409);
    expect((await setStatus(orderid, 'READY')).statusCode).toBe(200);
    expect((await invoicePdf(orderid)).statusCode).toBe(409);
    expect((await myOrder(orderid))?.invoiceNumber).toBeNull();
  });

  it('issues a Karnataka → Karnataka tax invoice at READY with CGST + SGST and every rule 46 field', async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    const orderid = await place();
    expect((await setStatus(orderid, 'PREPARATION')).statusCode).toBe(200);
    expect((await invoicePdf(orderid)).statusCode).toBe(409);
    await setStatus(orderid, 'READY');
    const number = (await myOrder(orderid))?.invoiceNumber;
    expect(number).toMatch(/^GS\/\d\d-\d\d\/\d{6}$/);
    const res = await invoicePdf(orderid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const field of [
      'TAX INVOICE',
      KARNATAKA_BUSINESS.legalName,
      KARNATAKA_BUSINESS.addressLine,
      `GSTIN: ${KARNATAKA_BUSINESS.gstin}`,
      'State: Karnataka (code 29)',
      number as string,
      'Asha Verma',
      '12 Temple Street, Bengaluru Urban, Karnataka 560001',
      'Karnataka (code 29)',
      '0405',
      '2 NOS',
      'CGST',
      'SGST',
      'Taxable value',
      'Rupees Three Thousand Thirty-Seven Only',
      'Tax is payable on reverse charge: No',
      'Authorised signatory',
      '3,037.00',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).not.toContain('IGST');
    // 2038 at 5%: taxable 1940.95, tax 97.05: odd, so its odd paisa joins the taxable value → 1940.96 + 48.52 + 48.52;
    // 999: 951.43 + 47.57 → 951.44 + 23.78 + 23.78. CGST and SGST each at 2.5%, equal on every line and in total.
    expect(text).toContain('1,940.96');
    expect(text).toContain('951.44');
    expect(text).not.toContain('48.53');
    expect(text).toMatch(/CGST @ 2\.5%\s+72\.30/);
    expect(text).toMatch(/SGST @ 2\.5%\s+72\.30/);
    expect(text).toContain('2,892.40'); // taxable total: 1940.96 + 951.44
    expect(text).toContain('144.60'); // tax total: 97.04 + 47.56
    // Each line's CGST and SGST columns show the half rate; IGST's never appears.
    expect(text.match(/2\.5%/g)?.length).toBeGreaterThanOrEqual(4);
    for (const field of ['Prices include GST.', 'This is a computer-generated invoice.', 'Lakshmi Rao', 'Director']) expect(text, field).toContain(field);
    expect(text).not.toMatch(/MRP/);
    // Issued once: a later status keeps the number, and a reprint is the same document.
    await setStatus(orderid, 'DELIVERED');
    expect((await myOrder(orderid))?.invoiceNumber).toBe(number);
    expect(pdfText((await invoicePdf(orderid)).rawPayload)).toBe(text);
    expect((await invoicePdf(orderid, set.admin.auth)).statusCode).toBe(200);
  });

  it('charges IGST for a delivery to Tamil Nadu, and numbers invoices one after another', async () => {
    const first = await place();
    const second = await place('Tamil Nadu');
    await setStatus(first, 'READY');
    await setStatus(second, 'OUTFORDELIVERY');
    const [a, b] = [(await myOrder(first))?.invoiceNumber ?? '', (await myOrder(second))?.invoiceNumber ?? ''];
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
    const text = pdfText((await invoicePdf(second)).rawPayload);
    expect(text).toContain('Tamil Nadu (code 33)');
    expect(text).toContain('IGST');
    expect(text).toContain('144.62');
    expect(text).not.toMatch(/\bCGST\b/);
  });

  it('prints an eight-digit HSN whole, on one line', async () => {
    const products = () => set.shop.app.ctx.db.updateTable('products');
    await products().set({ hsn: '04059020' }).execute();
    try {
      const orderid = await place();
      await setStatus(orderid, 'READY');
      const text = pdfText((await invoicePdf(orderid)).rawPayload);
      expect(text).toMatch(/Buffalo Ghee \(1000 ml\)\s+04059020\s+1 NOS/);
    } finally {
      await products().set({ hsn: '0405' }).execute();
    }
  });

  it('shows an invoice to its customer and admins only', async () => {
    const orderid = await place();
    await setStatus(orderid, 'READY');
    const stranger = await createTestUser(set.shop);
    expect((await invoicePdf(orderid, stranger.auth)).statusCode).toBe(404);
    expect((await set.shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf` })).statusCode).toBe(401);
    expect((await invoicePdf('order_DOESNOTEXIST00')).statusCode).toBe(404);
  });

  it('lets admins list orders by whether they are invoiced', async () => {
    const orderid = await place();
    const list = async (invoiced: string) =>
      ((await set.shop.app.inject({ url: `/api/order/admin?invoiced=${invoiced}`, headers: set.admin.auth })).json() as { orderid: string; invoiceNumber: string | null }[]);
    expect((await list('no')).map((o) => o.orderid)).toContain(orderid);
    expect((await list('yes')).every((o) => o.invoiceNumber)).toBe(true);
    await setStatus(orderid, 'READY');
    expect((await list('yes')).map((o) => o.orderid)).toContain(orderid);
    expect((await list('no')).map((o) => o.orderid)).not.toContain(orderid);
  });

  it('issues credit notes in their own series against the invoice, with the reversed tax split', async () => {
    const uninvoiced = await place();
    await expect(issueCreditNote(set.shop.app.ctx.db, { orderid: uninvoiced }, 100, 'Refund')).rejects.toMatchObject({ statusCode: 409 });
    const orderid = await place();
    await setStatus(orderid, 'READY');
    const invoiceNumber = (await myOrder(orderid))?.invoiceNumber as string;
    const note = await issueCreditNote(set.shop.app.ctx.db, { orderid }, 1019, 'One bottle arrived broken');
    expect(note.number).toMatch(/^CN\/\d\d-\d\d\/000001$/);
    expect(note.totals.grossPaise).toBe(101900);
    expect(note.totals.cgstPaise + note.totals.sgstPaise).toBe(note.totals.taxPaise);
    expect(note.totals.taxablePaise + note.totals.taxPaise).toBe(101900);
    expect(note.lines.reduce((s, l) => s + l.grossPaise, 0)).toBe(101900);
    const second = await issueCreditNote(set.shop.app.ctx.db, { orderid }, 2018, 'Order returned');
    expect(Number(second.number.slice(-6))).toBe(2);
    await expect(issueCreditNote(set.shop.app.ctx.db, { orderid }, 1, 'Too much')).rejects.toMatchObject({ statusCode: 400 });
    const pdf = await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${encodeURIComponent(note.number)}.pdf`, headers: set.customer.auth });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const field of ['CREDIT NOTE', note.number, invoiceNumber, 'One bottle arrived broken', 'CGST', 'Rupees One Thousand Nineteen Only']) {
      expect(text, field).toContain(field);
    }
    const dashed = note.number.replace(/\//g, '-');
    expect((await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${dashed}.pdf`, headers: set.admin.auth })).statusCode).toBe(200);
    const stranger = await createTestUser(set.shop);
    expect((await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${dashed}.pdf`, headers: stranger.auth })).statusCode).toBe(404);
  });
  it('names the delivery fee and the COD fee as lines of their own and takes the coupon off the goods, adding up to the total', async () => {
    const delivery = (deliveryFee: number, codFee: number) =>
      set.shop.app.inject({
        method: 'PUT',
        url: '/api/settings/delivery',
        headers: set.admin.auth,
        payload: { pincodesAllowed: [], pincodesBlocked: [], deliveryFee, freeDeliveryFrom: null, estimateMinDays: 3, estimateMaxDays: 7, codEnabled: true, codMaxOrderValue: null, codFee, codBlocked: [] },
      });
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    const coupon = { code: 'INVOICE10', kind: 'PERCENT', value: 10, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses: null, perCustomer: null, firstOrderOnly: false, active: true };
    expect((await set.shop.app.inject({ method: 'POST', url: '/api/coupons', headers: set.admin.auth, payload: coupon })).statusCode).toBe(201);
    expect((await delivery(60, 40)).statusCode).toBe(200);
    try {
      const body = { ...orderBody({ paymentmode: 'CASHONDELIVERY' }), coupon: 'INVOICE10' };
      const quote = (await set.shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: set.customer.auth, payload: body })).json();
      expect(quote).toMatchObject({ subtotal: 3037, deliveryFee: 60, codFee: 40, coupon: { applied: true } });
      expect(quote.discount).toBeGreaterThan(0);
      const placed = await codOrder(set.shop, set.customer, { ...body, totalAmount: quote.total });
      expect(placed.statusCode, placed.body).toBe(200);
      const orderid = placed.json().orderid as string;
      await setStatus(orderid, 'READY');

      const text = pdfText((await invoicePdf(orderid)).rawPayload);
      for (const field of ['Delivery fee', 'Cash on delivery fee', '1 OTH', '60.00', '40.00']) expect(text, field).toContain(field);
      // At the goods' 5%: 60 → 57.14 + 2.86 (CGST 1.43 + SGST 1.43); 40 → 38.10 + 1.90 (0.95 + 0.95).
      for (const figure of ['57.14', '1.43', '38.10', '0.95']) expect(text, figure).toContain(figure);
      expect(text).toMatch(new RegExp(`Total \\(₹\\)\\s+${formatPaise(quote.total * 100).replace('.', '\\.')}`));

      const row = await set.shop.app.ctx.db
        .selectFrom('invoices')
        .innerJoin('orders', 'orders.id', 'invoices.order_id')
        .select('invoices.document')
        .where('orders.orderid', '=', orderid)
        .executeTakeFirstOrThrow();
      const doc = JSON.parse(row.document) as InvoiceDocument;
      expect(doc.lines.map((l) => l.description)).toEqual([
        'A2 Desi Cow Ghee (500 ml)',
        'Buffalo Ghee (1000 ml)',
        'Delivery fee',
        'Cash on delivery fee',
      ]);
      expect(doc.couponCode).toBe('INVOICE10');
      expect(doc.lines.reduce((sum, l) => sum + l.grossPaise, 0)).toBe(quote.total * 100);
      expect(doc.totals.grossPaise).toBe(quote.total * 100);
      expect(doc.totals.taxablePaise + doc.totals.taxPaise).toBe(quote.total * 100);
      expect(doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(doc.totals.taxPaise);
      for (const line of doc.lines) expect(line.taxablePaise + line.taxPaise, line.description).toBe(line.grossPaise);
      // The coupon is taken off the goods, each line's share before its tax; the fees keep their whole value.
      expect(doc.lines.map((l) => l.discountPaise ?? 0).reduce((a, b) => a + b, 0)).toBe(quote.discount * 100);
      expect(doc.lines.every((l) => l.grossPaise > 0)).toBe(true);
      for (const line of doc.lines.slice(0, 2)) expect(line.quantity * line.unitPricePaise).toBe(line.grossPaise + (line.discountPaise ?? 0));
      expect(doc.lines.slice(2).map((l) => l.discountPaise)).toEqual([undefined, undefined]);
      // Printed so: each line of goods with its discount, the coupon named once, and no negative line.
      expect(text).not.toMatch(/Coupon discount|(^|\s)-[\d,]+\.\d\d/m);
      expect(text).toContain(`Discount (coupon INVOICE10): ₹${formatPaise(quote.discount * 100)} in all`);
      for (const line of doc.lines.slice(0, 2)) expect(text, line.description).toContain(formatPaise(line.discountPaise ?? -1));
    } finally {
      await delivery(0, 0);
    }
  });
});
