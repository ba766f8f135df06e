// A refund that fails at the gateway is told to the owner: one mail to the shop per failure (however often the
// gateway reports it), the overview's count and total of refunds failed now, and the admin list's flag and filter.
import { expect, it } from 'vitest';
import { orderNumber } from '../../domain/display';
import { newGatewayId } from '../payments/gateway-ids';
import { sandboxRefundEventBody } from '../payments/sandbox/sandbox-refunds';
import { postRefundEvent, postSignedWebhook } from '../../../tests/support/gateway-events';
import { deliveredPaidOrder, refundOnItsWay, useRefundShop } from '../../../tests/support/refund-fixtures';
import { orderRow } from '../../../tests/support/test-orders';
import { describeEachDatabase } from '../../../tests/support/test-shop';
import { FAILED_REFUND_MAIL_KIND } from './failed-refund-mail';

interface Listed {
  orderid: string;
  refundFailed?: boolean;
}

describeEachDatabase('the owner told of a failed refund', (dialect) => {
  const set = useRefundShop(dialect);

  /** The gateway's signed refund event body for the shop's refund, as Razorpay posts it. */
  async function eventBody(orderid: string, refundId: string, amount: number, status: 'processed' | 'failed', gatewayRefundId = newGatewayId('rfnd_')) {
    const { paymentid } = await orderRow(set.shop, orderid);
    return sandboxRefundEventBody({ id: gatewayRefundId, paymentId: paymentid, amount: amount * 100, status, notes: { shop_refund_id: refundId } });
  }

  async function failedRefundMails(orderid: string) {
    const number = orderNumber((await orderRow(set.shop, orderid)).id);
    const rows = await set.shop.app.ctx.db.selectFrom('mail_outbox').selectAll().where('kind', '=', FAILED_REFUND_MAIL_KIND).execute();
    return rows.filter((m) => m.subject.includes(number));
  }

  const overview = async () => {
    const res = await set.shop.app.inject({ url: '/api/admin/overview', headers: set.admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { failedRefunds?: { count: number; amount: number }; unpaidOnline: number };
  };
  const listed = async (query: string) => {
    const res = await set.shop.app.inject({ url: `/api/order/admin?${query}`, headers: set.admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return { orders: res.json() as Listed[], total: Number(res.headers['x-total-count']) };
  };

  it('mails the set.shop once when the gateway reports the failure twice, and again when the retry fails too', async () => {
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    const refundId = await refundOnItsWay(set.shop, set.admin, orderid, 700);
    const body = await eventBody(orderid, refundId, 700, 'failed');
    const eventId = newGatewayId('evt_');
    // Razorpay resends an event it thinks was not taken: the same event id, the same body.
    expect((await postSignedWebhook(set.shop, set.secret, body, eventId)).statusCode).toBe(200);
    expect((await postSignedWebhook(set.shop, set.secret, body, eventId)).statusCode).toBe(200);
    // And a second event about the same failure (another id) moves nothing either.
    expect((await postSignedWebhook(set.shop, set.secret, body)).statusCode).toBe(200);

    const mails = await failedRefundMails(orderid);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const number = orderNumber((await orderRow(set.shop, orderid)).id);
    expect(mail?.to_address).toBe(set.shop.app.ctx.config.SHOP_EMAIL);
    expect(mail?.subject).toBe(`Refund failed: Rs. 700 for order ${number}`);
    expect(mail?.text_body).toContain('on its way');
    expect(mail?.text_body).toContain('Retry');
    expect(mail?.text_body).toContain('another way');
    expect(mail?.text_body).toContain('Mark as settled');
    // The order's own page in the dashboard, not the list searched for it.
    expect(mail?.text_body).toContain(`${set.shop.app.ctx.config.PUBLIC_URL}/admin/orders/${orderid})`);

    const retried = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${refundId}/retry`, headers: set.admin.auth });
    expect(retried.statusCode, retried.body).toBe(200);
    const { gateway_refund_id: asked } = await set.shop.app.ctx.db.selectFrom('refunds').select('gateway_refund_id').where('id', '=', refundId).executeTakeFirstOrThrow();
    // The gateway fails the retried refund too: a new failure, a new mail.
    await postRefundEvent(set.shop, set.secret, { id: asked ?? '', paymentId: (await orderRow(set.shop, orderid)).paymentid, amount: 70_000, status: 'failed', notes: { shop_refund_id: refundId } });
    expect(await failedRefundMails(orderid)).toHaveLength(2);
  });

  it('counts the refunds failed now on the overview and flags their orders, until a retry goes through', async () => {
    const before = (await overview()).failedRefunds;
    expect(before).toBeDefined();
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    const refundId = await refundOnItsWay(set.shop, set.admin, orderid, 450);
    const number = orderNumber((await orderRow(set.shop, orderid)).id);
    expect((await listed(`q=${number}`)).orders[0]?.refundFailed).toBe(false);

    expect((await postSignedWebhook(set.shop, set.secret, await eventBody(orderid, refundId, 450, 'failed'))).statusCode).toBe(200);
    expect((await overview()).failedRefunds).toEqual({ count: (before?.count ?? 0) + 1, amount: (before?.amount ?? 0) + 450 });
    expect((await listed(`q=${number}`)).orders[0]).toMatchObject({ orderid, refundFailed: true });
    // The list of orders with a failed refund holds it, flagged, and only such orders.
    const failed = await listed('refund=FAILED');
    expect(failed.orders.map((o) => o.orderid)).toContain(orderid);
    expect(failed.orders.every((o) => o.refundFailed === true)).toBe(true);
    expect(failed.total).toBe(failed.orders.length);

    const retried = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${refundId}/retry`, headers: set.admin.auth });
    expect(retried.statusCode, retried.body).toBe(200);
    // Retried: on its way again, so no longer failed.
    expect((await overview()).failedRefunds).toEqual(before);
    const { gateway_refund_id: asked } = await set.shop.app.ctx.db.selectFrom('refunds').select('gateway_refund_id').where('id', '=', refundId).executeTakeFirstOrThrow();
    await postRefundEvent(set.shop, set.secret, { id: asked ?? '', paymentId: (await orderRow(set.shop, orderid)).paymentid, amount: 45_000, status: 'processed', notes: { shop_refund_id: refundId } });
    expect((await overview()).failedRefunds).toEqual(before);
    expect((await listed(`q=${number}`)).orders[0]?.refundFailed).toBe(false);
    expect((await listed('refund=FAILED')).orders.map((o) => o.orderid)).not.toContain(orderid);
    expect(await failedRefundMails(orderid)).toHaveLength(1);
  });
});
