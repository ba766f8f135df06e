import { beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../../src/server/business/test-business';
import { lettersOf, pdfText } from '../support/pdf-text';
import { mailsAboutOrder, orderBody, placePaidOnlineOrder } from '../support/test-orders';
import { describeEachDatabase, useTestShop, type TestUser } from '../support/test-shop';

// A name and an address in Gurmukhi that fontkit (under pdfkit) cannot lay out in Noto Sans Gurmukhi as it is: "ਸਿੰਘ",
// "ਪੰਜਾਬੀ", "ਚੰਡੀਗੜ੍ਹ" and "ਅੰਮ੍ਰਿਤਸਰ" throw in its mark positioning. Placing the order worked; every printed document
// of it answered 500, and the mails carrying its invoice stayed in the outbox (decision 087, amended).
const buyer = { username: 'ਹਰਪ੍ਰੀਤ ਸਿੰਘ', address: 'ਮਕਾਨ 12, ਪੰਜਾਬੀ ਬਾਗ, ਚੰਡੀਗੜ੍ਹ ਰੋਡ', district: 'ਅੰਮ੍ਰਿਤਸਰ', state: 'Punjab', pincode: '143001' };

/** Every word of `expected` is a word of the PDF's text, as the same letters (pdftotext reorders Indian marks). */
function expectWords(pdf: Buffer, expected: string) {
  const read = new Set(pdfText(pdf).split(/\s+/).map(lettersOf));
  for (const word of expected.split(/\s+/)) expect(read.has(lettersOf(word)), `"${word}" reads back from the PDF`).toBe(true);
}

describeEachDatabase('an order to a name and address in Gurmukhi', (dialect) => {
  const set = useTestShop(dialect, { customer: { username: buyer.username } });
  beforeAll(async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });

  const get = (url: string, who: TestUser) => set.shop.app.inject({ url, headers: who.auth });

  it('prints its invoice, label and credit note, and sends the mails that carry them', async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, orderBody({ ...buyer, paymentmode: 'ONLINE' }));
    const shipped = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: set.admin.auth, payload: { mode: 'COURIER' } });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const invoice = await get(`/api/order/${orderid}/invoice.pdf`, set.customer);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expectWords(invoice.rawPayload, `${buyer.username} ${buyer.address}, ${buyer.district}, Punjab 143001`);

    const label = await get(`/api/order/${orderid}/shipment/label.pdf`, set.admin);
    expect(label.statusCode, label.body).toBe(200);
    expectWords(label.rawPayload, `${buyer.username} ${buyer.address} ${buyer.district}, Punjab PIN 143001`);

    const delivered = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'DELIVERED' } });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const refunded = await set.shop.app.inject({
      method: 'POST',
      url: `/api/order/${orderid}/refunds`,
      headers: set.admin.auth,
      payload: { amount: 500, reason: 'ਡੱਬਾ ਟੁੱਟਿਆ ਹੋਇਆ ਸੀ, ਸਿੰਘ ਜੀ' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [note] = refunded.json().creditNotes as { number: string }[];
    const noteFile = `${note?.number.replace(/\//g, '-')}.pdf`;
    const creditNote = await get(`/api/order/${orderid}/credit-notes/${noteFile}`, set.customer);
    expect(creditNote.statusCode, creditNote.body).toBe(200);
    expectWords(creditNote.rawPayload, `${buyer.username} ${buyer.address}, ${buyer.district}, Punjab 143001`);

    // The delivered mail carries the invoice and the refund mail the credit note, the very files the downloads give;
    // nothing of the order is left unsent in the outbox.
    const mails = await mailsAboutOrder(set.shop, orderid);
    const attached = (filename: string) => mails.flatMap((m) => m.attachments).find((a) => a.filename === filename)?.content;
    const invoiceFile = `${String(shipped.json().invoiceNumber).replace(/\//g, '-')}.pdf`;
    expect(Buffer.compare(attached(invoiceFile) ?? Buffer.alloc(0), invoice.rawPayload)).toBe(0);
    expect(Buffer.compare(attached(noteFile) ?? Buffer.alloc(0), creditNote.rawPayload)).toBe(0);
    const stuck = await set.shop.app.ctx.db.selectFrom('mail_outbox').select(['subject', 'status', 'last_error']).where('status', '!=', 'sent').execute();
    expect(stuck).toEqual([]);
  });
});
