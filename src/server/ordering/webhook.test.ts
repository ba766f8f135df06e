import { afterAll, beforeAll, expect, it } from 'vitest';
import { newGatewayId } from '../payments/gateway-ids';
import { gatewayFor } from '../payments/gateway-registry';
import type { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { webhookSignature } from '../payments/signatures';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { createOrder, insertOrder, mailsAboutOrder, orderRow } from '../../../tests/support/test-orders';

function event(type: string, payment: { id: string; order_id: string; amount: number; status: string; error_description?: string }) {
  return JSON.stringify({ entity: 'event', event: type, contains: ['payment'], payload: { payment: { entity: payment } }, created_at: 1 });
}

async function post(shop: TestShop, body: string, headers: Record<string, string>) {
  return shop.app.inject({ method: 'POST', url: '/api/checkout/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });
}

describeEachDatabase('payment webhooks', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  let secret: string;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    user = await createTestUser(shop);
    secret = (await (gatewayFor(shop.app.ctx) as SandboxGateway).secrets()).webhookSecret;
  });
  afterAll(async () => shop.close());

  const signed = (body: string, eventId = newGatewayId('evt_')) => ({ 'x-razorpay-signature': webhookSignature(body, secret), 'x-razorpay-event-id': eventId });
  const mailsFor = (orderid: string) => mailsAboutOrder(shop, orderid);

  it('a signed payment.captured pays the order once and queues the order-placed mails', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const body = event('payment.captured', { id: newGatewayId('pay_'), order_id: orderid, amount: 303700, status: 'captured' });
    const res = await post(shop, body, signed(body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'processed' });
    expect((await orderRow(shop, orderid)).payment_status).toBe('PAID');
    expect(await mailsFor(orderid)).toHaveLength(2);
  });

  it('a forged webhook or one without a signature is refused and changes nothing', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const body = event('payment.captured', { id: newGatewayId('pay_'), order_id: orderid, amount: 303700, status: 'captured' });
    const forged: Record<string, string>[] = [
      { 'x-razorpay-signature': webhookSignature(body, 'not-the-secret') },
      { 'x-razorpay-signature': 'abc' },
      // A genuine signature over a different body.
      { 'x-razorpay-signature': webhookSignature(body.replace('303700', '303701'), secret) },
      {},
    ];
    for (const headers of forged) {
      const res = await post(shop, body, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('WEBHOOK_REJECTED');
    }
    // Re-serialised JSON is not the signed body.
    const respaced = JSON.stringify(JSON.parse(body), null, 1);
    expect((await post(shop, respaced, signed(body))).statusCode).toBe(400);
    expect((await orderRow(shop, orderid)).payment_status).toBe('PENDING');
    expect(await shop.app.ctx.db.selectFrom('gateway_events').select('id').where('payload', 'like', `%${orderid}%`).execute()).toHaveLength(0);
  });

  it('a replayed event id is acknowledged and ignored', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const failed = event('payment.failed', { id: newGatewayId('pay_'), order_id: orderid, amount: 303700, status: 'failed', error_description: 'declined' });
    const headers = signed(failed, 'evt_replayed000001');
    expect((await post(shop, failed, headers)).json()).toEqual({ status: 'processed' });
    expect((await orderRow(shop, orderid)).payment_status).toBe('FAILED');
    // Set the order back by hand: if the replay were applied again it would turn FAILED once more.
    await shop.app.ctx.db.updateTable('orders').set({ payment_status: 'PENDING' }).where('orderid', '=', orderid).execute();
    const replay = await post(shop, failed, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    expect((await orderRow(shop, orderid)).payment_status).toBe('PENDING');
  });

  it('never moves a paid order back, and a repeated capture under a new event id sends no second mail', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const paymentId = newGatewayId('pay_');
    const captured = event('payment.captured', { id: paymentId, order_id: orderid, amount: 303700, status: 'captured' });
    await post(shop, captured, signed(captured));
    await post(shop, captured, signed(captured));
    const failed = event('payment.failed', { id: paymentId, order_id: orderid, amount: 303700, status: 'failed', error_description: 'late' });
    expect((await post(shop, failed, signed(failed))).statusCode).toBe(200);
    const row = await orderRow(shop, orderid);
    expect(row).toMatchObject({ payment_status: 'PAID', paymentid: paymentId });
    const payment = await shop.app.ctx.db.selectFrom('payments').selectAll().where('gateway_payment_id', '=', paymentId).executeTakeFirstOrThrow();
    expect(payment.status).toBe('captured');
    expect(await mailsFor(orderid)).toHaveLength(2);
  });

  it('a capture of another amount is recorded but does not pay the order', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const body = event('payment.captured', { id: newGatewayId('pay_'), order_id: orderid, amount: 100, status: 'captured' });
    expect((await post(shop, body, signed(body))).statusCode).toBe(200);
    expect((await orderRow(shop, orderid)).payment_status).toBe('PENDING');
  });

  it('acknowledges events for orders it does not know and events it does not handle', async () => {
    const unknown = event('payment.captured', { id: newGatewayId('pay_'), order_id: 'order_NotOurs00000000', amount: 100, status: 'captured' });
    expect((await post(shop, unknown, signed(unknown))).json()).toEqual({ status: 'ignored' });
    const refund = JSON.stringify({ event: 'refund.processed', payload: {} });
    expect((await post(shop, refund, signed(refund))).json()).toEqual({ status: 'ignored' });
  });
});

describeEachDatabase('payment webhooks with Razorpay configured', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      env: {
        RAZORPAY_KEY_ID: 'rzp_test_configured',
        RAZORPAY_KEY_SECRET: 'key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
      },
    });
  });
  afterAll(async () => shop.close());

  it('verifies with RAZORPAY_WEBHOOK_SECRET and pays the matching order', async () => {
    const user = await createTestUser(shop);
    const orderid = newGatewayId('order_');
    await insertOrder(shop.app.ctx.db, { userId: user.id, orderid, username: 'Ravi', emailaddress: 'ravi@example.in', total: 500, paymentmode: 'ONLINE', paymentStatus: 'PENDING' });
    const body = event('order.paid', { id: 'pay_RealRazorpay01', order_id: orderid, amount: 50000, status: 'captured' });
    const wrong = await post(shop, body, { 'x-razorpay-signature': webhookSignature(body, 'key-secret') });
    expect(wrong.statusCode).toBe(400);
    const res = await post(shop, body, { 'x-razorpay-signature': webhookSignature(body, 'hook-secret'), 'x-razorpay-event-id': 'evt_1' });
    expect(res.json()).toEqual({ status: 'processed' });
    expect((await orderRow(shop, orderid)).payment_status).toBe('PAID');
  });

  it('serves the config for Razorpay and no sandbox endpoints', async () => {
    expect((await shop.app.inject('/api/checkout/config')).json()).toEqual({
      gateway: 'razorpay',
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      keyid: 'rzp_test_configured',
      testMode: true,
      onlinePayment: true,
    });
    expect((await shop.app.inject('/sandbox/checkout.js')).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'POST', url: '/sandbox/pay', payload: {} })).statusCode).toBe(404);
  });
});
