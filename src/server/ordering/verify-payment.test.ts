import { expect, it } from 'vitest';
import { newGatewayId } from '../payments/gateway-ids';
import { insertSandboxPayment } from '../payments/sandbox/sandbox-repository';
import { describeEachDatabase, useTestShop, type TestUser } from '../../../tests/support/test-shop';
import { codOrder, createOrder, mailsAboutOrder, orderRow, sandboxPay, settledMailbox } from '../../../tests/support/test-orders';

describeEachDatabase('admin payment verification', (dialect) => {
  const set = useTestShop(dialect);

  const verify = (as: TestUser | null, payload: { orderid: string; paymentid: string }) =>
    set.shop.app.inject({ method: 'POST', url: '/api/checkout/verifypayment', headers: as?.auth ?? {}, payload });

  it('answers true for a payment captured for that order and records the check', async () => {
    const { orderid } = (await createOrder(set.shop, set.customer)).json();
    const paymentid = (await sandboxPay(set.shop, orderid)).json().razorpay_payment_id;
    await settledMailbox(set.shop);
    const res = await verify(set.admin, { orderid, paymentid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect((await orderRow(set.shop, orderid)).verified_at).not.toBeNull();
    const audit = await set.shop.app.ctx.db.selectFrom('audit_log').selectAll().where('target', '=', orderid).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'payment.verify', actor_user_id: set.admin.id });
  });

  it('settles an order still waiting for a payment the gateway captured, with its mails', async () => {
    const { orderid } = (await createOrder(set.shop, set.customer)).json();
    const paymentid = newGatewayId('pay_');
    await insertSandboxPayment(set.shop.app.ctx.db, { id: paymentid, order_id: orderid, amount: 303700, status: 'captured', error_description: null });
    expect((await verify(set.admin, { orderid, paymentid })).json()).toBe(true);
    expect(await orderRow(set.shop, orderid)).toMatchObject({ payment_status: 'PAID', paymentid });
    const mails = await mailsAboutOrder(set.shop, orderid);
    expect(mails).toHaveLength(2);
  });

  it("answers false for another order's payment, a failed or unknown payment, an unknown order and a COD order", async () => {
    const first = (await createOrder(set.shop, set.customer)).json().orderid;
    const second = (await createOrder(set.shop, set.customer)).json().orderid;
    const secondPayment = (await sandboxPay(set.shop, second)).json().razorpay_payment_id;
    const declined = await sandboxPay(set.shop, first, { number: '4000 0000 0000 0002', expiry: '12/39', cvv: '123' });
    const declinedId = declined.json().razorpay_error.metadata.payment_id;
    const cod = (await codOrder(set.shop, set.customer)).json().orderid;
    await settledMailbox(set.shop);
    const cases = [
      { orderid: first, paymentid: secondPayment },
      { orderid: first, paymentid: declinedId },
      { orderid: first, paymentid: 'pay_DoesNotExist00' },
      { orderid: 'order_DoesNotExist00', paymentid: secondPayment },
      { orderid: cod, paymentid: secondPayment },
    ];
    for (const c of cases) {
      const res = await verify(set.admin, c);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(false);
    }
    expect((await orderRow(set.shop, first)).verified_at).toBeNull();
    expect((await orderRow(set.shop, first)).payment_status).toBe('FAILED');
  });

  it('is for admins only: a USER token is 403 and no token is 401', async () => {
    const { orderid } = (await createOrder(set.shop, set.customer)).json();
    const paymentid = (await sandboxPay(set.shop, orderid)).json().razorpay_payment_id;
    expect((await verify(set.customer, { orderid, paymentid })).statusCode).toBe(403);
    expect((await verify(null, { orderid, paymentid })).statusCode).toBe(401);
    expect((await orderRow(set.shop, orderid)).verified_at).toBeNull();
  });
});
