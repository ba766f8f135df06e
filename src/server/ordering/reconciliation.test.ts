import { afterAll, beforeAll, expect, it } from 'vitest';
import { shopTimestamp } from '../../domain/display';
import { newGatewayId } from '../payments/gateway-ids';
import { useGateway } from '../payments/gateway-registry';
import { createRazorpayGateway, type RazorpayClient, type RazorpayPaymentEntity } from '../payments/razorpay-gateway';
import { insertSandboxPayment } from '../payments/sandbox/sandbox-repository';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { createOrder, mailsAboutOrder, orderRow } from '../../../tests/support/test-orders';
import { reconcilePendingPayments } from './reconciliation';

const MINUTE = 60_000;

async function payBehindTheScenes(shop: TestShop, orderid: string, status = 'captured') {
  const id = newGatewayId('pay_');
  await insertSandboxPayment(shop.app.ctx.db, { id, order_id: orderid, amount: 303700, status, error_description: null });
  return id;
}

describeEachDatabase('reconciliation with the sandbox', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    user = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  it('pays an order whose customer paid and closed the browser, once, after two minutes', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const paymentId = await payBehindTheScenes(shop, orderid);
    const ctx = shop.app.ctx;

    const early = await reconcilePendingPayments(ctx, { now: new Date(Date.now() + MINUTE) });
    expect(early.checked).toBe(0);
    expect((await orderRow(shop, orderid)).payment_status).toBe('PENDING');

    const later = new Date(Date.now() + 3 * MINUTE);
    const [a, b] = await Promise.all([reconcilePendingPayments(ctx, { now: later }), reconcilePendingPayments(ctx, { now: later })]);
    expect((a?.paid ?? 0) + (b?.paid ?? 0)).toBe(1);
    expect(await orderRow(shop, orderid)).toMatchObject({ payment_status: 'PAID', paymentid: paymentId });
    const mails = await mailsAboutOrder(shop, orderid);
    expect(mails).toHaveLength(2);

    expect((await reconcilePendingPayments(ctx, { now: later })).checked).toBe(0);
  });

  it('records a failed attempt and leaves orders with no payment alone', async () => {
    const failed = (await createOrder(shop, user)).json().orderid;
    await payBehindTheScenes(shop, failed, 'failed');
    const untouched = (await createOrder(shop, user)).json().orderid;
    const result = await reconcilePendingPayments(shop.app.ctx, { now: new Date(Date.now() + 3 * MINUTE) });
    expect(result).toMatchObject({ paid: 0, failed: 1, errors: 0 });
    expect((await orderRow(shop, failed)).payment_status).toBe('FAILED');
    expect((await orderRow(shop, untouched)).payment_status).toBe('PENDING');
  });

  it('ignores orders older than a day', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    await payBehindTheScenes(shop, orderid);
    const result = await reconcilePendingPayments(shop.app.ctx, { now: new Date(Date.now() + 25 * 60 * MINUTE) });
    expect(result.checked).toBe(0);
    expect((await orderRow(shop, orderid)).payment_status).toBe('PENDING');
  });
});

describeEachDatabase('reconciliation as a background job', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { backgroundJobs: true, env: { RECONCILE_INTERVAL_MS: '50' } });
  });
  afterAll(async () => shop.close());

  it('runs every RECONCILE_INTERVAL_MS and pays a stale order', async () => {
    const user = await createTestUser(shop);
    const { orderid } = (await createOrder(shop, user)).json();
    await payBehindTheScenes(shop, orderid);
    await shop.app.ctx.db
      .updateTable('orders')
      .set({ created_at: shopTimestamp(new Date(Date.now() - 5 * MINUTE)) })
      .where('orderid', '=', orderid)
      .execute();
    const deadline = Date.now() + 5000;
    while ((await orderRow(shop, orderid)).payment_status !== 'PAID' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await orderRow(shop, orderid)).payment_status).toBe('PAID');
  });
});

/** Razorpay's API stood in by a fake: the SDK calls we make, answered from memory. */
function fakeRazorpay() {
  const payments = new Map<string, RazorpayPaymentEntity[]>();
  let down = false;
  const client: RazorpayClient = {
    orders: {
      async create(params) {
        if (down) throw { statusCode: 503, error: { description: 'down' } };
        return { id: newGatewayId('order_'), amount: params.amount, currency: params.currency };
      },
      async fetchPayments(orderId) {
        if (down) throw new Error('socket hang up');
        return { items: payments.get(orderId) ?? [] };
      },
    },
    payments: {
      async refund() {
        throw new Error('no refunds in this test');
      },
      async fetchMultipleRefund() {
        return { items: [] };
      },
      async fetch(paymentId) {
        if (down) throw new Error('socket hang up');
        const found = [...payments.values()].flat().find((p) => p.id === paymentId);
        if (!found) throw { statusCode: 400, error: { description: 'The id provided does not exist' } };
        return found;
      },
    },
  };
  return {
    client,
    capture(orderId: string, amount: number) {
      const entity = { id: newGatewayId('pay_'), order_id: orderId, status: 'captured', amount };
      payments.set(orderId, [...(payments.get(orderId) ?? []), entity]);
      return entity;
    },
    setDown(value: boolean) {
      down = value;
    },
  };
}

describeEachDatabase('checkout with the Razorpay gateway (SDK stood in)', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  const razorpay = fakeRazorpay();
  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      beforeReady(app) {
        useGateway(app.ctx, createRazorpayGateway({ keyId: 'rzp_live_fake', keySecret: 'live-secret', webhookSecret: 'hook' }, razorpay.client));
      },
    });
    user = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  it('creates the gateway order with the amount in paise and reconciles a captured payment', async () => {
    const res = await createOrder(shop, user);
    expect(res.json()).toMatchObject({ keyid: 'rzp_live_fake', amount: 303700, paymentstatus: 'PENDING' });
    const { orderid } = res.json();
    const payment = razorpay.capture(orderid, 303700);
    const result = await reconcilePendingPayments(shop.app.ctx, { now: new Date(Date.now() + 3 * MINUTE) });
    expect(result.paid).toBe(1);
    expect(await orderRow(shop, orderid)).toMatchObject({ payment_status: 'PAID', paymentid: payment.id });
    expect((await shop.app.inject('/api/checkout/config')).json()).toMatchObject({ gateway: 'razorpay', testMode: false });
  });

  it('an unreachable gateway is a clear 503 at checkout and a counted error in reconciliation', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    razorpay.setDown(true);
    try {
      const res = await createOrder(shop, user);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'GATEWAY_UNAVAILABLE', message: expect.stringContaining('Cash on Delivery') });
      const result = await reconcilePendingPayments(shop.app.ctx, { now: new Date(Date.now() + 3 * MINUTE) });
      expect(result.errors).toBeGreaterThanOrEqual(1);
      expect((await orderRow(shop, orderid)).payment_status).toBe('PENDING');
    } finally {
      razorpay.setDown(false);
    }
  });
});
