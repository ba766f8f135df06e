import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { paymentSignature } from '../payments/signatures';
import type { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { gatewayFor } from '../payments/gateway-registry';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import {
  codOrder,
  confirm,
  countRows,
  createOrder,
  DECLINED_CARD,
  mailsAboutOrder,
  orderRow,
  sandboxPay,
  settledMailbox,
} from '../../../tests/support/test-orders';

describeEachDatabase('online payment through the sandbox', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());
  beforeEach(async () => {
    user = await createTestUser(shop);
  });

  const mailsFor = (orderid: string) => mailsAboutOrder(shop, orderid);

  async function keySecret() {
    return (await (gatewayFor(shop.app.ctx) as SandboxGateway).secrets()).keySecret;
  }

  it('createorder → sandbox pay → updateorder leaves one paid order, one payment and the order-placed mails', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const pay = await sandboxPay(shop, orderid);
    expect(pay.statusCode).toBe(200);
    const checkout = pay.json();
    expect(checkout).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      razorpay_order_id: orderid,
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const res = await confirm(shop, user, {
      orderid,
      paymentid: checkout.razorpay_payment_id,
      paymentsignature: checkout.razorpay_signature,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderid, paymentid: checkout.razorpay_payment_id, paymentstatus: 'PAID', status: 'PREPARATION', paymentmode: 'ONLINE', totalAmount: 3037 });

    const mails = await mailsFor(orderid);
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@gheeshop.test', user.email].sort());
    const row = await orderRow(shop, orderid);
    expect(row).toMatchObject({ payment_status: 'PAID', paymentid: checkout.razorpay_payment_id });
    expect(row.paid_at).not.toBeNull();
    const payments = await shop.app.ctx.db.selectFrom('payments').selectAll().where('order_id', '=', row.id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ gateway_payment_id: checkout.razorpay_payment_id, status: 'captured', amount: 303700 });
    // The sandbox also posted payment.captured and order.paid; both were accepted and changed nothing more.
    const events = await shop.app.ctx.db.selectFrom('gateway_events').select('event_type').where('payload', 'like', `%${orderid}%`).execute();
    expect(events.map((e) => e.event_type).sort()).toEqual(['order.paid', 'payment.captured']);

    const mine = (await shop.app.inject({ url: '/api/order', headers: user.auth })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ orderid, paymentstatus: 'PAID', items: [{ name: 'A2 Desi Cow Ghee' }, { name: 'Buffalo Ghee' }] });
  });

  it('a second confirmation of a paid order answers 200 and changes nothing', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const checkout = (await sandboxPay(shop, orderid)).json();
    const payload = { orderid, paymentid: checkout.razorpay_payment_id, paymentsignature: checkout.razorpay_signature };
    await confirm(shop, user, payload);
    const paidAt = (await orderRow(shop, orderid)).paid_at;
    const again = await confirm(shop, user, payload);
    expect(again.statusCode).toBe(200);
    expect((await orderRow(shop, orderid)).paid_at).toBe(paidAt);
    expect(await mailsFor(orderid)).toHaveLength(2);
  });

  it('a forged signature, or a signature made for another order, is a 400 that changes nothing', async () => {
    const target = (await createOrder(shop, user)).json().orderid;
    const other = (await createOrder(shop, user)).json().orderid;
    const otherPayment = (await sandboxPay(shop, other)).json();
    const secret = await keySecret();
    const attempts = [
      { orderid: target, paymentid: 'pay_AAAAAAAAAAAAAA', paymentsignature: 'f'.repeat(64) },
      { orderid: target, paymentid: 'pay_AAAAAAAAAAAAAA', paymentsignature: paymentSignature(target, 'pay_AAAAAAAAAAAAAA', 'guessed-secret') },
      // The other order's real payment and signature, presented for this order.
      { orderid: target, paymentid: otherPayment.razorpay_payment_id, paymentsignature: otherPayment.razorpay_signature },
      // A correctly signed pair whose payment belongs to the other order.
      { orderid: target, paymentid: otherPayment.razorpay_payment_id, paymentsignature: paymentSignature(target, otherPayment.razorpay_payment_id, secret) },
    ];
    await settledMailbox(shop);
    for (const attempt of attempts) {
      const res = await confirm(shop, user, attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('PAYMENT_NOT_VERIFIED');
    }
    expect(await orderRow(shop, target)).toMatchObject({ payment_status: 'PENDING', paymentid: '', paid_at: null });
    expect(await mailsFor(target)).toHaveLength(0);
  });

  it("another customer's order cannot be confirmed, and a COD order has nothing to confirm", async () => {
    const stranger = await createTestUser(shop);
    const { orderid } = (await createOrder(shop, user)).json();
    const checkout = (await sandboxPay(shop, orderid)).json();
    await settledMailbox(shop);
    const res = await confirm(shop, stranger, { orderid, paymentid: checkout.razorpay_payment_id, paymentsignature: checkout.razorpay_signature });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain('asha@example.in');

    const cod = (await codOrder(shop, user)).json();
    const codRes = await confirm(shop, user, { orderid: cod.orderid, paymentid: checkout.razorpay_payment_id, paymentsignature: checkout.razorpay_signature });
    expect(codRes.statusCode).toBe(400);
    expect(codRes.json().error).toBe('NOT_AN_ONLINE_ORDER');
    expect((await orderRow(shop, cod.orderid)).payment_status).toBe('COD');
  });

  it('20 concurrent confirmations plus the webhook pay the order once and send one order-placed mail each', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const checkout = (await sandboxPay(shop, orderid)).json();
    const payload = { orderid, paymentid: checkout.razorpay_payment_id, paymentsignature: checkout.razorpay_signature };
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(shop, user, payload)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const mails = await mailsFor(orderid);
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@gheeshop.test', user.email].sort());
    const row = await orderRow(shop, orderid);
    expect(row.payment_status).toBe('PAID');
    expect(await shop.app.ctx.db.selectFrom('payments').select('id').where('order_id', '=', row.id).execute()).toHaveLength(1);
  });

  it('a card declined by the bank answers the payment.failed error, marks the attempt FAILED, and a retry can still pay', async () => {
    const { orderid } = (await createOrder(shop, user)).json();
    const declined = await sandboxPay(shop, orderid, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      error: 'PAYMENT_DECLINED',
      message: 'Your payment was declined by the bank.',
      razorpay_error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment was declined by the bank.',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: orderid, payment_id: expect.stringMatching(/^pay_/) },
      },
    });
    await settledMailbox(shop);
    expect((await orderRow(shop, orderid)).payment_status).toBe('FAILED');

    const retry = (await sandboxPay(shop, orderid)).json();
    const res = await confirm(shop, user, { orderid, paymentid: retry.razorpay_payment_id, paymentsignature: retry.razorpay_signature });
    expect(res.json().paymentstatus).toBe('PAID');
    expect(await mailsFor(orderid)).toHaveLength(2);
    const row = await orderRow(shop, orderid);
    const statuses = await shop.app.ctx.db.selectFrom('payments').select('status').where('order_id', '=', row.id).orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['failed', 'captured']);
    expect(await countRows(shop, 'sandbox_payments')).toBeGreaterThanOrEqual(2);
  });

  const payorder = (as: TestUser, orderid: string) =>
    shop.app.inject({ method: 'POST', url: '/api/checkout/payorder', headers: as.auth, payload: { orderid } });

  it('after a decline, payorder answers the same gateway order and amount, and paying it leaves one paid order with its note', async () => {
    const before = await countRows(shop, 'orders');
    const created = (await createOrder(shop, user)).json();
    await sandboxPay(shop, created.orderid, DECLINED_CARD);
    await settledMailbox(shop);

    const again = await payorder(user, created.orderid);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ orderid: created.orderid, amount: created.amount, totalAmount: 3037, paymentstatus: 'FAILED' });
    const retry = (await sandboxPay(shop, again.json().orderid)).json();
    const res = await confirm(shop, user, { orderid: created.orderid, paymentid: retry.razorpay_payment_id, paymentsignature: retry.razorpay_signature });
    expect(res.json()).toMatchObject({ paymentstatus: 'PAID', note: 'Please ring twice' });
    expect(await countRows(shop, 'orders')).toBe(before + 1);

    // Paid now: nothing more to pay, and the answer says so.
    const paid = await payorder(user, created.orderid);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe('ORDER_ALREADY_PAID');
  });

  it('payorder refuses a cash-on-delivery order and an unknown id with a clear answer', async () => {
    const cod = (await codOrder(shop, user)).json();
    const res = await payorder(user, cod.orderid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'NOT_AN_ONLINE_ORDER', message: expect.stringContaining('cash on delivery') });
    const unknown = await payorder(user, 'order_AAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    const empty = await payorder(user, '');
    expect(empty.statusCode).toBe(400);
  });
});
