import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { orderSchema } from '../../domain/schemas/order';
import { codOrder, createOrder, orderBody } from '../checkout/checkout-test-support';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../test-support/test-shop';

describeEachDatabase("customers' own orders", (dialect) => {
  let shop: TestShop;
  let asha: TestUser;
  let ravi: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    asha = await createTestUser(shop);
    ravi = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  const list = async (u: TestUser) => z.array(orderSchema).parse((await shop.app.inject({ url: '/api/order', headers: u.auth })).json());

  it('lists only the caller\'s orders, newest first, with their lines, whatever e-mail the orders carry', async () => {
    const first = (await codOrder(shop, asha, orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: ravi.email }))).json();
    const second = (await createOrder(shop, asha)).json();
    const ravis = (await codOrder(shop, ravi, orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: asha.email }))).json();

    const mine = await list(asha);
    expect(mine.map((o) => o.orderid)).toEqual([second.orderid, first.orderid]);
    expect(mine[1]?.items).toHaveLength(2);
    expect((await list(ravi)).map((o) => o.orderid)).toEqual([ravis.orderid]);
    // Query parameters naming someone else change nothing.
    const sneaky = await shop.app.inject({ url: `/api/order?email=${encodeURIComponent(ravi.email)}&user_id=${ravi.id}`, headers: asha.auth });
    expect(sneaky.json().map((o: { orderid: string }) => o.orderid)).toEqual([second.orderid, first.orderid]);
  });

  it('needs a login, and the admin list is 403 for a USER token', async () => {
    expect((await shop.app.inject('/api/order')).statusCode).toBe(401);
    expect((await shop.app.inject({ url: '/api/order/admin', headers: asha.auth })).statusCode).toBe(403);
    expect((await shop.app.inject('/api/order/admin')).statusCode).toBe(401);
  });
});
