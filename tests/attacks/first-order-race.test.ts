// Attack suite: a first-order-only code raced. A new account sent 10 orders at once with a 50% first-order code and
// PostgreSQL gave the discount 5 to 10 times: "has this customer ordered before?" was read while pricing, before
// any of the 10 was written. The first order is now claimed inside the order's transaction (a row per customer), so
// exactly one of them gets it and the others hear why.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codOrder, createOrder, orderBody } from '../support/test-orders';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

const RACERS = 10;
let codes = 0;

describeEachDatabase('attack: racing a first-order-only code', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  async function firstOrderCode(): Promise<string> {
    codes += 1;
    const code = `WELCOME${codes}Z`;
    const body = { code, kind: 'PERCENT', value: 50, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses: null, perCustomer: null, firstOrderOnly: true, active: true };
    expect((await shop.app.inject({ method: 'POST', url: '/api/coupons', headers: admin.auth, payload: body })).statusCode).toBe(201);
    return code;
  }

  const discountedOrders = async (user: TestUser) =>
    (await shop.app.ctx.db.selectFrom('orders').select('discount').where('user_id', '=', user.id).where('discount', '>', 0).execute()).length;

  it(`${RACERS} cash-on-delivery orders at once from a new account: one first-order discount`, async () => {
    const code = await firstOrderCode();
    const newcomer = await createTestUser(shop);
    const body = () => ({ ...orderBody({ paymentmode: 'CASHONDELIVERY' }), coupon: code });
    const quote = (await shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: newcomer.auth, payload: body() })).json();
    expect(quote.coupon).toMatchObject({ applied: true });
    const answers = await Promise.all(Array.from({ length: RACERS }, () => codOrder(shop, newcomer, { ...body(), totalAmount: quote.total })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    // Refused in the order's transaction (the claim is taken), or at pricing when the winner had already committed.
    for (const a of refused) expect(a.json()).toMatchObject({ error: expect.stringMatching(/^COUPON_(USED_UP|NOT_APPLICABLE)$/), message: expect.stringMatching(/first order/) });
    expect(await discountedOrders(newcomer)).toBe(1);
  });

  it(`${RACERS} online orders at once from a new account: one first-order discount`, async () => {
    const code = await firstOrderCode();
    const newcomer = await createTestUser(shop);
    const body = () => ({ ...orderBody(), coupon: code });
    const quote = (await shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: newcomer.auth, payload: body() })).json();
    const answers = await Promise.all(Array.from({ length: RACERS }, () => createOrder(shop, newcomer, { ...body(), totalAmount: quote.total })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await discountedOrders(newcomer)).toBe(1);
  });
});
