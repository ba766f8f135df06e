// Attack suite: a single-use code on an online order left unpaid past its hold. The hold gives the use back, a
// second order takes it, then the first order's payment arrives. The code must never discount two orders: the late
// payment takes its use again when one is left, and is refunded whole (order cancelled) when none is.
import { beforeAll, expect, it } from 'vitest';
import { shopTimestamp } from '../../src/domain/display';
import { releaseAbandonedCouponUses } from '../../src/server/coupons/coupon-service';
import { codOrder, confirm, createOrder, orderBody, orderRow, settledMailbox } from '../support/test-orders';
import { newGatewayId } from '../../src/server/payments/gateway-ids';
import { gatewayFor } from '../../src/server/payments/gateway-registry';
import type { SandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway';
import { insertSandboxPayment } from '../../src/server/payments/sandbox/sandbox-repository';
import { paymentSignature } from '../../src/server/payments/signatures';
import { releaseExpiredHolds } from '../../src/server/stock/stock-holds';
import { createTestUser, describeEachDatabase, useTestShop, type TestUser } from '../support/test-shop';

// 10% off the standard basket of 3037.
const DISCOUNTED = 2733;
let codes = 0;

describeEachDatabase('attack: a late payment and a single-use code', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' }, customer: false });
  let keySecret: string;

  beforeAll(async () => {
    keySecret = (await (gatewayFor(set.shop.app.ctx) as SandboxGateway).secrets()).keySecret;
  });

  async function newCode(totalUses: number): Promise<string> {
    codes += 1;
    const code = `LATE${codes}X`;
    const body = { code, kind: 'PERCENT', value: 10, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses, perCustomer: null, firstOrderOnly: false, active: true };
    expect((await set.shop.app.inject({ method: 'POST', url: '/api/coupons', headers: set.admin.auth, payload: body })).statusCode).toBe(201);
    return code;
  }
  const usedOf = async (code: string) =>
    ((await set.shop.app.inject({ url: '/api/coupons', headers: set.admin.auth })).json() as { code: string; used: number }[]).find((c) => c.code === code)?.used;

  /** An online order with the code, left unpaid until its hold (bottles and the code's use) is released. */
  async function abandoned(customer: TestUser, code: string): Promise<string> {
    const placed = await createOrder(set.shop, customer, { ...orderBody({ totalAmount: DISCOUNTED }), coupon: code });
    expect(placed.statusCode, placed.body).toBe(200);
    const later = new Date(Date.now() + 31 * 60_000);
    await releaseExpiredHolds(set.shop.app.ctx.db, later);
    expect(await releaseAbandonedCouponUses(set.shop.app.ctx.db, shopTimestamp(later))).toBeGreaterThanOrEqual(1);
    return placed.json().orderid as string;
  }

  /** The customer paid at the gateway after all, and the dialog's confirmation arrives. */
  async function payLate(customer: TestUser, orderid: string) {
    const paymentId = newGatewayId('pay_');
    await insertSandboxPayment(set.shop.app.ctx.db, { id: paymentId, order_id: orderid, amount: DISCOUNTED * 100, status: 'captured', error_description: null });
    return confirm(set.shop, customer, { orderid, paymentid: paymentId, paymentsignature: paymentSignature(orderid, paymentId, keySecret) });
  }

  it('a late payment takes its released use again while one is left', async () => {
    const code = await newCode(2);
    const late = await createTestUser(set.shop);
    const orderid = await abandoned(late, code);
    expect(await usedOf(code)).toBe(0);
    const res = await payLate(late, orderid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentstatus: 'PAID', status: 'PREPARATION', discount: 304 });
    expect(await usedOf(code)).toBe(1);
    // The one use left is still there for someone else, and no more.
    const other = await createTestUser(set.shop);
    expect((await codOrder(set.shop, other, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: DISCOUNTED }), coupon: code })).statusCode).toBe(200);
    expect(await usedOf(code)).toBe(2);
  });

  it('when the single use was taken meanwhile, the late payment is refunded whole and its order cancelled', async () => {
    const code = await newCode(1);
    const late = await createTestUser(set.shop);
    const orderid = await abandoned(late, code);
    const other = await createTestUser(set.shop);
    const taken = await codOrder(set.shop, other, { ...orderBody({ paymentmode: 'CASHONDELIVERY', totalAmount: DISCOUNTED }), coupon: code });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await usedOf(code)).toBe(1);

    const res = await payLate(late, orderid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'ORDER_CANCELLED', message: expect.stringMatching(/coupon.*refund/s) });
    await settledMailbox(set.shop);
    const row = await orderRow(set.shop, orderid);
    expect(row).toMatchObject({ status: 'CANCELLED', payment_status: 'PAID', refunded_amount: DISCOUNTED, invoice_number: null });
    expect(row.stock_returned_at).not.toBeNull();
    expect(await usedOf(code)).toBe(1);
    const refunds = await set.shop.app.ctx.db.selectFrom('refunds').select(['amount', 'status']).where('order_id', '=', row.id).execute();
    expect(refunds).toEqual([{ amount: DISCOUNTED, status: expect.stringMatching(/PENDING|PROCESSED/) }]);
  });
});
