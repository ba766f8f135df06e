// Attack suite: forged and replayed payment confirmations and webhooks (Juice Shop "payment bypass", ASVS V2.3
// business logic). An order is paid only on the gateway's word, once, for its own amount.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { confirm, createOrder, orderBody, orderRow, sandboxPay, settledMailbox } from '../support/test-orders';
import { newGatewayId } from '../../src/server/payments/gateway-ids';
import { gatewayFor } from '../../src/server/payments/gateway-registry';
import type { SandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway';
import { sandboxWebhooksSettled } from '../../src/server/payments/sandbox/sandbox-routes';
import { paymentSignature, webhookSignature } from '../../src/server/payments/signatures';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

const captured = (paymentId: string, orderId: string, amount: number) =>
  JSON.stringify({ entity: 'event', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured' } } }, created_at: 1 });

describeEachDatabase('attack: forged and replayed payments', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let secrets: { keySecret: string; webhookSecret: string };

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    customer = await createTestUser(shop);
    secrets = await (gatewayFor(shop.app.ctx) as SandboxGateway).secrets();
  });
  afterAll(async () => shop.close());

  /** An online order for `items`, and its sandbox payment (captured) when `pay` is set. */
  async function onlineOrder(pay: boolean, body = orderBody()) {
    const created = (await createOrder(shop, customer, body)).json() as { orderid: string; orderNumber: string };
    if (!pay) return { orderid: created.orderid, orderNumber: created.orderNumber, paymentid: '', signature: '' };
    const paid = (await sandboxPay(shop, created.orderid)).json() as { razorpay_payment_id: string; razorpay_signature: string };
    await sandboxWebhooksSettled(shop.app.ctx);
    return { orderid: created.orderid, orderNumber: created.orderNumber, paymentid: paid.razorpay_payment_id, signature: paid.razorpay_signature };
  }
  const cheapBody = () =>
    orderBody({ items: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 }], totalAmount: 999 });
  const webhook = (body: string, headers: Record<string, string>) =>
    shop.app.inject({ method: 'POST', url: '/api/checkout/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });
  const mailsAbout = async (number: string) => {
    const named = new RegExp(`\\b${number}\\b`);
    return (await settledMailbox(shop)).filter((m) => named.test(m.subject) || named.test(m.text));
  };

  it('a made-up signature does not pay the order', async () => {
    const order = await onlineOrder(false);
    for (const paymentsignature of ['0'.repeat(64), 'f'.repeat(64), 'not-hex', paymentSignature(order.orderid, 'pay_FAKEFAKEFAKE00', 'guessed-secret')]) {
      const res = await confirm(shop, customer, { orderid: order.orderid, paymentid: 'pay_FAKEFAKEFAKE00', paymentsignature });
      expect(res.statusCode).toBe(400);
    }
    expect((await orderRow(shop, order.orderid)).payment_status).toBe('PENDING');
  });

  it("a cheap order's genuine payment and signature replayed on an expensive order do not pay it", async () => {
    const cheap = await onlineOrder(true, cheapBody());
    const dear = await onlineOrder(false);
    const res = await confirm(shop, customer, { orderid: dear.orderid, paymentid: cheap.paymentid, paymentsignature: cheap.signature });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(shop, dear.orderid)).payment_status).toBe('PENDING');
  });

  it('a payment id already captured for one order, even with a valid signature for another, does not pay the second', async () => {
    const first = await onlineOrder(true, cheapBody());
    const second = await onlineOrder(false);
    // As if the key secret had leaked: the signature is right, but the payment belongs to the first order.
    const paymentsignature = paymentSignature(second.orderid, first.paymentid, secrets.keySecret);
    const res = await confirm(shop, customer, { orderid: second.orderid, paymentid: first.paymentid, paymentsignature });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(shop, second.orderid)).payment_status).toBe('PENDING');
  });

  it('the same confirmation replayed ten times pays once and mails once', async () => {
    const order = await onlineOrder(true);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(shop, customer, { orderid: order.orderid, paymentid: order.paymentid, paymentsignature: order.signature })),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    const payments = await shop.app.ctx.db.selectFrom('payments').selectAll().where('gateway_order_id', '=', order.orderid).execute();
    expect(payments).toHaveLength(1);
    expect(await mailsAbout(order.orderNumber)).toHaveLength(2);
  });

  it('paying an already paid order again in the sandbox is refused and charges nothing', async () => {
    const order = await onlineOrder(true);
    const again = await sandboxPay(shop, order.orderid);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('ORDER_ALREADY_PAID');
    const charges = await shop.app.ctx.db.selectFrom('sandbox_payments').selectAll().where('order_id', '=', order.orderid).where('status', '=', 'captured').execute();
    expect(charges).toHaveLength(1);
  });

  it('a webhook signed with a guessed secret, or re-signed after editing the amount, is refused', async () => {
    const order = await onlineOrder(false);
    const body = captured(newGatewayId('pay_'), order.orderid, 303_700);
    expect((await webhook(body, { 'x-razorpay-signature': webhookSignature(body, 'whsec_guess') })).statusCode).toBe(400);
    expect((await webhook(body, { 'x-razorpay-signature': webhookSignature(body, secrets.keySecret) })).statusCode).toBe(400);
    const edited = body.replace('303700', '100');
    expect((await webhook(edited, { 'x-razorpay-signature': webhookSignature(body, secrets.webhookSecret) })).statusCode).toBe(400);
    expect((await orderRow(shop, order.orderid)).payment_status).toBe('PENDING');
  });

  it('a genuine webhook replayed under its own and under fresh event ids pays once and mails once', async () => {
    const order = await onlineOrder(false);
    const body = captured(newGatewayId('pay_'), order.orderid, 303_700);
    const signature = webhookSignature(body, secrets.webhookSecret);
    const first = await webhook(body, { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_ATTACKREPLAY01' });
    expect(first.json()).toEqual({ status: 'processed' });
    expect((await webhook(body, { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_ATTACKREPLAY01' })).json()).toEqual({ status: 'duplicate' });
    // Without an event id the body's hash is the id, so replaying the bare body is a duplicate too.
    expect((await webhook(body, { 'x-razorpay-signature': signature })).json()).toEqual({ status: 'processed' });
    expect((await webhook(body, { 'x-razorpay-signature': signature })).json()).toEqual({ status: 'duplicate' });
    expect((await webhook(body, { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_ATTACKREPLAY02' })).statusCode).toBe(200);
    expect((await orderRow(shop, order.orderid)).payment_status).toBe('PAID');
    expect(await mailsAbout(order.orderNumber)).toHaveLength(2);
  });

  it('a signed capture of a smaller amount does not pay the order', async () => {
    const order = await onlineOrder(false);
    const body = captured(newGatewayId('pay_'), order.orderid, 100);
    const res = await webhook(body, { 'x-razorpay-signature': webhookSignature(body, secrets.webhookSecret), 'x-razorpay-event-id': newGatewayId('evt_') });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(shop, order.orderid)).payment_status).toBe('PENDING');
  });

  it('under-payment: a Rs 1 capture recorded by a signed webhook never pays, confirmed with its own valid signature or checked by an admin', async () => {
    const order = await onlineOrder(false);
    const paymentId = newGatewayId('pay_');
    const body = captured(paymentId, order.orderid, 100);
    const hook = await webhook(body, { 'x-razorpay-signature': webhookSignature(body, secrets.webhookSecret), 'x-razorpay-event-id': newGatewayId('evt_') });
    expect(hook.statusCode).toBe(200);
    const res = await confirm(shop, customer, { orderid: order.orderid, paymentid: paymentId, paymentsignature: paymentSignature(order.orderid, paymentId, secrets.keySecret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentstatus: 'PENDING' });
    expect((await orderRow(shop, order.orderid)).payment_status).toBe('PENDING');
    const admin = await adminOf(shop);
    const check = await shop.app.inject({ method: 'POST', url: '/api/checkout/verifypayment', headers: admin.auth, payload: { orderid: order.orderid, paymentid: paymentId } });
    expect(check.json()).toBe(false);
    expect((await orderRow(shop, order.orderid)).payment_status).toBe('PENDING');
    // The customer can still pay the order in full afterwards.
    const paid = (await sandboxPay(shop, order.orderid)).json() as { razorpay_payment_id: string; razorpay_signature: string };
    const full = await confirm(shop, customer, { orderid: order.orderid, paymentid: paid.razorpay_payment_id, paymentsignature: paid.razorpay_signature });
    expect(full.json()).toMatchObject({ paymentstatus: 'PAID' });
  });

  it("the admin check says false for a payment of another order, and does not mark either paid", async () => {
    const admin = await adminOf(shop);
    const paid = await onlineOrder(true, cheapBody());
    const unpaid = await onlineOrder(false);
    const res = await shop.app.inject({ method: 'POST', url: '/api/checkout/verifypayment', headers: admin.auth, payload: { orderid: unpaid.orderid, paymentid: paid.paymentid } });
    expect(res.json()).toBe(false);
    expect((await orderRow(shop, unpaid.orderid)).payment_status).toBe('PENDING');
  });

  it('a cash-on-delivery order cannot be turned into a paid online order by confirming it', async () => {
    const body = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const cod = (await shop.app.inject({ method: 'POST', url: '/api/checkout/codorder', headers: customer.auth, payload: body })).json() as { orderid: string };
    const res = await confirm(shop, customer, { orderid: cod.orderid, paymentid: 'pay_FAKEFAKEFAKE00', paymentsignature: paymentSignature(cod.orderid, 'pay_FAKEFAKEFAKE00', secrets.keySecret) });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(shop, cod.orderid)).payment_status).toBe('COD');
  });
});
