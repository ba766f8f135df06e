// An order reads "Refunded" only for money the gateway has given back. Every answer that carries what is refunded of
// an order or on its way (refundedAmount) carries beside it what the gateway has processed (refundProcessedAmount):
// the admin list, the order with its refunds, and the customer's own list, kept or not.
import { expect, it } from 'vitest';
import { displayOrderId } from '../../domain/display';
import { newGatewayId } from '../payments/gateway-ids';
import { postRefundEvent } from '../../../tests/support/gateway-events';
import { deliveredPaidOrder, refundOnItsWay, useRefundShop } from '../../../tests/support/refund-fixtures';
import { orderRow } from '../../../tests/support/test-orders';
import { describeEachDatabase, type TestUser } from '../../../tests/support/test-shop';

interface Refunded {
  orderid: string;
  refundedAmount?: number;
  refundProcessedAmount?: number;
}

describeEachDatabase('refunds processed and refunds on their way', (dialect) => {
  const set = useRefundShop(dialect);

  /** The gateway's signed refund.processed or refund.failed for the shop's refund, as Razorpay posts it. */
  async function gatewaySays(orderid: string, refundId: string, amount: number, status: 'processed' | 'failed') {
    const { paymentid } = await orderRow(set.shop, orderid);
    await postRefundEvent(set.shop, set.secret, { id: newGatewayId('rfnd_'), paymentId: paymentid, amount: amount * 100, status, notes: { shop_refund_id: refundId } });
  }

  const adminListed = async (orderid: string) =>
    ((await set.shop.app.inject({ url: `/api/order/admin?q=${displayOrderId(orderid)}`, headers: set.admin.auth })).json() as Refunded[]).find((o) => o.orderid === orderid);
  const withRefunds = async (orderid: string, who: TestUser) => (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: who.auth })).json() as Refunded;
  const ownList = (etag?: string) => set.shop.app.inject({ url: '/api/order', headers: { ...set.customer.auth, ...(etag ? { 'if-none-match': etag } : {}) } });
  const ownListed = async (orderid: string) => ((await ownList()).json() as Refunded[]).find((o) => o.orderid === orderid);

  it('a refund on its way is not processed until the gateway says so; then every answer says it, once', async () => {
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    const refundId = await refundOnItsWay(set.shop, set.admin, orderid, 1000);
    const onItsWay = { orderid, refundedAmount: 1000, refundProcessedAmount: 0 };
    expect(await adminListed(orderid)).toMatchObject(onItsWay);
    expect(await withRefunds(orderid, set.customer)).toMatchObject({ ...onItsWay, refunds: [{ refundId, amount: 1000, status: 'PENDING' }] });
    const kept = await ownList();
    expect((kept.json() as Refunded[]).find((o) => o.orderid === orderid)).toMatchObject(onItsWay);

    await gatewaySays(orderid, refundId, 1000, 'processed');
    const processed = { orderid, refundedAmount: 1000, refundProcessedAmount: 1000 };
    expect(await adminListed(orderid)).toMatchObject(processed);
    expect(await withRefunds(orderid, set.admin)).toMatchObject({ ...processed, refunds: [{ refundId, status: 'PROCESSED' }] });
    // The customer's kept list is not answered from before the refund went through.
    const fresh = await ownList(String(kept.headers.etag));
    expect(fresh.statusCode).toBe(200);
    expect((fresh.json() as Refunded[]).find((o) => o.orderid === orderid)).toMatchObject(processed);

    // Razorpay may report the same refund again: it is counted once.
    await gatewaySays(orderid, refundId, 1000, 'processed');
    expect((await orderRow(set.shop, orderid)).refund_processed_amount).toBe(1000);
  });

  it('a second refund on its way beside a processed one is counted apart, and the whole order is processed at the end', async () => {
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    const { total_amount: total } = await orderRow(set.shop, orderid);
    const first = await refundOnItsWay(set.shop, set.admin, orderid, 1000);
    await gatewaySays(orderid, first, 1000, 'processed');
    const rest = await refundOnItsWay(set.shop, set.admin, orderid, total - 1000);
    expect(await ownListed(orderid)).toMatchObject({ refundedAmount: total, refundProcessedAmount: 1000 });
    await gatewaySays(orderid, rest, total - 1000, 'processed');
    expect(await ownListed(orderid)).toMatchObject({ refundedAmount: total, refundProcessedAmount: total });
  });

  it('a failed refund is neither processed nor on its way, and once retried it is on its way again', async () => {
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    const refundId = await refundOnItsWay(set.shop, set.admin, orderid, 500);
    await gatewaySays(orderid, refundId, 500, 'failed');
    expect(await adminListed(orderid)).toMatchObject({ refundedAmount: 0, refundProcessedAmount: 0 });
    expect(await ownListed(orderid)).toMatchObject({ refundedAmount: 0, refundProcessedAmount: 0 });

    const retried = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${refundId}/retry`, headers: set.admin.auth });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ refundedAmount: 500, refundProcessedAmount: 0, refunds: [{ refundId, status: 'PENDING' }] });
  });
});
