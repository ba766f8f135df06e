import { afterAll, beforeAll, expect, it } from 'vitest';
import { newGatewayId } from '../payments/gateway-ids';
import { insertSandboxPayment } from '../payments/sandbox/sandbox-repository';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { codOrder, createOrder, mailsAboutOrder, orderRow, sandboxPay, settledMailbox } from '../../../tests/support/test-orders';

describeEachDatabase('admin payment verification', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    user = await createTestUser(shop);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  const verify = (as: TestUser | null, payload: { orderid: string; paymentid: string }) =>
    shop.app.inject({ method: 'POST', url: '/api/checkout/verifypayment', headers: as?.auth ?? {}, payload });

  it('answers true for a payment captured for that order and records the check', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const paymentid = (await sandboxPay(shop, orderid)).json().razorpay_payment_id;
    await settledMailbox(shop);
    const res = await verify(admin, { orderid, paymentid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect((await orderRow(shop, orderid)).verified_at).not.toBeNull();
    const audit = await shop.app.ctx.db.selectFrom('audit_log').selectAll().where('target', '=', orderid).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'payment.verify', actor_user_id: admin.id });
  });

  it('settles an order still waiting for a payment the gateway captured, with its mails', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const paymentid = newGatewayId('pay_');
    await insertSandboxPayment(shop.app.ctx.db, { id: paymentid, order_id: orderid, amount: 303700, status: 'captured', error_description: null });
    expect((await verify(admin, { orderid, paymentid })).json()).toBe(true);
    expect(await orderRow(shop, orderid)).toMatchObject({ payment_status: 'PAID', paymentid });
    const mails = await mailsAboutOrder(shop, orderid);
    expect(mails).toHaveLength(2);
  });

  it("answers false for another order's payment, a failed or unknown payment, an unknown order and a COD order", async () => {
    const first = (await createOrder(shop, user)).json().orderid;
    const second = (await createOrder(shop, user)).json().orderid;
    const secondPayment = (await sandboxPay(shop, second)).json().razorpay_payment_id;
    const declined = await sandboxPay(shop, first, { number: '4000 0000 0000 0002', expiry: '12/39', cvv: '123' });
    const declinedId = declined.json().razorpay_error.metadata.payment_id;
    const cod = (await codOrder(shop, user)).json().orderid;
    await settledMailbox(shop);
    const cases = [
      { orderid: first, paymentid: secondPayment },
      { orderid: first, paymentid: declinedId },
      { orderid: first, paymentid: 'pay_DoesNotExist00' },
      { orderid: 'order_DoesNotExist00', paymentid: secondPayment },
      { orderid: cod, paymentid: secondPayment },
    ];
    for (const c of cases) {
      const res = await verify(admin, c);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(false);
    }
    expect((await orderRow(shop, first)).verified_at).toBeNull();
    expect((await orderRow(shop, first)).payment_status).toBe('FAILED');
  });

  it('is for admins only: a USER token is 403 and no token is 401', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const paymentid = (await sandboxPay(shop, orderid)).json().razorpay_payment_id;
    expect((await verify(user, { orderid, paymentid })).statusCode).toBe(403);
    expect((await verify(null, { orderid, paymentid })).statusCode).toBe(401);
    expect((await orderRow(shop, orderid)).verified_at).toBeNull();
  });
});
