// A parcel paid online that the courier brought back (RETURNED): its bottles are on the shelf and its invoice is
// credited in full by the return itself, so all that is left is the customer's money. The owner refunds it from the
// order; an API caller's cancel refunds it the same way. The order stays RETURNED, nothing is restocked or credited
// twice, and two refunds at once refund once.
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { formatRupees, orderNumber } from '../../../domain/display';
import { refundedWords } from '../../../domain/refunds';
import { KARNATAKA_BUSINESS } from '../../business/test-business';
import { SANDBOX_REFUND_SETTLE_MS } from '../../payments/sandbox/sandbox-refunds';
import { setStock } from '../../stock/stock-repository';
import { codOrder, mailsAboutOrder, orderBody, placePaidOnlineOrder, settledMailbox } from '../../../../tests/support/test-orders';
import { describeEachDatabase, useTestShop, type TestUser } from '../../../../tests/support/test-shop';

const COW = 'A2 Desi Cow Ghee';
const TOTAL = 2 * 1019;

describeEachDatabase('refunding a parcel returned to us', (dialect) => {
  const set = useTestShop(dialect);
  let cowId: number;
  beforeAll(async () => {
    cowId = (await set.shop.app.ctx.db.selectFrom('products').select('id').where('name', '=', COW).executeTakeFirstOrThrow()).id;
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });

  const inject = (options: InjectOptions) => set.shop.app.inject(options);
  const post = (url: string, payload: object, who: TestUser = set.admin) => inject({ method: 'POST', url, headers: who.auth, payload });
  const refund = (orderid: string, body: object) => post(`/api/order/${orderid}/refunds`, body);
  const cancel = (orderid: string, who: TestUser = set.admin, reason = 'Customer refused on the phone') => post(`/api/order/${orderid}/cancel`, { reason }, who);
  const refundsOf = async (orderid: string, who: TestUser = set.admin) => (await inject({ url: `/api/order/${orderid}/refunds`, headers: who.auth })).json();
  const stockNow = async () =>
    (await set.shop.app.ctx.db.selectFrom('stock_levels').select('stock').where('product_id', '=', cowId).where('size_ml', '=', 500).executeTakeFirstOrThrow()).stock;
  const mailsOf = async (kind: string) =>
    Number((await set.shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', kind).executeTakeFirstOrThrow()).n);
  const refundRows = async (orderid: string) =>
    set.shop.app.ctx.db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').select(['r.amount', 'r.reason']).where('o.orderid', '=', orderid).execute();
  const gstr1 = async (date: string) => (await inject({ url: `/api/reports/gstr1?period=${date.slice(5, 7)}${date.slice(0, 4)}`, headers: set.admin.auth })).json();
  const settled = async () => {
    await new Promise((resolve) => setTimeout(resolve, SANDBOX_REFUND_SETTLE_MS + 400));
    await settledMailbox(set.shop);
  };

  /** Two bottles paid online, shipped, on their way, then returned to us by the courier. */
  async function returnedPaidParcel(): Promise<string> {
    const body = orderBody({ paymentmode: 'ONLINE', items: [{ name: COW, quantity: 500, itemQty: 2, finalPrice: 1019 }], totalAmount: TOTAL });
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, body);
    const awb = (await post(`/api/order/${orderid}/shipment`, { mode: 'COURIER' })).json().shipment.awb as string;
    await post(`/api/shipping/sandbox/${awb}/scan`, { status: 'IN_TRANSIT' });
    expect((await post(`/api/shipping/sandbox/${awb}/scan`, { status: 'RTO_DELIVERED' })).json()).toMatchObject({ status: 'RETURNED' });
    return orderid;
  }

  it('the owner refunds the payment: the order stays RETURNED, no bottles or credit note again, the mail says why, it reads Refunded', async () => {
    await setStock(set.shop.app.ctx.db, cowId, 500, 10);
    try {
      const orderid = await returnedPaidParcel();
      expect(await stockNow()).toBe(10);
      const before = await refundsOf(orderid);
      expect(before.creditNotes).toEqual([expect.objectContaining({ amount: TOTAL })]);
      const date = String(before.creditNotes[0].date);
      const reportBefore = await gstr1(date);
      const number = orderNumber(before.id as number);

      // The returned mail promises a refund, never a parcel sent again.
      const returnedMail = (await mailsAboutOrder(set.shop, orderid)).find((m) => m.subject.includes('came back to us') && m.to.includes(set.customer.email));
      expect(returnedMail?.text).not.toContain('send it again');
      expect(returnedMail?.text).toContain(`You paid ${formatRupees(TOTAL)} online: we will refund your payment to your card or account`);

      // Its bottles are on the shelf already: refunding bottles (and putting them back) is refused, and changes nothing.
      const byLines = await refund(orderid, { lines: [{ name: COW, quantity: 500, itemQty: 2 }], reason: 'Returned', restock: true });
      expect(byLines.statusCode, byLines.body).toBe(409);
      expect(byLines.json().message).toMatch(/came back to us.*amount/);
      expect(await stockNow()).toBe(10);

      const res = await refund(orderid, { amount: TOTAL, reason: 'Returned to us by the courier' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'RETURNED', refunds: [{ amount: TOTAL, status: 'PENDING' }] });
      expect(res.json().creditNotes).toHaveLength(1);
      expect(await stockNow()).toBe(10);
      await settled();

      const after = await refundsOf(orderid);
      expect(after).toMatchObject({ status: 'RETURNED', refundedAmount: TOTAL, refundProcessedAmount: TOTAL, refunds: [{ status: 'PROCESSED' }] });
      expect(after.creditNotes).toEqual(before.creditNotes);
      expect(refundedWords(after)).toBe('Refunded');
      const listed = (await inject({ url: `/api/order/admin?q=${number}`, headers: set.admin.auth })).json()[0];
      expect(refundedWords(listed)).toBe('Refunded');
      const mine = ((await inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string }[]).find((o) => o.orderid === orderid);
      expect(mine).toMatchObject({ status: 'RETURNED' });
      expect(refundedWords(mine as never)).toBe('Refunded');
      // The return's credit note reversed the whole invoice; giving the money back reverses no more tax.
      expect(await gstr1(date)).toEqual(reportBefore);

      const mails = await mailsAboutOrder(set.shop, orderid);
      const refundMail = mails.find((m) => m.subject === `Refund of ${formatRupees(TOTAL)} initiated for order ${number}`);
      expect(refundMail?.text).toContain(`The courier brought your order ${number} back to us, so we have started a refund of the full ${formatRupees(TOTAL)} you paid.`);
      expect(refundMail?.attachments ?? []).toEqual([]);
      expect(mails.some((m) => /cancelled/i.test(m.subject))).toBe(false);
    } finally {
      await setStock(set.shop.app.ctx.db, cowId, 500, null);
    }
  }, 30_000);

  it('the owner may keep back part (the courier charged both ways): the mail says how much of the payment, the rest may follow', async () => {
    const orderid = await returnedPaidParcel();
    const number = orderNumber((await refundsOf(orderid)).id as number);
    const kept = await refund(orderid, { amount: TOTAL - 100, reason: 'Delivery both ways kept back, as our refund policy says' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await refund(orderid, { amount: 101, reason: 'The rest' })).statusCode).toBe(409);
    const mail = (await mailsAboutOrder(set.shop, orderid)).find((m) => m.subject.startsWith('Refund of'));
    expect(mail?.text).toContain(
      `The courier brought your order ${number} back to us, so we have started a refund of ${formatRupees(TOTAL - 100)} of the ${formatRupees(TOTAL)} you paid.\nReason: Delivery both ways kept back, as our refund policy says`,
    );
    const rest = await refund(orderid, { amount: 100, reason: 'The delivery fee after all' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'RETURNED', refundedAmount: TOTAL, creditNotes: [{ amount: TOTAL }] });
  });

  it('cancelling it (the API) refunds through the same step: still RETURNED, no cancellation mail, once', async () => {
    await setStock(set.shop.app.ctx.db, cowId, 500, 10);
    try {
      const orderid = await returnedPaidParcel();
      const statusMails = await mailsOf('status-mail');
      expect((await cancel(orderid, set.customer, 'Ordered by mistake')).statusCode).toBe(409);
      const res = await cancel(orderid);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'RETURNED', refunds: [{ amount: TOTAL, reason: 'Customer refused on the phone' }] });
      expect(res.json().creditNotes).toHaveLength(1);
      expect(await stockNow()).toBe(10);
      expect(await mailsOf('status-mail')).toBe(statusMails);
      const again = await cancel(orderid);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'RETURNED', refunds: [{ amount: TOTAL }] });
      expect(await refundRows(orderid)).toHaveLength(1);
    } finally {
      await setStock(set.shop.app.ctx.db, cowId, 500, null);
    }
  });

  it('two refunds at once, a refund racing a cancel, and ten cancels at once each refund the payment once', async () => {
    const twoRefunds = await returnedPaidParcel();
    const refundMails = await mailsOf('refund');
    const answers = await Promise.all([refund(twoRefunds, { amount: TOTAL, reason: 'Returned' }), refund(twoRefunds, { amount: TOTAL, reason: 'Returned' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await refundRows(twoRefunds)).toMatchObject([{ amount: TOTAL }]);
    expect(await mailsOf('refund')).toBe(refundMails + 1);

    const refundAndCancel = await returnedPaidParcel();
    const [cancelled, refunded] = await Promise.all([cancel(refundAndCancel), refund(refundAndCancel, { amount: TOTAL, reason: 'Returned' })]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect([200, 409]).toContain(refunded.statusCode);
    expect(await refundRows(refundAndCancel)).toMatchObject([{ amount: TOTAL }]);

    const tenCancels = await returnedPaidParcel();
    const cancels = await Promise.all(Array.from({ length: 10 }, () => cancel(tenCancels)));
    for (const res of cancels) expect(res.json()).toMatchObject({ status: 'RETURNED', refunds: [{ amount: TOTAL }] });
    expect(await refundRows(tenCancels)).toMatchObject([{ amount: TOTAL }]);
    const notes = (await refundsOf(tenCancels)).creditNotes as unknown[];
    expect(notes).toHaveLength(1);
  }, 30_000);

  it('a returned parcel paid on delivery owes nothing: its mail says so, and there is nothing to refund', async () => {
    const res = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', items: [{ name: COW, quantity: 500, itemQty: 1, finalPrice: 1019 }], totalAmount: 1019 }));
    const orderid = res.json().orderid as string;
    const awb = (await post(`/api/order/${orderid}/shipment`, { mode: 'COURIER' })).json().shipment.awb as string;
    await post(`/api/shipping/sandbox/${awb}/scan`, { status: 'RTO_DELIVERED' });
    const mail = (await mailsAboutOrder(set.shop, orderid)).find((m) => m.subject.includes('came back to us') && m.to.includes(set.customer.email));
    expect(mail?.text).toContain('It was to be paid in cash on delivery, so you owe nothing.');
    expect(mail?.text).not.toMatch(/send it again|If you paid online/);
    const refused = await refund(orderid, { amount: 1019, reason: 'Returned' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/not paid online/);
  });
});
