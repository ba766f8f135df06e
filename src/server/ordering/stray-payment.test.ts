// A captured payment that paid nothing: its order became cash on delivery while the payment was on its way, or
// another payment had paid it. The shop gives that payment back whole, once, without touching the order's refunds.
import { beforeAll, expect, it } from 'vitest';
import { orderNumber } from '../../domain/display';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { newGatewayId } from '../payments/gateway-ids';
import { gatewayFor } from '../payments/gateway-registry';
import type { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { sandboxWebhooksSettled } from '../payments/sandbox/sandbox-routes';
import { postRefundEvent, postSignedWebhook } from '../../../tests/support/gateway-events';
import { codOrder, createOrder, orderBody, orderRow, placePaidOnlineOrder, sandboxPay } from '../../../tests/support/test-orders';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { strayRefundId } from './late-payment';
import { listSwitchedToCodOrders } from './order-write-repository';
import { reconcilePendingPayments } from './reconciliation';

describeEachDatabase('a payment that paid nothing', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'fatal' } });
  let secret: string;

  beforeAll(async () => {
    secret = (await (gatewayFor(set.shop.app.ctx) as SandboxGateway).secrets()).webhookSecret;
    // A registered shop invoices a paid order at once, so a credit note would show if one were wrongly issued.
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });

  const db = () => set.shop.app.ctx.db;
  const refundRows = async (orderid: string) => {
    const { id } = await orderRow(set.shop, orderid);
    return db().selectFrom('refunds').selectAll().where('order_id', '=', id).orderBy('created_at').execute();
  };
  const strayMails = (orderid: string) =>
    db().selectFrom('mail_outbox').select(['subject', 'text_body']).where('subject', 'like', '%extra payment%').where('text_body', 'like', `%order ${orderNumbers.get(orderid) ?? '?'},%`).execute();
  const orderNumbers = new Map<string, string>();
  const remember = async (orderid: string) => {
    orderNumbers.set(orderid, orderNumber((await orderRow(set.shop, orderid)).id));
    return orderid;
  };
  async function place(body = orderBody()) {
    const placed = await createOrder(set.shop, set.customer, body);
    expect(placed.statusCode, placed.body).toBe(200);
    return remember(placed.json<{ orderid: string }>().orderid);
  }
  async function webhook(type: string, payment: { id: string; order_id: string; amount: number }, eventId = newGatewayId('evt_')) {
    const body = JSON.stringify({ entity: 'event', event: type, contains: ['payment'], payload: { payment: { entity: { ...payment, status: 'captured' } } }, created_at: 1 });
    return postSignedWebhook(set.shop, secret, body, eventId);
  }
  /** A second capture at the gateway for an order it already saw paid (a late UPI approval); card 4444's refunds fail. */
  async function capturedAgain(orderid: string, paise: number, last4 = '1111') {
    const id = newGatewayId('pay_');
    await db().insertInto('sandbox_payments').values({ id, order_id: orderid, amount: paise, status: 'captured', error_description: null, created_at: new Date().toISOString(), card_last4: last4 }).execute();
    return { id, order_id: orderid, amount: paise };
  }
  const refundsAnswer = async (orderid: string) => (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json();

  it('a payment captured after the order became cash on delivery is given back whole, with no credit note', async () => {
    // A COD fee makes the switched order's total differ from what the dialog charged: it must not hide the payment.
    const delivery = (await set.shop.app.inject({ url: '/api/settings/delivery', headers: set.admin.auth })).json();
    const saved = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/delivery', headers: set.admin.auth, payload: { ...delivery, codFee: 40 } });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const body = orderBody();
      const orderid = await place(body);
      const onlineTotal = (await orderRow(set.shop, orderid)).total_amount;
      const switched = await codOrder(set.shop, set.customer, { ...body, paymentmode: 'CASHONDELIVERY' });
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json()).toMatchObject({ orderid, paymentmode: 'CASHONDELIVERY' });

      // The customer's UPI approval lands late: the dialog's order is still open at the gateway.
      const paid = await sandboxPay(set.shop, orderid);
      expect(paid.statusCode, paid.body).toBe(200);
      const paymentId = paid.json<{ razorpay_payment_id: string }>().razorpay_payment_id;
      await sandboxWebhooksSettled(set.shop.app.ctx);

      const order = await orderRow(set.shop, orderid);
      expect(order).toMatchObject({ paymentmode: 'CASHONDELIVERY', payment_status: 'COD', refunded_amount: 0, total_amount: onlineTotal + 40 });
      const [refund, ...more] = await refundRows(orderid);
      expect(more).toHaveLength(0);
      expect(refund).toMatchObject({ id: strayRefundId(paymentId), payment_id: paymentId, amount: onlineTotal, stray_payment: 1 });
      // It went to the gateway at once, for exactly what was captured.
      expect(refund?.status).not.toBe('CREATED');
      const atGateway = await gatewayFor(set.shop.app.ctx).fetchRefunds(paymentId);
      expect(atGateway.map((r) => r.amount)).toEqual([onlineTotal * 100]);

      const answer = await refundsAnswer(orderid);
      expect(answer.refunds).toMatchObject([{ refundId: strayRefundId(paymentId), amount: onlineTotal, strayPayment: true }]);
      expect(answer.creditNotes).toEqual([]);
      const mails = await strayMails(orderid);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text_body).toContain('cash on delivery');
    } finally {
      await set.shop.app.inject({ method: 'PUT', url: '/api/settings/delivery', headers: set.admin.auth, payload: delivery });
    }
  });

  it('a second payment of a paid order is given back, reported by two webhooks at once, exactly once', async () => {
    const orderid = await remember(await placePaidOnlineOrder(set.shop, set.customer));
    const first = await orderRow(set.shop, orderid);
    const second = await capturedAgain(orderid, first.total_amount * 100);
    // Razorpay sends payment.captured and order.paid for the same payment, with their own event ids.
    const answers = await Promise.all([webhook('payment.captured', second), webhook('order.paid', second), webhook('payment.captured', second)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);

    const after = await orderRow(set.shop, orderid);
    expect(after).toMatchObject({ payment_status: 'PAID', paymentid: first.paymentid, refunded_amount: 0 });
    const rows = await refundRows(orderid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ payment_id: second.id, amount: first.total_amount, stray_payment: 1 });
    expect(rows[0]?.gateway_refund_id).toBeTruthy();
    expect(await strayMails(orderid)).toHaveLength(1);
    // The order's own payment reported again is no stray.
    expect((await webhook('payment.captured', { id: String(first.paymentid), order_id: orderid, amount: first.total_amount * 100 })).statusCode).toBe(200);
    expect(await refundRows(orderid)).toHaveLength(1);
    // What may still be refunded of the order is untouched.
    expect((await refundsAnswer(orderid)).refunds).toMatchObject([{ strayPayment: true }]);
  });

  it('without a webhook, reconciliation finds the late payment of a switched checkout and gives it back, once', async () => {
    const body = orderBody();
    const orderid = await place(body);
    expect((await codOrder(set.shop, set.customer, { ...body, paymentmode: 'CASHONDELIVERY' })).statusCode).toBe(200);
    const total = (await orderRow(set.shop, orderid)).total_amount;
    // Captured at the gateway, with no webhook to tell the shop.
    const late = await capturedAgain(orderid, total * 100);
    const later = { now: new Date(Date.now() + 3 * 60_000) };
    expect((await reconcilePendingPayments(set.shop.app.ctx, later)).errors).toBe(0);
    expect(await refundRows(orderid)).toMatchObject([{ payment_id: late.id, amount: total, stray_payment: 1 }]);
    expect((await orderRow(set.shop, orderid)).paymentmode).toBe('CASHONDELIVERY');
    // Once given back, the order is not asked about again.
    const window = { createdAfter: '2000-01-01', createdBefore: '2999-01-01', limit: 1000 };
    expect((await listSwitchedToCodOrders(db(), window)).map((o) => o.orderid)).not.toContain(orderid);
    expect((await reconcilePendingPayments(set.shop.app.ctx, later)).errors).toBe(0);
    expect(await refundRows(orderid)).toHaveLength(1);
  });

  it('a switch to cash on delivery racing the payment: paid online, or cash on delivery with the payment given back', async () => {
    // The capture starts later each round, so the two land in both orders across the rounds.
    for (const delayMs of [0, 2, 5, 10, 20, 40]) {
      const body = orderBody();
      const orderid = await place(body);
      const total = (await orderRow(set.shop, orderid)).total_amount;
      const payment = await capturedAgain(orderid, total * 100);
      const [switched, captured] = await Promise.all([
        codOrder(set.shop, set.customer, { ...body, paymentmode: 'CASHONDELIVERY' }),
        new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => webhook('payment.captured', payment)),
      ]);
      expect(switched.statusCode, switched.body).toBe(200);
      expect(captured.statusCode, captured.body).toBe(200);
      const order = await orderRow(set.shop, orderid);
      const refunds = await refundRows(orderid);
      if (order.paymentmode === 'ONLINE') {
        expect(order).toMatchObject({ payment_status: 'PAID', paymentid: payment.id });
        expect(refunds).toHaveLength(0);
        expect(switched.json()).toMatchObject({ paymentmode: 'ONLINE' });
      } else {
        expect(order).toMatchObject({ paymentmode: 'CASHONDELIVERY', payment_status: 'COD' });
        expect(refunds).toMatchObject([{ payment_id: payment.id, amount: total, stray_payment: 1 }]);
      }
    }
  });

  it('two payments of one unpaid order captured at once: one pays it, the other is given back', async () => {
    const orderid = await place();
    const total = (await orderRow(set.shop, orderid)).total_amount;
    const [a, b] = [await capturedAgain(orderid, total * 100), await capturedAgain(orderid, total * 100)];
    const answers = await Promise.all([webhook('payment.captured', a), webhook('payment.captured', b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const order = await orderRow(set.shop, orderid);
    expect(order.payment_status).toBe('PAID');
    expect([a.id, b.id]).toContain(order.paymentid);
    const other = order.paymentid === a.id ? b.id : a.id;
    expect(await refundRows(orderid)).toMatchObject([{ payment_id: other, amount: total, stray_payment: 1 }]);
    expect(order.refunded_amount).toBe(0);
  });

  /** The gateway's signed refund.processed or refund.failed for a refund the shop asked for. */
  async function refundEvent(row: { id: string; gateway_refund_id: string | null; amount: number }, paymentId: string, status: 'processed' | 'failed') {
    await postRefundEvent(set.shop, secret, { id: row.gateway_refund_id ?? '', paymentId, amount: row.amount * 100, status, notes: { shop_refund_id: row.id } });
  }
  const refundMessages = async (orderid: string) =>
    db().selectFrom('message_outbox').select('params').where('orderid', '=', orderid).where('kind', '=', 'REFUND_PROCESSED').execute();

  it("a stray payment's refund, once processed, is no part of what the order has had back", async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, orderBody({ whatsappOptIn: true }));
    const paidRow = await orderRow(set.shop, orderid);
    const stray = await capturedAgain(orderid, paidRow.total_amount * 100);
    expect((await webhook('payment.captured', stray)).statusCode).toBe(200);
    const [row] = await refundRows(orderid);
    if (!row) throw new Error('no refund of the stray payment');
    await refundEvent(row, stray.id, 'processed');
    expect(await refundRows(orderid)).toMatchObject([{ status: 'PROCESSED', stray_payment: 1 }]);
    expect(await orderRow(set.shop, orderid)).toMatchObject({ refunded_amount: 0, refund_processed_amount: 0 });
    expect((await refundsAnswer(orderid)).refundProcessedAmount).toBe(0);
    // The customer is told that payment came back: it did.
    expect(await refundMessages(orderid)).toHaveLength(1);
  });

  it("a stray payment's refund that failed sends no message saying it was processed", async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, orderBody({ whatsappOptIn: true }));
    const stray = await capturedAgain(orderid, (await orderRow(set.shop, orderid)).total_amount * 100, '4444');
    expect((await webhook('payment.captured', stray)).statusCode).toBe(200);
    const [row] = await refundRows(orderid);
    if (!row) throw new Error('no refund of the stray payment');
    await refundEvent(row, stray.id, 'failed');
    expect(await refundRows(orderid)).toMatchObject([{ status: 'FAILED' }]);
    expect(await refundMessages(orderid)).toEqual([]);
  });

  it("a failed refund of a stray payment gives nothing back to the order's refunds, and its retry takes nothing from them", async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer);
    const paidRow = await orderRow(set.shop, orderid);
    expect(paidRow.invoice_number).toBeTruthy();
    const stray = await capturedAgain(orderid, paidRow.total_amount * 100, '4444');
    expect((await webhook('payment.captured', stray)).statusCode).toBe(200);
    const [row] = await refundRows(orderid);
    expect(row?.gateway_refund_id).toBeTruthy();

    await postRefundEvent(set.shop, secret, { id: row?.gateway_refund_id ?? '', paymentId: stray.id, amount: stray.amount, status: 'failed', notes: { shop_refund_id: row?.id ?? '' } });
    expect(await refundRows(orderid)).toMatchObject([{ status: 'FAILED' }]);
    // Not "minus the stray amount": the order's refunds never counted it.
    expect((await orderRow(set.shop, orderid)).refunded_amount).toBe(0);

    const retried = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${row?.id}/retry`, headers: set.admin.auth });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await refundRows(orderid))[0]?.status).not.toBe('FAILED');
    expect((await orderRow(set.shop, orderid)).refunded_amount).toBe(0);
    expect((await refundsAnswer(orderid)).creditNotes).toEqual([]);
  });
});
