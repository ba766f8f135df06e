import { beforeEach, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_RULES } from '../../domain/pricing';
import type { DeliverySettings } from '../../domain/schemas/delivery';
import { codOrder, createOrder, orderBody, orderRow } from '../../../tests/support/test-orders';
import { createTestUser, describeEachDatabase, useTestShop, type TestUser } from '../../../tests/support/test-shop';

const DEFAULTS: DeliverySettings = {
  ...DEFAULT_DELIVERY_RULES,
  pincodesAllowed: [],
  pincodesBlocked: [],
  codBlocked: [],
};

describeEachDatabase('delivery rules', (dialect) => {
  const set = useTestShop(dialect, { customer: false });
  let user: TestUser;
  beforeEach(async () => {
    user = await createTestUser(set.shop);
    await put(DEFAULTS);
  });

  const put = (payload: object) => set.shop.app.inject({ method: 'PUT', url: '/api/settings/delivery', headers: set.admin.auth, payload });
  const check = (pincode: string) => set.shop.app.inject({ method: 'GET', url: `/api/public/delivery/${pincode}` });
  const quote = (payload: object) => set.shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: user.auth, payload });

  it('starts with every pincode served, no fees and cash on delivery everywhere', async () => {
    const res = await set.shop.app.inject({ method: 'GET', url: '/api/settings/delivery', headers: set.admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
    expect((await set.shop.app.inject({ method: 'GET', url: '/api/settings/delivery', headers: user.auth })).statusCode).toBe(403);
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/delivery', headers: user.auth, payload: DEFAULTS })).statusCode).toBe(403);
  });

  it('refuses negative or fractional money, malformed pincodes and a reversed estimate, keeping what was saved', async () => {
    const bad: [object, string][] = [
      [{ deliveryFee: -50 }, 'deliveryFee'],
      [{ deliveryFee: 49.5 }, 'deliveryFee'],
      [{ codFee: -1 }, 'codFee'],
      [{ freeDeliveryFrom: 99.99 }, 'freeDeliveryFrom'],
      [{ codMaxOrderValue: -5 }, 'codMaxOrderValue'],
      [{ pincodesAllowed: ['056'] }, 'pincodesAllowed.0'],
      [{ pincodesBlocked: ['5600011'] }, 'pincodesBlocked.0'],
      [{ codBlocked: ['56a'] }, 'codBlocked.0'],
      [{ estimateMinDays: 5, estimateMaxDays: 3 }, 'estimateMaxDays'],
    ];
    for (const [change, field] of bad) {
      const res = await put({ ...DEFAULTS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect((await put({ ...DEFAULTS, surprise: 1 })).statusCode).toBe(400);
    expect((await set.shop.app.inject({ method: 'GET', url: '/api/settings/delivery', headers: set.admin.auth })).json()).toEqual(DEFAULTS);
  });

  it('answers the public pincode check in the shape of §7.3, briefly cacheable, 400 for a malformed pincode', async () => {
    expect((await put({ ...DEFAULTS, pincodesAllowed: ['560', '110001'], deliveryFee: 60, freeDeliveryFrom: 1500, codFee: 30, codBlocked: ['5601'], estimateMinDays: 2, estimateMaxDays: 4 })).statusCode).toBe(200);
    const served = await check('560001');
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(served.json()).toEqual({ serviceable: true, cod: true, fee: 60, codFee: 30, freeFrom: 1500, estimate: { minDays: 2, maxDays: 4 }, states: ['Karnataka'], districts: ['Bangalore'] });
    // The state and district(s) India Post files the pincode under, for the address forms; none for a pincode it
    // does not list.
    expect((await check('999999')).json()).toMatchObject({ states: [], districts: [] });
    expect((await check('110001')).json()).toMatchObject({ states: ['Delhi'], districts: ['Central Delhi', 'New Delhi'] });
    expect((await check('560102')).json()).toMatchObject({ serviceable: true, cod: false });
    expect((await check('110002')).json()).toMatchObject({ serviceable: false, cod: false });
    for (const bad of ['056001', '56001', 'abcdef', '5600011']) expect((await check(bad)).statusCode).toBe(400);
  });

  it('with the defaults, quotes and orders exactly as before (the original client keeps working)', async () => {
    const q = await quote(orderBody({ paymentmode: 'CASHONDELIVERY' }));
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({ subtotal: 3037, deliveryFee: 0, codFee: 0, discount: 0, total: 3037, coupon: null, cod: { allowed: true } });
    const res = await codOrder(set.shop, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalAmount: 3037, subtotal: 3037, deliveryFee: 0, codFee: 0, discount: 0, couponCode: null });
  });

  it('prices the delivery fee, the free-delivery threshold and the COD fee into the order, and stores each', async () => {
    await put({ ...DEFAULTS, deliveryFee: 60, freeDeliveryFrom: 3000, codFee: 40 });
    // 3037 is above the threshold: delivery is free, COD costs its fee.
    expect((await quote(orderBody({ paymentmode: 'CASHONDELIVERY' }))).json()).toMatchObject({ deliveryFee: 0, codFee: 40, total: 3077 });
    const small = { items: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 }] };
    const q = (await quote(orderBody({ ...small, paymentmode: 'CASHONDELIVERY' }))).json();
    expect(q).toMatchObject({ subtotal: 999, deliveryFee: 60, codFee: 40, total: 1099 });
    expect(q.lines).toEqual([{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999, lineTotal: 999 }]);

    // The client's total must be the quote's: the lines alone are a price change.
    const stale = await codOrder(set.shop, user, orderBody({ ...small, paymentmode: 'CASHONDELIVERY', totalAmount: 999 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'PRICE_CHANGED', totalAmount: 1099 });

    const cod = await codOrder(set.shop, user, orderBody({ ...small, paymentmode: 'CASHONDELIVERY', totalAmount: 1099 }));
    expect(cod.statusCode).toBe(200);
    const row = await orderRow(set.shop, cod.json().orderid);
    expect(row).toMatchObject({ subtotal: 999, delivery_fee: 60, cod_fee: 40, discount: 0, total_amount: 1099, coupon_code: null });

    // Online: no COD fee, and the gateway is asked for the total with the delivery fee.
    const online = await createOrder(set.shop, user, orderBody({ ...small, totalAmount: 1059 }));
    expect(online.statusCode).toBe(200);
    expect(online.json()).toMatchObject({ totalAmount: 1059, amount: 105_900 });
  });

  it('refuses an order to a pincode that is not served, saying so', async () => {
    await put({ ...DEFAULTS, pincodesAllowed: ['110'] });
    for (const res of [await codOrder(set.shop, user), await createOrder(set.shop, user)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'PINCODE_NOT_SERVED', message: expect.stringContaining('560001') });
    }
    expect((await quote(orderBody())).json()).toMatchObject({ serviceable: false });
  });

  it('refuses cash on delivery above the limit or for a blocked pincode, saying why, and accepts online payment', async () => {
    await put({ ...DEFAULTS, codMaxOrderValue: 2000 });
    const over = await codOrder(set.shop, user);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'COD_NOT_ALLOWED', message: 'Cash on delivery is available for orders up to Rs. 2,000. Please pay online.' });
    expect((await quote(orderBody({ paymentmode: 'CASHONDELIVERY' }))).json().cod).toEqual({
      allowed: false,
      reason: 'Cash on delivery is available for orders up to Rs. 2,000. Please pay online.',
    });
    expect((await createOrder(set.shop, user)).statusCode).toBe(200);

    await put({ ...DEFAULTS, codBlocked: ['560001'] });
    const blocked = await codOrder(set.shop, user);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toBe('Cash on delivery is not available for pincode 560001. Please pay online.');
  });

  it('does not let a repeated receipt turn an online order into COD above the limit', async () => {
    await put({ ...DEFAULTS, codMaxOrderValue: 2000, codFee: 25 });
    const body = orderBody();
    expect((await createOrder(set.shop, user, body)).statusCode).toBe(200);
    const res = await codOrder(set.shop, user, { ...body, paymentmode: 'CASHONDELIVERY', totalAmount: 3062 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('COD_NOT_ALLOWED');
  });

  it('adds the COD fee when an unpaid online order becomes cash on delivery', async () => {
    await put({ ...DEFAULTS, codFee: 25 });
    const body = orderBody();
    const online = await createOrder(set.shop, user, body);
    expect(online.statusCode).toBe(200);
    const res = await codOrder(set.shop, user, { ...body, paymentmode: 'CASHONDELIVERY', totalAmount: 3062 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderid: online.json().orderid, paymentmode: 'CASHONDELIVERY', codFee: 25, totalAmount: 3062 });
  });
});
