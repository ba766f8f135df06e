import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createOrder, sandboxPay, settledMailbox, SUCCESS_CARD } from '../../../../tests/support/test-orders';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../../tests/support/test-shop';

const CLIENT_KEY_ID = 'rzp_test_ClientBuilt0001';

describeEachDatabase('sandbox gateway endpoints', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { PAYMENT_SANDBOX_KEY_ID: CLIENT_KEY_ID } });
    user = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  it('tells the browser to load the sandbox script in test mode', async () => {
    const res = await shop.app.inject('/api/checkout/config');
    expect(res.json()).toEqual({
      gateway: 'sandbox',
      scriptUrl: '/sandbox/checkout.js',
      keyid: 'rzp_test_sandbox',
      testMode: true,
      onlinePayment: true,
    });
  });

  it('serves checkout.js as a script the CSP allows: same origin, no inline handlers, valid JavaScript', async () => {
    const res = await shop.app.inject('/sandbox/checkout.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const script = res.body;
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
    expect(script).not.toContain('innerHTML');
    expect(script).toContain('4000 0000 0000 0002');
    expect(script).not.toContain('__CONFIG__');
  });

  it('keeps the key secret out of the browser', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    await sandboxPay(shop, orderid);
    const stored = await shop.app.ctx.db.selectFrom('app_meta').select('value').where('key', '=', 'sandbox_key_secret').executeTakeFirstOrThrow();
    expect(stored.value).toMatch(/^[0-9a-f]{64}$/);
    expect((await shop.app.inject('/sandbox/checkout.js')).body).not.toContain(stored.value);
    expect(JSON.stringify((await shop.app.inject('/api/checkout/config')).json())).not.toContain(stored.value);
  });

  it('refuses a wrong key, an unknown order, a bad card and a second payment of a paid order', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const wrongKey = await shop.app.inject({ method: 'POST', url: '/sandbox/pay', payload: { order_id: orderid, key_id: 'rzp_test_other', card: SUCCESS_CARD } });
    expect(wrongKey.statusCode).toBe(400);
    expect((await sandboxPay(shop, 'order_Unknown0000000')).statusCode).toBe(404);

    const bad = await sandboxPay(shop, orderid, { number: '4111 1111 1111 1112', expiry: '01/20', cvv: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'card.number': 'Enter a valid card number.',
      'card.expiry': 'This card has expired.',
      'card.cvv': 'Enter the 3 or 4 digit CVV.',
    });

    expect((await sandboxPay(shop, orderid)).statusCode).toBe(200);
    const again = await sandboxPay(shop, orderid);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('ORDER_ALREADY_PAID');
    await settledMailbox(shop);
    const payments = await shop.app.ctx.db.selectFrom('sandbox_payments').select('status').where('order_id', '=', orderid).execute();
    expect(payments).toEqual([{ status: 'captured' }]);
  });

  it('pays the order by webhook alone when the browser never confirms', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    await sandboxPay(shop, orderid);
    await settledMailbox(shop);
    const row = await shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe('PAID');
  });

  it('shows the dialog the order as created, by key id and order id, for its own key and PAYMENT_SANDBOX_KEY_ID\'s', async () => {
    const { orderid, totalAmount } = (await createOrder(shop, user)).json();
    for (const key of ['rzp_test_sandbox', CLIENT_KEY_ID]) {
      const res = await shop.app.inject(`/sandbox/orders/${orderid}?key_id=${key}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: orderid, amount: totalAmount * 100, currency: 'INR', status: 'created' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const wrongKey = await shop.app.inject(`/sandbox/orders/${orderid}?key_id=rzp_test_other`);
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().message).toContain('PAYMENT_SANDBOX_KEY_ID');
    expect((await shop.app.inject(`/sandbox/orders/${orderid}`)).statusCode).toBe(400);
    expect((await shop.app.inject(`/sandbox/orders/order_Unknown0000000?key_id=${CLIENT_KEY_ID}`)).statusCode).toBe(404);
  });

  it('pays with the key id PAYMENT_SANDBOX_KEY_ID names, charging the order\'s amount', async () => {
    const { orderid, totalAmount } = (await createOrder(shop, user)).json();
    const res = await shop.app.inject({ method: 'POST', url: '/sandbox/pay', payload: { order_id: orderid, key_id: CLIENT_KEY_ID, card: SUCCESS_CARD } });
    expect(res.statusCode, res.body).toBe(200);
    const payment = await shop.app.ctx.db.selectFrom('sandbox_payments').select('amount').where('id', '=', res.json().razorpay_payment_id).executeTakeFirstOrThrow();
    expect(payment.amount).toBe(totalAmount * 100);
  });
});

describe('PAYMENT_SANDBOX_KEY_ID configuration', () => {
  it('takes a test key id and refuses a live one at start', () => {
    const base = { DATA_DIR: path.join(os.tmpdir(), 'ghee-config-test'), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, PAYMENT_SANDBOX_KEY_ID: ` ${CLIENT_KEY_ID} ` }).PAYMENT_SANDBOX_KEY_ID).toBe(CLIENT_KEY_ID);
    expect(loadConfig(base).PAYMENT_SANDBOX_KEY_ID).toBeUndefined();
    expect(() => loadConfig({ ...base, PAYMENT_SANDBOX_KEY_ID: 'rzp_live_AbCdEf0123' })).toThrow(/live Razorpay key/);
  });
});
