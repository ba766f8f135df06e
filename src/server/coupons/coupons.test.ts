import { beforeEach, expect, it } from 'vitest';
import { shopTimestamp } from '../../domain/display';
import { codOrder, createOrder, orderBody, orderRow, sandboxPay, confirm } from '../../../tests/support/test-orders';
import { createTestUser, describeEachDatabase, useTestShop, type TestUser } from '../../../tests/support/test-shop';
import { COUPON_FAILURES_PER_ACCOUNT } from './coupon-throttle';
import { releaseAbandonedCouponUses } from './coupon-service';

let codes = 0;
function couponBody(over: Record<string, unknown> = {}) {
  codes += 1;
  return {
    code: `Festive${codes}`,
    kind: 'PERCENT',
    value: 10,
    minOrder: 0,
    maxDiscount: null,
    validFrom: null,
    validTo: null,
    totalUses: null,
    perCustomer: null,
    firstOrderOnly: false,
    active: true,
    ...over,
  };
}

describeEachDatabase('coupons', (dialect) => {
  const set = useTestShop(dialect, { customer: false });
  let user: TestUser;
  beforeEach(async () => {
    user = await createTestUser(set.shop);
  });

  const create = (payload: object) => set.shop.app.inject({ method: 'POST', url: '/api/coupons', headers: set.admin.auth, payload });
  const list = async () => (await set.shop.app.inject({ method: 'GET', url: '/api/coupons', headers: set.admin.auth })).json() as { code: string; used: number; active: boolean }[];
  const usedOf = async (code: string) => (await list()).find((c) => c.code === code)?.used;
  const quote = (u: TestUser, payload: object) => set.shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: u.auth, payload });

  it('lets only an admin create, edit and deactivate codes, stored in upper case and found in any case', async () => {
    const body = couponBody();
    const code = body.code.toUpperCase();
    expect((await set.shop.app.inject({ method: 'POST', url: '/api/coupons', headers: user.auth, payload: body })).statusCode).toBe(403);
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code, used: 0, active: true });
    expect((await create({ ...body, code: code.toLowerCase() })).statusCode).toBe(409);

    const edited = await set.shop.app.inject({ method: 'PUT', url: `/api/coupons/${code.toLowerCase()}`, headers: set.admin.auth, payload: { ...body, value: 15 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ code, value: 15 });
    // Checkouts read a code at the moment they arrive: an edit or a deactivation counts from the next one on.
    const other = couponBody({ kind: 'FLAT', value: 100 });
    await create(other);
    const [tenFifteen, flat] = await Promise.all([quote(user, { ...orderBody(), coupon: code.toLowerCase() }), quote(user, { ...orderBody(), coupon: other.code })]);
    expect(tenFifteen.json().coupon).toMatchObject({ code, applied: true });
    expect(tenFifteen.json().discount).toBeCloseTo(tenFifteen.json().subtotal * 0.15, 0);
    expect(flat.json()).toMatchObject({ coupon: { code: other.code.toUpperCase(), applied: true }, discount: 100 });
    const gone = await set.shop.app.inject({ method: 'DELETE', url: `/api/coupons/${code}`, headers: set.admin.auth });
    expect(gone.json()).toMatchObject({ code, active: false });
    expect((await quote(user, { ...orderBody(), coupon: code })).json().coupon).toMatchObject({ applied: false, reason: `${code} is no longer active.` });
    expect((await list()).find((c) => c.code === code)).toMatchObject({ active: false });
    expect((await set.shop.app.inject({ method: 'DELETE', url: '/api/coupons/NOPE404', headers: set.admin.auth })).statusCode).toBe(404);
  });

  it('refuses impossible coupons: negative or fractional values, over 100%, dates reversed', async () => {
    for (const bad of [{ value: -10 }, { value: 10.5 }, { value: 101 }, { kind: 'FLAT', value: 0 }, { minOrder: -1 }, { maxDiscount: 2.5 }, { validFrom: '2026-12-01T00:00:00Z', validTo: '2026-11-01T00:00:00Z' }, { code: 'a b' }]) {
      expect((await create(couponBody(bad))).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('applies a code in the quote and the order, and counts its use', async () => {
    const body = couponBody({ maxDiscount: 250 });
    const code = body.code.toUpperCase();
    await create(body);
    const q = await quote(user, { ...orderBody({ paymentmode: 'CASHONDELIVERY' }), coupon: body.code.toLowerCase() });
    expect(q.json()).toMatchObject({ subtotal: 3037, discount: 250, total: 2787, coupon: { code, applied: true, reason: null } });
    const order = await codOrder(set.shop, user, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2787 }), coupon: ` ${body.code} ` });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ totalAmount: 2787, subtotal: 3037, discount: 250, couponCode: code });
    expect(await usedOf(code)).toBe(1);
  });

  it('tells why a code does not apply', async () => {
    const min = couponBody({ minOrder: 3237 });
    const expired = couponBody({ validTo: '2020-01-01T00:00:00Z' });
    const once = couponBody({ perCustomer: 1 });
    for (const c of [min, expired, once]) await create(c);
    const reason = async (code: string) => (await quote(user, { ...orderBody(), coupon: code })).json().coupon;
    expect(await reason(min.code)).toEqual({ code: min.code.toUpperCase(), applied: false, reason: `Add Rs. 200 more to use ${min.code.toUpperCase()}.` });
    expect((await reason(expired.code)).reason).toBe(`${expired.code.toUpperCase()} has expired.`);
    expect((await codOrder(set.shop, user, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2733 }), coupon: once.code })).statusCode).toBe(200);
    expect((await reason(once.code)).reason).toBe(`You have already used ${once.code.toUpperCase()}.`);
    const refused = await codOrder(set.shop, user, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2733 }), coupon: once.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'COUPON_NOT_APPLICABLE', message: `You have already used ${once.code.toUpperCase()}.` });
  });

  it('keeps a first-order code to customers who have not ordered yet', async () => {
    const first = couponBody({ firstOrderOnly: true });
    await create(first);
    expect((await quote(user, { ...orderBody(), coupon: first.code })).json().coupon.applied).toBe(true);
    expect((await codOrder(set.shop, user)).statusCode).toBe(200);
    expect((await quote(user, { ...orderBody(), coupon: first.code })).json().coupon.reason).toBe(`${first.code.toUpperCase()} is for a first order only.`);
  });

  it('never gives more than the goods: a flat code above the subtotal leaves the fees to pay', async () => {
    await set.shop.app.inject({ method: 'PUT', url: '/api/settings/delivery', headers: set.admin.auth, payload: { pincodesAllowed: [], pincodesBlocked: [], deliveryFee: 70, freeDeliveryFrom: null, estimateMinDays: 3, estimateMaxDays: 7, codEnabled: true, codMaxOrderValue: null, codFee: 0, codBlocked: [] } });
    try {
      const big = couponBody({ kind: 'FLAT', value: 100_000 });
      await create(big);
      const q = (await quote(user, { ...orderBody(), coupon: big.code })).json();
      expect(q).toMatchObject({ subtotal: 3037, discount: 3037, deliveryFee: 70, total: 70 });
      const order = await createOrder(set.shop, user, { ...orderBody({ totalAmount: 70 }), coupon: big.code });
      expect(order.statusCode).toBe(200);
      expect(order.json()).toMatchObject({ totalAmount: 70, amount: 7000 });
    } finally {
      await set.shop.app.inject({ method: 'PUT', url: '/api/settings/delivery', headers: set.admin.auth, payload: { pincodesAllowed: [], pincodesBlocked: [], deliveryFee: 0, freeDeliveryFrom: null, estimateMinDays: 3, estimateMaxDays: 7, codEnabled: true, codMaxOrderValue: null, codFee: 0, codBlocked: [] } });
    }
  });

  it('claims one use for a repeated receipt, however often it is sent', async () => {
    const body = couponBody({ perCustomer: 1 });
    await create(body);
    const order = { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2733 }), coupon: body.code };
    const first = await codOrder(set.shop, user, order);
    const again = await codOrder(set.shop, user, order);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().orderid).toBe(first.json().orderid);
    expect(await usedOf(body.code.toUpperCase())).toBe(1);
  });

  it('gives 20 concurrent orders for a code with 5 uses left exactly 5 discounts', async () => {
    const body = couponBody({ totalUses: 5 });
    const code = body.code.toUpperCase();
    await create(body);
    const users = await Promise.all(Array.from({ length: 20 }, () => createTestUser(set.shop)));
    const answers = await Promise.all(
      users.map((u) => codOrder(set.shop, u, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2733 }), coupon: code })),
    );
    const placed = answers.filter((a) => a.statusCode === 200);
    expect(placed).toHaveLength(5);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect([400, 409]).toContain(a.statusCode);
      expect(['COUPON_USED_UP', 'COUPON_NOT_APPLICABLE']).toContain(a.json().error);
    }
    const discounted = await set.shop.app.ctx.db.selectFrom('orders').select('id').where('coupon_code', '=', code).execute();
    expect(discounted).toHaveLength(5);
    expect(await usedOf(code)).toBe(5);
  }, 120_000);

  it('gives one customer sending 10 orders at once with a once-per-customer code one discount, and says why to the rest', async () => {
    const body = couponBody({ perCustomer: 1 });
    const code = body.code.toUpperCase();
    await create(body);
    const racer = await createTestUser(set.shop);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => codOrder(set.shop, racer, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2733 }), coupon: code })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    // Refused at pricing once the winner had committed, or in the order's transaction when written beside it: either
    // way the code is not used up, the customer used it.
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.json()).toMatchObject({ error: expect.stringMatching(/^COUPON_(USED_UP|NOT_APPLICABLE)$/), message: expect.stringContaining(`You have already used ${code}`) });
    }
  }, 60_000);

  it('records one use per order when orders with limited and unlimited codes are written together', async () => {
    const open = couponBody();
    const scarce = couponBody({ totalUses: 2 });
    await create(open);
    await create(scarce);
    const users = await Promise.all(Array.from({ length: 8 }, () => createTestUser(set.shop)));
    const codeOf = (i: number) => (i % 2 === 0 ? open.code : scarce.code).toUpperCase();
    const answers = await Promise.all(
      users.map((u, i) => codOrder(set.shop, u, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2733 }), coupon: codeOf(i) })),
    );
    expect(answers.filter((a, i) => i % 2 === 0 && a.statusCode === 200)).toHaveLength(4);
    expect(answers.filter((a, i) => i % 2 === 1 && a.statusCode === 200)).toHaveLength(2);
    const uses = await set.shop.app.ctx.db
      .selectFrom('coupon_uses')
      .innerJoin('orders', 'orders.id', 'coupon_uses.order_id')
      .select(['coupon_uses.code', 'coupon_uses.user_id', 'orders.user_id as order_user', 'orders.coupon_code'])
      .where('coupon_uses.code', 'in', [codeOf(0), codeOf(1)])
      .execute();
    expect(uses).toHaveLength(6);
    for (const use of uses) {
      expect(use.user_id).toBe(use.order_user);
      expect(use.coupon_code).toBe(use.code);
    }
    expect(await usedOf(codeOf(0))).toBe(4);
    expect(await usedOf(codeOf(1))).toBe(2);
  }, 60_000);

  it('returns the use of an online order left unpaid, once, and keeps the use of a paid one', async () => {
    const body = couponBody();
    const code = body.code.toUpperCase();
    await create(body);
    const unpaid = await createOrder(set.shop, user, { ...orderBody({ totalAmount: 2733 }), coupon: code });
    const paid = await createOrder(set.shop, user, { ...orderBody({ totalAmount: 2733 }), coupon: code });
    expect(await usedOf(code)).toBe(2);
    const orderid = paid.json().orderid as string;
    const checkout = (await sandboxPay(set.shop, orderid)).json();
    const confirmed = await confirm(set.shop, user, { orderid, paymentid: checkout.razorpay_payment_id, paymentsignature: checkout.razorpay_signature });
    expect(confirmed.statusCode).toBe(200);

    const future = shopTimestamp(new Date(Date.now() + 60_000));
    expect(await releaseAbandonedCouponUses(set.shop.app.ctx.db, future)).toBeGreaterThanOrEqual(1);
    expect(await releaseAbandonedCouponUses(set.shop.app.ctx.db, future)).toBe(0);
    expect(await usedOf(code)).toBe(1);
    // The order keeps its figures; only the use returns.
    expect(await orderRow(set.shop, unpaid.json().orderid)).toMatchObject({ coupon_code: code, discount: 304 });
  });

  it('gives a cancelled order\'s use back, once, so a once-per-customer code works again', async () => {
    const body = couponBody({ perCustomer: 1 });
    const code = body.code.toUpperCase();
    await create(body);
    const order = await codOrder(set.shop, user, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2733 }), coupon: code });
    expect(await usedOf(code)).toBe(1);
    const cancel = () => set.shop.app.inject({ method: 'POST', url: `/api/order/${order.json().orderid}/cancel`, headers: user.auth, payload: { reason: 'Ordered by mistake' } });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(200);
    expect(await usedOf(code)).toBe(0);
    expect((await quote(user, { ...orderBody(), coupon: code })).json().coupon).toMatchObject({ applied: true });
  });

  it('counts the uses of a code without limits from the orders, and a limit added later starts from them', async () => {
    const body = couponBody();
    const code = body.code.toUpperCase();
    await create(body);
    const order = (u: TestUser) => codOrder(set.shop, u, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: 2733 }), coupon: code });
    expect((await order(user)).statusCode).toBe(200);
    expect((await order(user)).statusCode).toBe(200);
    expect(await usedOf(code)).toBe(2);
    const limited = await set.shop.app.inject({ method: 'PUT', url: `/api/coupons/${code}`, headers: set.admin.auth, payload: { ...body, code, totalUses: 3, perCustomer: 2 } });
    expect(limited.json()).toMatchObject({ used: 2, totalUses: 3 });
    // This customer has had the two the new per-customer limit allows; another takes the one use left, then none.
    expect((await quote(user, { ...orderBody(), coupon: code })).json().coupon.reason).toBe(`You have already used ${code}.`);
    const other = await createTestUser(set.shop);
    expect((await order(other)).statusCode).toBe(200);
    const refused = await order(await createTestUser(set.shop));
    expect(refused.statusCode).toBe(400);
    expect(await usedOf(code)).toBe(3);
  });

  it('rate-limits guessing codes per account', async () => {
    const guesser = await createTestUser(set.shop);
    for (let i = 0; i < COUPON_FAILURES_PER_ACCOUNT; i += 1) {
      const res = await quote(guesser, { ...orderBody(), coupon: `GUESS${i}X` });
      expect(res.statusCode).toBe(200);
      expect(res.json().coupon).toMatchObject({ applied: false, reason: expect.stringContaining('There is no code') });
    }
    const blocked = await quote(guesser, { ...orderBody(), coupon: 'GUESS99X' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('RATE_LIMITED');
    // Past the limit a code that exists is refused too: a blocked guesser cannot tell right codes from wrong ones.
    const real = couponBody();
    await create(real);
    expect((await quote(guesser, { ...orderBody(), coupon: real.code })).statusCode).toBe(429);
    // A good code counts nothing: its quotes write no counter for the account.
    for (let i = 0; i < COUPON_FAILURES_PER_ACCOUNT + 2; i += 1) expect((await quote(user, { ...orderBody(), coupon: real.code })).json().coupon).toMatchObject({ applied: true });
    const counted = await set.shop.app.ctx.db.selectFrom('attempt_counters').select('key').where('key', '=', `coupon-failures:user:${user.id}`).execute();
    expect(counted).toEqual([]);
    // Another account is not blocked by this one's guesses; a quote without a code never is.
    expect((await quote(user, { ...orderBody(), coupon: 'GUESS99X' })).statusCode).toBe(200);
    expect((await quote(guesser, orderBody())).statusCode).toBe(200);
  });
});
