// Attack suite: `npm start` on a public PUBLIC_URL without Razorpay keys used to run the sandbox, so anyone could
// "pay" for real orders with the test card. Such a shop now takes cash on delivery only, and says so at start.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codOrder, createOrder, orderBody, SUCCESS_CARD } from '../support/test-orders';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';
import { countRows } from './attack-support';

describeEachDatabase('attack: paying with the test card on a public shop', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    shop = await createTestShop(dialect, { env: { PUBLIC_URL: 'https://ghee.example.in' }, logger: { level: 'info', stream } });
    customer = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  it('start-up says online payment is off and why', () => {
    const line = lines.find((l) => String(l.msg).startsWith('online payment:'));
    expect(line?.level).toBe(40);
    expect(String(line?.msg)).toMatch(/OFF, cash on delivery only.*RAZORPAY_KEY_ID/);
  });

  it('no sandbox: its script and pay call do not exist, and checkout offers no online payment', async () => {
    expect((await shop.app.inject('/sandbox/checkout.js')).statusCode).toBe(404);
    const pay = await shop.app.inject({ method: 'POST', url: '/sandbox/pay', payload: { order_id: 'order_x', key_id: 'rzp_test_sandbox', card: SUCCESS_CARD } });
    expect(pay.statusCode).toBe(404);
    expect((await shop.app.inject('/api/checkout/config')).json()).toMatchObject({ gateway: 'off', onlinePayment: false, testMode: false });
  });

  it('an online order is a clear 409 and writes nothing; cash on delivery still works', async () => {
    const before = await countRows(shop, 'orders');
    const res = await createOrder(shop, customer, orderBody());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'ONLINE_PAYMENT_OFF', message: expect.stringMatching(/Cash on Delivery/) });
    expect(await countRows(shop, 'orders')).toBe(before);
    expect((await codOrder(shop, customer)).statusCode).toBe(200);
  });
});

describeEachDatabase('a public test shop with PAYMENT_SANDBOX=1', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { PUBLIC_URL: 'https://test.ghee.example.in', PAYMENT_SANDBOX: '1' } });
  });
  afterAll(async () => shop.close());

  it('runs the sandbox on purpose, in test mode', async () => {
    expect((await shop.app.inject('/api/checkout/config')).json()).toMatchObject({ gateway: 'sandbox', onlinePayment: true, testMode: true });
    expect((await shop.app.inject('/sandbox/checkout.js')).statusCode).toBe(200);
  });
});

describeEachDatabase('attack: HOST=0.0.0.0 without PUBLIC_URL (other machines reach a shop that calls itself localhost)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { HOST: '0.0.0.0' } });
  });
  afterAll(async () => shop.close());

  it('runs no sandbox: online payment is off', async () => {
    expect((await shop.app.inject('/api/checkout/config')).json()).toMatchObject({ gateway: 'off', onlinePayment: false, testMode: false });
    expect((await shop.app.inject('/sandbox/checkout.js')).statusCode).toBe(404);
  });
});
