// Attack suite: a customer cancels an unpaid online order and pays it anyway (the gateway took the money before
// it heard of the cancellation). The order stays cancelled, is never invoiced, and the money goes back by itself,
// whichever way the payment is reported: the browser's confirmation, the webhook, or reconciliation.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANCEL_REASONS } from '../../src/domain/order-status';
import { confirm, createOrder, orderRow, sandboxPay, settledMailbox } from '../support/test-orders';
import { reconcilePendingPayments } from '../../src/server/ordering/reconciliation';
import { newGatewayId } from '../../src/server/payments/gateway-ids';
import { gatewayFor } from '../../src/server/payments/gateway-registry';
import type { SandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway';
import { insertSandboxPayment } from '../../src/server/payments/sandbox/sandbox-repository';
import { paymentSignature, webhookSignature } from '../../src/server/payments/signatures';
import { KARNATAKA_BUSINESS } from '../../src/server/business/test-business';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

const TOTAL = 3037;

describeEachDatabase('attack: paying an order after cancelling it', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let secrets: { keySecret: string; webhookSecret: string };

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    customer = await createTestUser(shop);
    secrets = await (gatewayFor(shop.app.ctx) as SandboxGateway).secrets();
    // With business details filled a paid online order is invoiced at once: the cancelled one must not be.
    const admin = await adminOf(shop);
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });
  afterAll(async () => shop.close());

  const cancel = (orderid: string) =>
    shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: customer.auth, payload: { reason: CANCEL_REASONS[0] } });

  /** An online order, cancelled by its customer, then paid at the gateway all the same (as Razorpay would allow). */
  async function cancelledThenCaptured(): Promise<{ orderid: string; paymentId: string }> {
    const { orderid } = (await createOrder(shop, customer)).json() as { orderid: string };
    expect((await cancel(orderid)).statusCode).toBe(200);
    const paymentId = newGatewayId('pay_');
    await insertSandboxPayment(shop.app.ctx.db, { id: paymentId, order_id: orderid, amount: TOTAL * 100, status: 'captured', error_description: null });
    return { orderid, paymentId };
  }

  async function expectRefundedNotInvoiced(orderid: string, paymentId: string) {
    await settledMailbox(shop);
    const row = await orderRow(shop, orderid);
    expect(row).toMatchObject({ status: 'CANCELLED', payment_status: 'PAID', paymentid: paymentId, refunded_amount: TOTAL, invoice_number: null });
    const refunds = await shop.app.ctx.db.selectFrom('refunds').selectAll().where('order_id', '=', row.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: TOTAL, payment_id: paymentId });
    expect(refunds[0]?.status).not.toBe('CREATED');
    const atGateway = await gatewayFor(shop.app.ctx).fetchRefunds(paymentId);
    expect(atGateway.map((r) => r.amount)).toEqual([TOTAL * 100]);
    expect(await shop.app.ctx.db.selectFrom('invoices').select('number').where('order_id', '=', row.id).execute()).toHaveLength(0);
  }

  it('cancelling closes the sandbox order: the dialog can no longer take the money', async () => {
    const { orderid } = (await createOrder(shop, customer)).json() as { orderid: string };
    expect((await cancel(orderid)).statusCode).toBe(200);
    const pay = await sandboxPay(shop, orderid);
    expect(pay.statusCode).toBe(400);
    expect(pay.json().error).toBe('ORDER_CLOSED');
    expect((await orderRow(shop, orderid)).payment_status).toBe('PENDING');
  });

  it("the browser's confirmation of a late payment is answered 'cancelled and refunded', not 200 paid", async () => {
    const { orderid, paymentId } = await cancelledThenCaptured();
    const res = await confirm(shop, customer, { orderid, paymentid: paymentId, paymentsignature: paymentSignature(orderid, paymentId, secrets.keySecret) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'ORDER_CANCELLED', message: expect.stringMatching(/cancelled.*refund/s) });
    await expectRefundedNotInvoiced(orderid, paymentId);
    // Asked again, the answer is the same and nothing more is refunded.
    const again = await confirm(shop, customer, { orderid, paymentid: paymentId, paymentsignature: paymentSignature(orderid, paymentId, secrets.keySecret) });
    expect(again.statusCode).toBe(409);
    await expectRefundedNotInvoiced(orderid, paymentId);
  });

  it('the webhook of a late payment refunds it', async () => {
    const { orderid, paymentId } = await cancelledThenCaptured();
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: { id: paymentId, order_id: orderid, amount: TOTAL * 100, status: 'captured' } } },
      created_at: 1,
    });
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(body, secrets.webhookSecret), 'x-razorpay-event-id': `evt_${paymentId}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    await expectRefundedNotInvoiced(orderid, paymentId);
  });

  it('reconciliation finding a late payment refunds it', async () => {
    const { orderid, paymentId } = await cancelledThenCaptured();
    await reconcilePendingPayments(shop.app.ctx, { now: new Date(Date.now() + 3 * 60_000) });
    await expectRefundedNotInvoiced(orderid, paymentId);
  });
});
