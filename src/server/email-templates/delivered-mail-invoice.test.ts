import { expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { pdfText } from '../../../tests/support/pdf-text';
import { readMailbox } from '../../../tests/support/mailbox';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { insertOrder, TWO_LINES } from '../../../tests/support/test-orders';

describeEachDatabase('the delivered mail carries the tax invoice', (dialect) => {
  const set = useTestShop(dialect);

  const changeStatus = (orderid: string, status: string) =>
    set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status } });
  const outboxRowsTo = (to: string) => set.shop.app.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
  const mailsTo = async (to: string) => {
    await set.shop.app.ctx.outbox.drain();
    return readMailbox(set.shop.dataDir).filter((m) => m.to === to);
  };

  it('sends the delivered mail without an attachment while the business details are unset (no invoice can be issued)', async () => {
    const order = await insertOrder(set.shop.app.ctx.db, { userId: set.customer.id, lines: TWO_LINES });
    expect((await changeStatus(order.orderid, 'DELIVERED')).statusCode).toBe(200);
    const [mail] = await mailsTo(order.emailaddress);
    expect(mail?.subject).toMatch(/was delivered/);
    expect(mail?.attachments).toEqual([]);
    expect((await outboxRowsTo(order.emailaddress))[0]?.attachments).toBeNull();
  });

  it('issues the invoice on delivery when the order has none, and attaches its PDF named after its number', async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    const order = await insertOrder(set.shop.app.ctx.db, { userId: set.customer.id, lines: TWO_LINES });
    expect((await changeStatus(order.orderid, 'DELIVERED')).statusCode).toBe(200);
    const { invoice_number: number } = await set.shop.app.ctx.db
      .selectFrom('orders')
      .select('invoice_number')
      .where('orderid', '=', order.orderid)
      .executeTakeFirstOrThrow();
    expect(number).toMatch(/^GS\/\d\d-\d\d\/\d{6}$/);

    // The row names the invoice; the PDF is made when the mail goes out, not stored in the outbox.
    const [row] = await outboxRowsTo(order.emailaddress);
    expect(JSON.parse(row?.attachments ?? 'null')).toEqual([{ kind: 'invoice', number }]);

    const [mail] = await mailsTo(order.emailaddress);
    expect(mail?.text).toContain('Asha Verma');
    expect(mail?.attachments).toHaveLength(1);
    const [file] = mail?.attachments ?? [];
    expect(file?.filename).toBe(`${String(number).replace(/\//g, '-')}.pdf`);
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(file?.content ?? Buffer.alloc(0));
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(String(number));
    expect(text).toContain('1,520.00');
    // The download is the same document.
    const download = await set.shop.app.inject({ url: `/api/order/${order.orderid}/invoice.pdf`, headers: set.customer.auth });
    expect(pdfText(download.rawPayload)).toBe(text);
  });

  it('keeps the invoice issued at READY and attaches only to the delivered mail', async () => {
    const order = await insertOrder(set.shop.app.ctx.db, { userId: set.customer.id, lines: TWO_LINES });
    await changeStatus(order.orderid, 'READY');
    const ready = await mailsTo(order.emailaddress);
    expect(ready).toHaveLength(1);
    expect(ready[0]?.attachments).toEqual([]);
    await changeStatus(order.orderid, 'DELIVERED');
    const all = await mailsTo(order.emailaddress);
    expect(all).toHaveLength(2);
    const delivered = all.find((m) => /was delivered/.test(m.subject));
    const { invoice_number: number } = await set.shop.app.ctx.db
      .selectFrom('orders')
      .select('invoice_number')
      .where('orderid', '=', order.orderid)
      .executeTakeFirstOrThrow();
    expect(delivered?.attachments.map((a) => a.filename)).toEqual([`${String(number).replace(/\//g, '-')}.pdf`]);
  });
});
