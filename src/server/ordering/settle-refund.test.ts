// A refund the gateway failed, paid back by the owner another way (decision 088): the row reads PROCESSED with how it
// was paid, the money counts as gone back everywhere processed money counts, a fresh credit note backs it (the failed
// one stays void), the customer is mailed, and it leaves the owner's failed-refund card, filter and badge. Only a
// FAILED refund is settled, once, against a second settle or a Retry asked at the same time.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderNumber } from '../../domain/display';
import { refundedWords, type OrderWithRefunds } from '../../domain/refunds';
import { BY_BANK, failedRefund, invoicingRefundShop, retryCall, settleCall } from '../../../tests/support/settle-fixtures';
import { deliveredPaidOrder, refundOnItsWay } from '../../../tests/support/refund-fixtures';
import { orderRow } from '../../../tests/support/test-orders';
import type { RefundShop } from '../../../tests/support/refund-fixtures';
import { describeEachDatabase } from '../../../tests/support/test-shop';
import { newGatewayId } from '../payments/gateway-ids';
import { postRefundEvent } from '../../../tests/support/gateway-events';
import { insertRefund } from './refund-repository';
import { SETTLED_REFUND_MAIL_KIND } from './settle-refund-steps';

describeEachDatabase('settling a failed refund outside the gateway', (dialect) => {
  let set: RefundShop;
  beforeAll(async () => {
    set = await invoicingRefundShop(dialect);
  });
  afterAll(async () => set.shop.close());

  const get = async (url: string, who = set.admin) => {
    const res = await set.shop.app.inject({ url, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const overview = async () => (await get('/api/admin/overview')).json().failedRefunds as { count: number; amount: number };
  const settledMails = (to: string) =>
    set.shop.app.ctx.db.selectFrom('mail_outbox').selectAll().where('kind', '=', SETTLED_REFUND_MAIL_KIND).where('to_address', '=', to).execute();

  it('settles a failed refund by bank transfer: processed, refunded, a fresh credit note, the customer mailed, off the failed list', async () => {
    const before = await overview();
    const { orderid, refundId, total } = await failedRefund(set);
    expect(await overview()).toEqual({ count: before.count + 1, amount: before.amount + total });
    const failed = (await get(`/api/order/${orderid}/refunds`)).json() as OrderWithRefunds;
    const [voidedNote] = failed.creditNotes ?? [];
    expect(voidedNote).toMatchObject({ amount: total, voided: true });
    const mailsBefore = (await settledMails(set.customer.email)).length;

    const res = await settleCall(set.shop, set.admin, orderid, refundId, BY_BANK);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrderWithRefunds;
    expect(answer.refunds).toEqual([
      expect.objectContaining({
        refundId,
        status: 'PROCESSED',
        amount: total,
        settlement: { method: 'BANK_TRANSFER', reference: 'UTR0042917', note: 'Paid from the shop’s current account', settledAt: expect.any(String) },
      }),
    ]);
    expect(answer).toMatchObject({ refundedAmount: total, refundProcessedAmount: total });
    expect(refundedWords(answer)).toBe('Refunded');
    // The failed refund's note stays void; a new one, next in the series, credits the money that went back.
    expect(answer.creditNotes).toEqual([voidedNote, { number: expect.any(String), date: expect.any(String), amount: total }]);
    const fresh = answer.creditNotes?.[1]?.number ?? '';
    expect(fresh).not.toBe(voidedNote?.number);

    const number = orderNumber((await orderRow(set.shop, orderid)).id);
    const mails = await settledMails(set.customer.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe(`Refund of Rs. ${total.toLocaleString('en-IN')} for order ${number} paid by bank transfer`);
    expect(mail?.text_body).toContain('by bank transfer (reference UTR0042917)');
    expect(mail?.text_body).toContain(fresh);
    expect(JSON.parse(mail?.attachments ?? '[]')).toEqual([expect.objectContaining({ number: fresh })]);

    // Off the card, the filter and the badge.
    expect(await overview()).toEqual(before);
    expect((await get('/api/order/admin?refund=FAILED')).json().map((o: { orderid: string }) => o.orderid)).not.toContain(orderid);
    const listed = (await get(`/api/order/admin?q=${number}`)).json() as { orderid: string; refundFailed?: boolean; refundProcessedAmount?: number }[];
    expect(listed[0]).toMatchObject({ orderid, refundFailed: false, refundProcessedAmount: total });

    // The customer's own list and refunds view read it refunded, by bank transfer, without the owner's note.
    const own = (await get('/api/order', set.customer)).json() as { orderid: string; refundProcessedAmount?: number }[];
    expect(own.find((o) => o.orderid === orderid)).toMatchObject({ refundProcessedAmount: total });
    const theirs = (await get(`/api/order/${orderid}/refunds`, set.customer)).json() as OrderWithRefunds;
    expect(theirs.refunds[0]).toMatchObject({ status: 'PROCESSED', settlement: { method: 'BANK_TRANSFER', reference: 'UTR0042917', note: null } });
  });

  it('settles part of an order in cash without a reference: the order reads part refunded', async () => {
    const { orderid, refundId } = await failedRefund(set, 500);
    const res = await settleCall(set.shop, set.admin, orderid, refundId, { method: 'CASH', reference: '   ' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrderWithRefunds;
    expect(answer.refunds[0]?.settlement).toMatchObject({ method: 'CASH', reference: null, note: null });
    expect(answer).toMatchObject({ refundedAmount: 500, refundProcessedAmount: 500 });
    expect(refundedWords(answer)).toBe('Part refunded');
  });

  it('refuses bad input with 400, a customer with 403, an unknown refund with 404 and a refund not failed with 409', async () => {
    const { orderid, refundId } = await failedRefund(set, 300);
    const fields = async (payload: unknown) => {
      const res = await settleCall(set.shop, set.admin, orderid, refundId, payload);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys((res.json() as { fields?: Record<string, string> }).fields ?? {});
    };
    expect(await fields({})).toContain('method');
    expect(await fields({ method: 'CHEQUE', reference: 'x' })).toContain('method');
    expect(await fields({ method: 'BANK_TRANSFER' })).toContain('reference');
    expect(await fields({ method: 'UPI', reference: '    ' })).toContain('reference');
    expect(await fields({ method: 'UPI', reference: 'x'.repeat(61) })).toContain('reference');
    expect(await fields({ method: 'CASH', note: 'n'.repeat(301) })).toContain('note');
    expect((await settleCall(set.shop, set.admin, orderid, refundId, { method: 'CASH', paidTwice: true })).statusCode).toBe(400);

    expect((await settleCall(set.shop, set.customer, orderid, refundId, { method: 'CASH' })).statusCode).toBe(403);
    expect((await settleCall(set.shop, set.admin, orderid, 'refund_nope', { method: 'CASH' })).statusCode).toBe(404);
    // A refund is found only at its own order's address.
    const other = await deliveredPaidOrder(set.shop, set.customer);
    expect((await settleCall(set.shop, set.admin, other, refundId, { method: 'CASH' })).statusCode).toBe(404);
    // Still failed after all that: nothing was written.
    expect((await get(`/api/order/${orderid}/refunds`)).json().refunds[0]).toMatchObject({ status: 'FAILED' });

    const pending = await refundOnItsWay(set.shop, set.admin, other, 200);
    const notFailed = await settleCall(set.shop, set.admin, other, pending, { method: 'CASH' });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toMatch(/Only a failed refund can be marked as settled/);
  });

  it('two settles at once: one settles, the other is told 409; the money and the credit note count once', async () => {
    const { orderid, refundId, total } = await failedRefund(set);
    const mailsBefore = (await settledMails(set.customer.email)).length;
    const answers = await Promise.all([
      settleCall(set.shop, set.admin, orderid, refundId, BY_BANK),
      settleCall(set.shop, set.admin, orderid, refundId, { method: 'UPI', reference: 'upi-991' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = (await get(`/api/order/${orderid}/refunds`)).json() as OrderWithRefunds;
    expect(after).toMatchObject({ refundedAmount: total, refundProcessedAmount: total });
    expect(after.creditNotes?.filter((n) => !n.voided)).toHaveLength(1);
    expect(await settledMails(set.customer.email)).toHaveLength(mailsBefore + 1);
  });

  it('a settle racing a Retry: exactly one of them happens', async () => {
    const { orderid, refundId, total } = await failedRefund(set);
    const [settled, retried] = await Promise.all([settleCall(set.shop, set.admin, orderid, refundId, BY_BANK), retryCall(set.shop, set.admin, orderid, refundId)]);
    expect([settled.statusCode, retried.statusCode].sort()).toEqual([200, 409]);
    const after = (await get(`/api/order/${orderid}/refunds`)).json() as OrderWithRefunds;
    const [refund] = after.refunds;
    if (settled.statusCode === 200) {
      expect(refund).toMatchObject({ status: 'PROCESSED', settlement: expect.any(Object) });
      expect(after).toMatchObject({ refundedAmount: total, refundProcessedAmount: total });
    } else {
      expect(settled.json().message).toMatch(/retried or settled meanwhile/);
      expect(refund?.status).not.toBe('FAILED');
      expect(refund?.settlement).toBeUndefined();
      expect(after).toMatchObject({ refundedAmount: total, refundProcessedAmount: 0 });
    }
    // Either way one live credit note backs the refund, beside the voided one.
    expect(after.creditNotes?.filter((n) => !n.voided)).toHaveLength(1);
    expect(after.creditNotes?.filter((n) => n.voided)).toHaveLength(1);
  });

  it('a payment that paid nothing, its refund failed and settled: processed, yet counted against nothing and credited by no note', async () => {
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    const row = await orderRow(set.shop, orderid);
    const refundId = `refund_of_${newGatewayId('pay_')}`;
    await set.shop.app.ctx.db.transaction().execute((trx) =>
      insertRefund(trx, { id: refundId, orderRowId: row.id, paymentId: row.paymentid, amount: 400, reason: 'A second payment of the order', actorUserId: null, strayPayment: true }),
    );
    await postRefundEvent(set.shop, set.secret, { id: newGatewayId('rfnd_'), paymentId: row.paymentid, amount: 40_000, status: 'failed', notes: { shop_refund_id: refundId } });
    const mailsBefore = (await settledMails(set.customer.email)).length;

    const res = await settleCall(set.shop, set.admin, orderid, refundId, { method: 'UPI', reference: 'upi-7781' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrderWithRefunds;
    expect(answer.refunds[0]).toMatchObject({ status: 'PROCESSED', strayPayment: true, settlement: { method: 'UPI', reference: 'upi-7781' } });
    expect(answer).toMatchObject({ refundedAmount: 0, refundProcessedAmount: 0 });
    expect(answer.creditNotes ?? []).toEqual([]);
    expect(await settledMails(set.customer.email)).toHaveLength(mailsBefore + 1);
  });

  it('refuses with 409 when other refunds took what was left since it failed, and changes nothing', async () => {
    const { orderid, refundId, total } = await failedRefund(set);
    await refundOnItsWay(set.shop, set.admin, orderid, total);
    const res = await settleCall(set.shop, set.admin, orderid, refundId, BY_BANK);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: 'REFUND_TOO_LARGE' });
    const after = (await get(`/api/order/${orderid}/refunds`)).json() as OrderWithRefunds;
    expect(after.refunds.find((r) => r.refundId === refundId)).toMatchObject({ status: 'FAILED' });
    expect(after.refunds.find((r) => r.refundId === refundId)?.settlement).toBeUndefined();
    expect(after).toMatchObject({ refundedAmount: total, refundProcessedAmount: 0 });
  });
});
