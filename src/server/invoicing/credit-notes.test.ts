import { beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { codOrder, createOrder, orderBody, placePaidOnlineOrder, settledMailbox } from '../../../tests/support/test-orders';
import { createTestUser, describeEachDatabase, useTestShop, type TestUser } from '../../../tests/support/test-shop';
import { pdfText } from '../../../tests/support/pdf-text';

// Credit notes are visible (DESIGN.md §8.2): listed with the refunds, linked, mailed; a refund of value is one line
// without a quantity, a cancelled order's note mirrors its invoice; and a B2B invoice names the buyer's GSTIN.
describeEachDatabase('credit notes and business buyers', (dialect) => {
  const set = useTestShop(dialect, { customer: { username: 'Asha Verma' } });
  beforeAll(async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });

  const setStatus = (orderid: string, status: string) =>
    set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status } });
  const refunds = (orderid: string, who: TestUser = set.customer) => set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: who.auth });
  const paidOnline = (body = orderBody({ paymentmode: 'ONLINE' })) => placePaidOnlineOrder(set.shop, set.customer, body);

  it('prints a business buyer’s GSTIN and name on its invoice', async () => {
    const body = orderBody({ paymentmode: 'CASHONDELIVERY', gstin: '29aakfv4821m1zj', businessName: 'Verma Sweets Private Limited' });
    const placed = await codOrder(set.shop, set.customer, body);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ gstin: '29AAKFV4821M1ZJ', businessName: 'Verma Sweets Private Limited' });
    const orderid = placed.json().orderid as string;
    const mine = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; gstin: string }[];
    expect(mine.find((o) => o.orderid === orderid)).toMatchObject({ gstin: '29AAKFV4821M1ZJ', businessName: 'Verma Sweets Private Limited' });
    await setStatus(orderid, 'READY');
    const text = pdfText((await set.shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf`, headers: set.customer.auth })).rawPayload);
    expect(text).toContain('Verma Sweets Private Limited');
    expect(text).toContain('GSTIN: 29AAKFV4821M1ZJ');
    expect(text).toContain('Attn: Asha Verma');
    const bad = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', gstin: '29AAGCB7383J1Z5', businessName: 'X' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.gstin).toMatch(/last character/);
    // The shop's own GSTIN is not a buyer's: no invoice from the shop to itself, on either payment mode.
    for (const paymentmode of ['CASHONDELIVERY', 'ONLINE'] as const) {
      const body = orderBody({ paymentmode, gstin: KARNATAKA_BUSINESS.gstin.toLowerCase(), businessName: 'Nandi' });
      const own = await (paymentmode === 'ONLINE' ? createOrder(set.shop, set.customer, body) : codOrder(set.shop, set.customer, body));
      expect(own.statusCode, own.body).toBe(400);
      expect(own.json().fields.gstin).toMatch(/this shop’s own/);
    }
  });

  it('a refund of value: one line without quantity, listed in creditNotes, attached to the refund mail', async () => {
    const orderid = await paidOnline();
    await setStatus(orderid, 'DELIVERED');
    const invoiceNumber = (await refunds(orderid)).json().invoiceNumber as string;
    expect((await refunds(orderid)).json().creditNotes).toEqual([]);
    const refunded = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds`, headers: set.admin.auth, payload: { amount: 500, reason: 'One jar arrived dented' } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [note] = refunded.json().creditNotes as { number: string; date: string; amount: number }[];
    expect(note).toMatchObject({ number: expect.stringMatching(/^CN\/\d\d-\d\d\/\d{6}$/), amount: 500 });
    expect((await refunds(orderid)).json().creditNotes).toEqual([note]);
    expect((await refunds(orderid, set.admin)).json().creditNotes).toEqual([note]);
    const stranger = await createTestUser(set.shop);
    expect((await refunds(orderid, stranger)).statusCode).toBe(404);

    const pdf = await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${note?.number.replace(/\//g, '-')}.pdf`, headers: set.customer.auth });
    const text = pdfText(pdf.rawPayload);
    // The description wraps in its column, between words: "Refund of value against invoice" / "GS/…"; the number is
    // whole there and beside "Against invoice:".
    expect(text).toContain('Refund of value against');
    expect(text.split(invoiceNumber).length - 1).toBe(2);
    expect(text).not.toMatch(/\bNOS\b|\bOTH\b/);
    expect(text).toContain('Against invoice:');
    expect(text).toContain('500.00');

    const mail = (await settledMailbox(set.shop)).find((m) => m.subject.startsWith('Refund of') && m.text.includes(note?.number ?? '?'));
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`${note?.number.replace(/\//g, '-')}.pdf`]);
    // The mail carries the very file the download gives.
    expect(Buffer.compare(mail?.attachments[0]?.content ?? Buffer.alloc(0), pdf.rawPayload)).toBe(0);
  });

  it('a cancelled paid order: its credit note mirrors the invoice, quantities and units as invoiced', async () => {
    const orderid = await paidOnline();
    const invoice = pdfText((await set.shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf`, headers: set.customer.auth })).rawPayload);
    const cancelled = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.customer.auth, payload: { reason: 'Ordered by mistake' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [note] = cancelled.json().creditNotes as { number: string; amount: number }[];
    expect(note?.amount).toBe(3037);
    const text = pdfText((await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${encodeURIComponent(note?.number ?? '')}`.concat('.pdf'), headers: set.customer.auth })).rawPayload);
    for (const figure of ['2 NOS', '1 NOS', '1,940.96', '48.52', '3,037.00']) {
      expect(invoice, figure).toContain(figure);
      expect(text, figure).toContain(figure);
    }
  });

  it('a cash-on-delivery order invoiced and then cancelled: its invoice is credited in full, with nothing refunded', async () => {
    const placed = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    const orderid = placed.json().orderid as string;
    await setStatus(orderid, 'READY');
    const cancelled = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Customer refused on the phone' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const listed = (await refunds(orderid, set.admin)).json();
    expect(listed.refunds).toEqual([]);
    expect(listed.creditNotes).toEqual([expect.objectContaining({ amount: placed.json().totalAmount })]);
    const number = (listed.creditNotes as { number: string }[])[0]?.number ?? '?';
    const mail = (await settledMailbox(set.shop)).find((m) => m.to.includes(set.customer.email) && m.text.includes(`Our credit note ${number} against invoice`));
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`${number.replace(/\//g, '-')}.pdf`]);
    expect(mail?.text).toMatch(/cash on delivery, so there is nothing to pay and nothing to refund/);
    const again = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Customer refused on the phone' } });
    expect(again.statusCode).toBe(200);
    expect((await refunds(orderid, set.admin)).json().creditNotes).toHaveLength(1);
  });

  it('an invoiced order paid on delivery cancelled twice at once: one cancellation, one credit note', async () => {
    const placed = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    const orderid = placed.json().orderid as string;
    await setStatus(orderid, 'READY');
    const cancel = () => set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Customer refused on the phone' } });
    const answers = (await Promise.all([cancel(), cancel(), cancel()])).map((r) => r.statusCode);
    expect(answers).toContain(200);
    expect(answers.every((code) => code === 200 || code === 409)).toBe(true);
    expect((await refunds(orderid, set.admin)).json().creditNotes).toEqual([expect.objectContaining({ amount: placed.json().totalAmount })]);
  });

  it('a shop without a GSTIN: its credit note against a bill of supply names no GST, as the bill did', async () => {
    const business = (payload: object) => set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload });
    expect((await business({ ...KARNATAKA_BUSINESS, gstin: '' })).statusCode).toBe(200);
    try {
      const placed = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
      const orderid = placed.json().orderid as string;
      await setStatus(orderid, 'READY');
      const bill = pdfText((await set.shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf`, headers: set.customer.auth })).rawPayload);
      const cancelled = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Customer refused on the phone' } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const number = ((await refunds(orderid, set.admin)).json().creditNotes as { number: string }[])[0]?.number ?? '?';
      const note = pdfText((await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${encodeURIComponent(number)}.pdf`, headers: set.customer.auth })).rawPayload);
      for (const text of [bill, note]) {
        expect(text).toContain('Supplier not registered under GST: no tax is charged.');
        expect(text).toContain('Prices are the selling prices charged.');
        for (const words of ['CGST', 'SGST', 'IGST', 'Taxable value', 'Prices include GST', 'CGST Act']) expect(text, words).not.toContain(words);
      }
      expect(note).toContain('CREDIT NOTE');
      expect(note).toContain('3,037.00');
    } finally {
      expect((await business(KARNATAKA_BUSINESS)).statusCode).toBe(200);
    }
  });

  it('prints a document once even when many ask for it at once: every copy is the same file', async () => {
    const placed = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    const orderid = placed.json().orderid as string;
    await setStatus(orderid, 'READY');
    const copies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => set.shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf`, headers: (i % 2 ? set.admin : set.customer).auth })),
    );
    for (const copy of copies) {
      expect(copy.statusCode).toBe(200);
      expect(Buffer.compare(copy.rawPayload, copies[0]?.rawPayload ?? Buffer.alloc(0))).toBe(0);
    }
    const stored = await set.shop.app.ctx.db.selectFrom('document_pdfs').select(['number', 'signed']).where('number', 'like', 'GS/%').execute();
    expect(new Set(stored.map((r) => r.number)).size).toBe(stored.length);
    expect(stored.every((r) => Number(r.signed) === 0)).toBe(true);
  });
});
