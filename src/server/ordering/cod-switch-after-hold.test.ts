// An unpaid online order switched to cash on delivery after its hold ended (reconciliation gave its bottles and its
// use of a code back). As a late payment does, the switch takes them again; with no money taken it may refuse where
// they are gone: 409 OUT_OF_STOCK or COUPON_USED_UP, the order left as it was. Never two live orders on one
// bottle or one single-use code, however the switch races other customers or itself.
import { expect, it } from 'vitest';
import { shopTimestamp } from '../../domain/display';
import { releaseAbandonedCouponUses } from '../coupons/coupon-service';
import { setStock } from '../stock/stock-repository';
import { releaseExpiredHolds } from '../stock/stock-holds';
import type { CreateOrderBody } from '../../domain/schemas/order';
import { codOrder, createOrder, orderBody, orderRow } from '../../../tests/support/test-orders';
import { createTestUser, describeEachDatabase, useTestShop, type TestUser } from '../../../tests/support/test-shop';
import { ORDER_PLACED_MAIL_KIND } from './order-placed-mail';

const COW = 'A2 Desi Cow Ghee';
/** Two bottles of the one tracked size. */
const twoCows = (overrides: Partial<CreateOrderBody> = {}) => orderBody({ items: [{ name: COW, quantity: 500, itemQty: 2, finalPrice: 1019 }], totalAmount: 2038, ...overrides });
// 10% off the standard basket of 3037 (untracked sizes: the code alone is at stake).
const DISCOUNTED = 2733;
let codes = 0;

describeEachDatabase('switching to cash on delivery after the hold ended', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'fatal' }, customer: false });
  const db = () => set.shop.app.ctx.db;
  const cowId = async () => (await db().selectFrom('products').select('id').where('name', '=', COW).executeTakeFirstOrThrow()).id;
  const stockNow = async () => (await db().selectFrom('stock_levels').select('stock').where('product_id', '=', await cowId()).where('size_ml', '=', 500).executeTakeFirstOrThrow()).stock;
  const shelf = async (bottles: number) => setStock(db(), await cowId(), 500, bottles);
  const untracked = async () => setStock(db(), await cowId(), 500, null);

  async function newCode(totalUses: number): Promise<string> {
    codes += 1;
    const code = `SWITCH${codes}X${dialect.length}`;
    const body = { code, kind: 'PERCENT', value: 10, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses, perCustomer: null, firstOrderOnly: false, active: true };
    expect((await set.shop.app.inject({ method: 'POST', url: '/api/coupons', headers: set.admin.auth, payload: body })).statusCode).toBe(201);
    return code;
  }
  const usedOf = async (code: string) => (await db().selectFrom('coupons').select('used').where('code', '=', code).executeTakeFirstOrThrow()).used;
  const liveUses = async (code: string) =>
    Number((await db().selectFrom('coupon_uses').select((eb) => eb.fn.countAll<number>().as('n')).where('code', '=', code).where('released_at', 'is', null).executeTakeFirstOrThrow()).n);
  const placedMails = async (orderid: string) =>
    Number(
      (
        await db()
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', ORDER_PLACED_MAIL_KIND)
          .where('text_body', 'like', `%${orderNumberOf(orderid)}%`)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const numbers = new Map<string, string>();
  const orderNumberOf = (orderid: string) => numbers.get(orderid) ?? '?';

  /** An online order left unpaid until reconciliation gave its bottles and its code's use back. */
  async function abandoned(customer: TestUser, body: CreateOrderBody): Promise<string> {
    const placed = await createOrder(set.shop, customer, body);
    expect(placed.statusCode, placed.body).toBe(200);
    const later = new Date(Date.now() + 31 * 60_000);
    await releaseExpiredHolds(db(), later);
    await releaseAbandonedCouponUses(db(), shopTimestamp(later));
    const orderid = placed.json<{ orderid: string; orderNumber: string }>().orderid;
    numbers.set(orderid, placed.json<{ orderNumber: string }>().orderNumber);
    return orderid;
  }
  /** The same checkout sent again as cash on delivery (the customer closed the dialog and switched). */
  const switchToCod = (customer: TestUser, body: CreateOrderBody) => codOrder(set.shop, customer, { ...body, paymentmode: 'CASHONDELIVERY' });

  it('takes the bottles the hold gave back, so the next customer finds them gone', async () => {
    await shelf(2);
    const customer = await createTestUser(set.shop);
    const body = twoCows();
    const orderid = await abandoned(customer, body);
    expect(await stockNow()).toBe(2);

    const switched = await switchToCod(customer, body);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ orderid, paymentmode: 'CASHONDELIVERY', paymentstatus: 'COD' });
    expect(await stockNow()).toBe(0);
    expect((await orderRow(set.shop, orderid)).stock_returned_at).toBeNull();
    const other = await codOrder(set.shop, await createTestUser(set.shop), twoCows({ paymentmode: 'CASHONDELIVERY' }));
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({ error: 'OUT_OF_STOCK' });
  });

  it('refuses with 409 OUT_OF_STOCK when another order took the bottles, leaving the order unpaid online', async () => {
    await shelf(2);
    const customer = await createTestUser(set.shop);
    const body = twoCows();
    const orderid = await abandoned(customer, body);
    expect((await codOrder(set.shop, await createTestUser(set.shop), twoCows({ paymentmode: 'CASHONDELIVERY' }))).statusCode).toBe(200);
    const before = await orderRow(set.shop, orderid);

    const switched = await switchToCod(customer, body);
    expect(switched.statusCode, switched.body).toBe(409);
    expect(switched.json()).toMatchObject({ error: 'OUT_OF_STOCK', message: expect.stringContaining('sold out'), line: { index: 0, name: COW, quantity: 500, left: 0 } });
    expect(await stockNow()).toBe(0);
    expect(await orderRow(set.shop, orderid)).toEqual(before);
    expect(await placedMails(orderid)).toBe(0);
  });

  it('takes the code\'s use again while one is left', async () => {
    await untracked();
    const code = await newCode(2);
    const customer = await createTestUser(set.shop);
    const body = orderBody({ coupon: code, totalAmount: DISCOUNTED });
    const orderid = await abandoned(customer, body);
    expect(await usedOf(code)).toBe(0);

    const switched = await switchToCod(customer, body);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ orderid, paymentmode: 'CASHONDELIVERY', discount: 304, couponCode: code });
    expect(await usedOf(code)).toBe(1);
    expect(await liveUses(code)).toBe(1);
  });

  it('refuses with 409 COUPON_USED_UP when another order took the single use, leaving the order unpaid online', async () => {
    await untracked();
    const code = await newCode(1);
    const customer = await createTestUser(set.shop);
    const body = orderBody({ coupon: code, totalAmount: DISCOUNTED });
    const orderid = await abandoned(customer, body);
    const taken = await codOrder(set.shop, await createTestUser(set.shop), orderBody({ paymentmode: 'CASHONDELIVERY', coupon: code, totalAmount: DISCOUNTED }));
    expect(taken.statusCode, taken.body).toBe(200);
    const before = await orderRow(set.shop, orderid);

    const switched = await switchToCod(customer, body);
    expect(switched.statusCode, switched.body).toBe(409);
    expect(switched.json()).toMatchObject({ error: 'COUPON_USED_UP', fields: { coupon: expect.stringContaining(code) } });
    expect(await usedOf(code)).toBe(1);
    expect(await liveUses(code)).toBe(1);
    expect(await orderRow(set.shop, orderid)).toEqual(before);
    expect(await placedMails(orderid)).toBe(0);
  });

  it('raced by another customer for the last bottles: exactly one of them gets them, never below 0', async () => {
    for (let round = 0; round < 4; round += 1) {
      await shelf(2);
      const customer = await createTestUser(set.shop);
      const body = twoCows();
      const orderid = await abandoned(customer, body);
      const rival = await createTestUser(set.shop);
      const rivalBody = twoCows({ paymentmode: 'CASHONDELIVERY' });
      // Each goes first in turn.
      const answers = await Promise.all(round % 2 === 0 ? [switchToCod(customer, body), codOrder(set.shop, rival, rivalBody)] : [codOrder(set.shop, rival, rivalBody), switchToCod(customer, body)]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({ error: 'OUT_OF_STOCK' });
      expect(await stockNow()).toBe(0);
      const row = await orderRow(set.shop, orderid);
      const switchWon = row.paymentmode === 'CASHONDELIVERY';
      expect(row.stock_returned_at === null).toBe(switchWon);
    }
  }, 60_000);

  it('raced by another customer for a single-use code: exactly one order holds it', async () => {
    await untracked();
    for (let round = 0; round < 4; round += 1) {
      const code = await newCode(1);
      const customer = await createTestUser(set.shop);
      const body = orderBody({ coupon: code, totalAmount: DISCOUNTED });
      await abandoned(customer, body);
      const rival = await createTestUser(set.shop);
      const rivalBody = orderBody({ paymentmode: 'CASHONDELIVERY', coupon: code, totalAmount: DISCOUNTED });
      const answers = await Promise.all(round % 2 === 0 ? [switchToCod(customer, body), codOrder(set.shop, rival, rivalBody)] : [codOrder(set.shop, rival, rivalBody), switchToCod(customer, body)]);
      const placed = answers.filter((a) => a.statusCode === 200);
      expect(placed, answers.map((a) => a.body).join('\n')).toHaveLength(1);
      // The loser hears it at pricing (400, the code read as used) or at its claim (409, taken meanwhile).
      const refused = answers.find((a) => a.statusCode !== 200);
      expect(refused?.json()).toMatchObject({ error: expect.stringMatching(/^COUPON_(NOT_APPLICABLE|USED_UP)$/), fields: { coupon: expect.stringContaining(code) } });
      expect(await usedOf(code)).toBe(1);
      expect(await liveUses(code)).toBe(1);
    }
  }, 60_000);

  it('raced by the release of its hold: whichever is first, the COD order ends holding its bottles and its use', async () => {
    for (let round = 0; round < 4; round += 1) {
      await shelf(2);
      const code = await newCode(1);
      const customer = await createTestUser(set.shop);
      const body = twoCows({ coupon: code, totalAmount: 1834 });
      const placed = await createOrder(set.shop, customer, body);
      expect(placed.statusCode, placed.body).toBe(200);
      const orderid = placed.json<{ orderid: string }>().orderid;
      expect(await stockNow()).toBe(0);
      const later = new Date(Date.now() + 31 * 60_000);
      const release = async () => {
        await releaseExpiredHolds(db(), later);
        await releaseAbandonedCouponUses(db(), shopTimestamp(later));
      };
      const [switched] = await Promise.all(round % 2 === 0 ? [switchToCod(customer, body), release()] : [release().then(() => switchToCod(customer, body)), Promise.resolve()]);
      expect(switched.statusCode, switched.body).toBe(200);
      expect(await orderRow(set.shop, orderid)).toMatchObject({ paymentmode: 'CASHONDELIVERY', stock_returned_at: null });
      expect(await stockNow()).toBe(0);
      expect(await usedOf(code)).toBe(1);
      expect(await liveUses(code)).toBe(1);
    }
  }, 60_000);

  it('two switches of one order at once take its bottles once', async () => {
    await shelf(4);
    const customer = await createTestUser(set.shop);
    const body = twoCows();
    const orderid = await abandoned(customer, body);
    expect(await stockNow()).toBe(4);
    const answers = await Promise.all([switchToCod(customer, body), switchToCod(customer, body)]);
    for (const a of answers) {
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json()).toMatchObject({ orderid, paymentmode: 'CASHONDELIVERY' });
    }
    expect(await stockNow()).toBe(2);
  });
});
