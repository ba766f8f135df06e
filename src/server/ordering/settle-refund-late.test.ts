// After a failed refund was settled outside the gateway (decision 088): the tax reports count its fresh credit note
// once and the voided one as cancelled, and a gateway that reports the same refund processed after all (a late or
// resent webhook) counts nothing twice: the refund stays settled and the owner is told once that the customer may have
// been paid twice.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderNumber } from '../../domain/display';
import type { OrderWithRefunds } from '../../domain/refunds';
import { postRefundEvent } from '../../../tests/support/gateway-events';
import type { RefundShop } from '../../../tests/support/refund-fixtures';
import { BY_BANK, failedRefund, invoicingRefundShop, settleCall } from '../../../tests/support/settle-fixtures';
import { orderRow } from '../../../tests/support/test-orders';
import { describeEachDatabase } from '../../../tests/support/test-shop';
import { FAILED_REFUND_MAIL_KIND, GATEWAY_ALSO_PAID_MAIL_KIND } from './failed-refund-mail';

describeEachDatabase('a refund settled outside the gateway, afterwards', (dialect) => {
  let set: RefundShop;
  beforeAll(async () => {
    set = await invoicingRefundShop(dialect);
  });
  afterAll(async () => set.shop.close());

  const get = async (url: string) => {
    const res = await set.shop.app.inject({ url, headers: set.admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const shopMails = async (kind: string, number: string) =>
    (await set.shop.app.ctx.db.selectFrom('mail_outbox').selectAll().where('kind', '=', kind).execute()).filter((m) => m.subject.includes(number));

  it('GSTR-1 and the month’s summary count the settled refund’s note once and the voided one as cancelled', async () => {
    const period = () => {
      const now = new Date(Date.now() + 5.5 * 3600_000);
      return `${String(now.getUTCMonth() + 1).padStart(2, '0')}${now.getUTCFullYear()}`;
    };
    const noteSeries = async () => {
      const g = (await get(`/api/reports/gstr1?period=${period()}`)).json() as { doc_issue: { doc_det: { doc_num: number; docs: { totnum: number; cancel: number; net_issue: number }[] }[] } };
      const docs = g.doc_issue.doc_det.find((d) => d.doc_num === 5)?.docs ?? [];
      return docs.reduce((s, d) => ({ totnum: s.totnum + d.totnum, cancel: s.cancel + d.cancel, net_issue: s.net_issue + d.net_issue }), { totnum: 0, cancel: 0, net_issue: 0 });
    };
    const summary = async () => (await get(`/api/reports/summary?period=${period()}`)).json().creditNotes as { count: number; total: number };

    const { orderid, refundId, total } = await failedRefund(set);
    const [seriesBefore, summaryBefore] = [await noteSeries(), await summary()];
    const res = await settleCall(set.shop, set.admin, orderid, refundId, BY_BANK);
    expect(res.statusCode, res.body).toBe(200);
    const [voided, fresh] = (res.json() as OrderWithRefunds).creditNotes ?? [];

    // One more note issued and not cancelled; the voided one stays cancelled, not revived.
    expect(await noteSeries()).toEqual({ totnum: seriesBefore.totnum + 1, cancel: seriesBefore.cancel, net_issue: seriesBefore.net_issue + 1 });
    expect(await summary()).toMatchObject({ count: summaryBefore.count + 1, total: summaryBefore.total + total });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const register = (await get(`/api/reports/sales-register.csv?from=${day(-30)}&to=${day(30)}`)).body;
    expect(register.split(fresh?.number ?? '?').length - 1).toBe(1);
    expect(register).not.toContain(voided?.number ?? '?');
    const stored = await set.shop.app.ctx.db.selectFrom('credit_notes').select(['number', 'voided_at']).where('refund_id', '=', refundId).orderBy('number').execute();
    expect(stored.map((n) => [n.number, n.voided_at !== null])).toEqual([
      [voided?.number, true],
      [fresh?.number, false],
    ]);
  });

  it('a gateway that reports it processed later counts nothing twice and tells the owner once', async () => {
    const { orderid, refundId, gatewayRefundId, total } = await failedRefund(set);
    expect((await settleCall(set.shop, set.admin, orderid, refundId, BY_BANK)).statusCode).toBe(200);
    const row = await orderRow(set.shop, orderid);
    const number = orderNumber(row.id);
    const processed = { id: gatewayRefundId, paymentId: row.paymentid, amount: total * 100, status: 'processed' as const, notes: { shop_refund_id: refundId } };
    await postRefundEvent(set.shop, set.secret, processed);
    // Resent, and once more under another event id.
    await postRefundEvent(set.shop, set.secret, processed, 'evt_late_1');
    await postRefundEvent(set.shop, set.secret, processed, 'evt_late_1');
    // A stray "failed" about it changes nothing either.
    await postRefundEvent(set.shop, set.secret, { ...processed, status: 'failed' });

    const after = (await get(`/api/order/${orderid}/refunds`)).json() as OrderWithRefunds;
    expect(after).toMatchObject({ refundedAmount: total, refundProcessedAmount: total });
    expect(after.refunds[0]).toMatchObject({ status: 'PROCESSED', settlement: { method: 'BANK_TRANSFER', gatewayAlsoPaidAt: expect.any(String) } });
    expect(after.creditNotes?.filter((n) => !n.voided)).toHaveLength(1);

    const twice = await shopMails(GATEWAY_ALSO_PAID_MAIL_KIND, number);
    expect(twice).toHaveLength(1);
    expect(twice[0]?.to_address).toBe(set.shop.app.ctx.config.SHOP_EMAIL);
    expect(twice[0]?.subject).toBe(`Refund paid twice? Rs. ${total.toLocaleString('en-IN')} for order ${number}`);
    expect(twice[0]?.text_body).toContain('bank transfer (ref UTR0042917)');
    expect(twice[0]?.text_body).toContain(gatewayRefundId);
    expect(twice[0]?.text_body).toContain(`The order: ${set.shop.app.ctx.config.PUBLIC_URL}/admin/orders/${orderid}`);
    // Only the first failure mailed the owner "failed".
    expect(await shopMails(FAILED_REFUND_MAIL_KIND, number)).toHaveLength(1);
  });
});
