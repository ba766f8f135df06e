// The route decides how an order is paid: codorder places cash on delivery, createorder an order paid online. The
// body's `paymentmode` (sent by the original client, defaulting to ONLINE when left out) neither prices the order nor
// lets it past the COD rules: cash on delivery switched off, over its limit or refused for a pincode stays refused,
// its fee is charged, and an order paid online never carries a COD fee.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_RULES } from '../../domain/pricing';
import type { DeliverySettings } from '../../domain/schemas/delivery';
import { codOrder, countRows, createOrder, orderBody, orderRow } from '../../../tests/support/test-orders';
import { createTestUser, describeEachDatabase, useTestShop, type TestUser } from '../../../tests/support/test-shop';

const DEFAULTS: DeliverySettings = { ...DEFAULT_DELIVERY_RULES, pincodesAllowed: [], pincodesBlocked: [], codBlocked: [] };
// The standard basket of orderBody(): what it costs paid online, and at the door with a COD fee of 40.
const ONLINE_TOTAL = 3037;
const COD_FEE = 40;

describeEachDatabase('the route decides the payment mode', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'fatal' }, customer: false });
  let user: TestUser;

  const rules = async (change: Partial<DeliverySettings>) => {
    const res = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/delivery', headers: set.admin.auth, payload: { ...DEFAULTS, ...change } });
    expect(res.statusCode, res.body).toBe(200);
  };
  beforeEach(async () => {
    user = await createTestUser(set.shop);
  });
  afterEach(async () => rules({}));

  it('codorder saying paymentmode ONLINE, or saying none, is still refused where cash on delivery is not allowed', async () => {
    const refusals: [string, Partial<DeliverySettings>][] = [
      ['switched off', { codEnabled: false }],
      ['over the COD limit', { codMaxOrderValue: 1000 }],
      ['a pincode refused COD', { codBlocked: ['560'] }],
    ];
    const { paymentmode: _mode, ...silent } = orderBody();
    for (const [why, change] of refusals) {
      await rules(change);
      const before = await countRows(set.shop, 'orders');
      for (const body of [orderBody({ paymentmode: 'ONLINE' }), orderBody({ paymentmode: 'CASHONDELIVERY' }), { ...silent, receipt: `${silent.receipt}-${why.length}` }]) {
        const res = await codOrder(set.shop, user, body);
        expect(res.statusCode, `${why}, paymentmode ${body.paymentmode ?? 'left out'}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ error: 'COD_NOT_ALLOWED', fields: { paymentmode: expect.any(String) } });
      }
      expect(await countRows(set.shop, 'orders'), why).toBe(before);
    }
  });

  it('codorder saying paymentmode ONLINE is charged the COD fee: the online total is 409 PRICE_CHANGED with the COD total', async () => {
    await rules({ codFee: COD_FEE });
    const before = await countRows(set.shop, 'orders');
    const cheap = await codOrder(set.shop, user, orderBody({ paymentmode: 'ONLINE', totalAmount: ONLINE_TOTAL }));
    expect(cheap.statusCode, cheap.body).toBe(409);
    expect(cheap.json()).toMatchObject({ error: 'PRICE_CHANGED', totalAmount: ONLINE_TOTAL + COD_FEE });
    expect(await countRows(set.shop, 'orders')).toBe(before);

    const placed = await codOrder(set.shop, user, orderBody({ paymentmode: 'ONLINE', totalAmount: ONLINE_TOTAL + COD_FEE }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ paymentmode: 'CASHONDELIVERY', paymentstatus: 'COD', totalAmount: ONLINE_TOTAL + COD_FEE, codFee: COD_FEE });
  });

  it('createorder saying paymentmode CASHONDELIVERY is an online order: no COD fee, and not refused where COD is', async () => {
    await rules({ codFee: COD_FEE });
    const charged = await createOrder(set.shop, user, orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: ONLINE_TOTAL + COD_FEE }));
    expect(charged.statusCode, charged.body).toBe(409);
    expect(charged.json()).toMatchObject({ error: 'PRICE_CHANGED', totalAmount: ONLINE_TOTAL });

    const placed = await createOrder(set.shop, user, orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: ONLINE_TOTAL }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ totalAmount: ONLINE_TOTAL, amount: ONLINE_TOTAL * 100 });
    expect(await orderRow(set.shop, placed.json().orderid)).toMatchObject({ paymentmode: 'ONLINE', payment_status: 'PENDING', cod_fee: 0, total_amount: ONLINE_TOTAL });

    await rules({ codEnabled: false });
    const offline = await createOrder(set.shop, user, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    expect(offline.statusCode, offline.body).toBe(200);
  });
});
