// Attack suite: a 100%-off code makes a Rs. 0 online order. The gateway cannot take Rs. 0 and the shop must not mark
// an order paid on no payment, so such an order is refused with a clear 400 pointing to cash on delivery, and
// nothing is written or sent to the gateway.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codOrder, countRows, createOrder, orderBody } from '../support/test-orders';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

describeEachDatabase('attack: a Rs. 0 online order', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  const code = 'FREEALL1';

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    customer = await createTestUser(shop);
    const admin = await adminOf(shop);
    const coupon = { code, kind: 'PERCENT', value: 100, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses: null, perCustomer: null, firstOrderOnly: false, active: true };
    expect((await shop.app.inject({ method: 'POST', url: '/api/coupons', headers: admin.auth, payload: coupon })).statusCode).toBe(201);
  });
  afterAll(async () => shop.close());

  it('is refused with NOTHING_TO_PAY, no order and no gateway order are made; cash on delivery places it', async () => {
    const quote = (await shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: customer.auth, payload: { ...orderBody(), coupon: code } })).json();
    expect(quote.total).toBe(0);
    const [orders, gatewayOrders] = [await countRows(shop, 'orders'), await countRows(shop, 'sandbox_orders')];

    const res = await createOrder(shop, customer, { ...orderBody({ totalAmount: 0 }), coupon: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'NOTHING_TO_PAY', message: expect.stringMatching(/Cash on Delivery/) });
    expect(await countRows(shop, 'orders')).toBe(orders);
    expect(await countRows(shop, 'sandbox_orders')).toBe(gatewayOrders);

    const codBody = { ...orderBody({ paymentmode: 'CASHONDELIVERY' }), coupon: code };
    const codQuote = (await shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: customer.auth, payload: codBody })).json();
    const cod = await codOrder(shop, customer, { ...codBody, totalAmount: codQuote.total });
    expect(cod.statusCode, cod.body).toBe(200);
  });
});
