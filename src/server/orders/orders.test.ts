import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { orderSchema } from '../../domain/schemas/order';
import { codOrder, createOrder, orderBody } from '../../../tests/support/test-orders';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { customerOrdersJson } from './customer-orders-json';
import { listOrdersOfUser } from './order-repository';
import { insertSyntheticOrders } from '../../../tests/support/synthetic-orders';

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

  it('the list built by the database is the same as the lines and orders read one by one, for any text', async () => {
    const maya = await createTestUser(shop);
    expect(JSON.parse(await customerOrdersJson(shop.app.ctx.db, shop.dialect, maya.id))).toEqual([]);
    await codOrder(shop, maya, orderBody({ paymentmode: 'CASHONDELIVERY', note: 'Ring twice — "back door", ಧನ್ಯವಾದ 🙏\nthanks', address: "12 O'Brien Road\\2" }));
    await insertSyntheticOrders(shop.app.ctx.db, 12, { userId: maya.id });
    const fromDatabase = JSON.parse(await customerOrdersJson(shop.app.ctx.db, shop.dialect, maya.id));
    expect(fromDatabase).toEqual(await listOrdersOfUser(shop.app.ctx.db, maya.id));
    expect(fromDatabase).toHaveLength(13);
  });

  it('a kept list is never stale: a new order and a status change show on the next request, and an unchanged one is a 304', async () => {
    const neha = await createTestUser(shop);
    const admin = await adminOf(shop);
    const order = (await codOrder(shop, neha)).json();
    const first = await shop.app.inject({ url: '/api/order', headers: neha.auth });
    expect(first.json()).toMatchObject([{ orderid: order.orderid, status: 'PREPARATION' }]);
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await shop.app.inject({ url: '/api/order', headers: { ...neha.auth, 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const changed = await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid: order.orderid, status: 'READY' } });
    expect(changed.statusCode).toBe(200);
    const afterChange = await shop.app.inject({ url: '/api/order', headers: { ...neha.auth, 'if-none-match': String(first.headers.etag) } });
    expect(afterChange.statusCode).toBe(200);
    expect(afterChange.json()).toMatchObject([{ orderid: order.orderid, status: 'READY' }]);

    const second = (await codOrder(shop, neha, orderBody({ paymentmode: 'CASHONDELIVERY', receipt: 'Receipt-second' }))).json();
    expect((await list(neha)).map((o) => o.orderid)).toEqual([second.orderid, order.orderid]);
    // Another customer never gets this kept answer.
    expect(await list(await createTestUser(shop))).toEqual([]);
  });

  it('answers in the encoding asked for, under one tag, and a client with the tag gets a 304 whichever encoding it asks', async () => {
    const meera = await createTestUser(shop);
    const order = (await codOrder(shop, meera)).json();
    const ask = (encoding: string, etag?: string) =>
      shop.app.inject({ url: '/api/order', headers: { ...meera.auth, 'accept-encoding': encoding, ...(etag ? { 'if-none-match': etag } : {}) } });
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toMatchObject([{ orderid: order.orderid }]);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toMatchObject([{ orderid: order.orderid }]);
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject([{ orderid: order.orderid }]);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(1);
    expect((await ask('gzip', String(br.headers.etag))).statusCode).toBe(304);
    expect((await ask('br', String(gzip.headers.etag))).statusCode).toBe(304);
  });
});
