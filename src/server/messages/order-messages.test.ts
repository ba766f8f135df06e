import { expect, it } from 'vitest';
import { formatRupees, orderNumber } from '../../domain/display';
import { MESSAGE_KINDS } from '../../domain/messages-and-confirmation';
import { codOrder, confirm, createOrder, orderBody, sandboxPay } from '../../../tests/support/test-orders';
import { findOrderByOrderId } from '../orders/order-repository';
import { SANDBOX_REFUND_SETTLE_MS } from '../payments/sandbox/sandbox-refunds';
import { sandboxWebhooksSettled } from '../payments/sandbox/sandbox-routes';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { messaging, queueOrderMessage } from './index';
import { messageText } from './message-text';

describeEachDatabase('order messages in the WhatsApp sandbox', (dialect) => {
  const set = useTestShop(dialect);

  const messagesOf = async (orderid: string) =>
    (await set.shop.app.inject({ url: `/api/messages?orderid=${orderid}`, headers: set.admin.auth })).json() as { kind: string; text: string; status: string }[];
  const cod = async (whatsappOptIn: boolean) => (await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', whatsappOptIn }))).json().orderid as string;

  it('runs on the sandbox, and every kind has words for the sandbox to show', async () => {
    expect((await set.shop.app.inject({ url: '/api/messages/settings', headers: set.admin.auth })).json().provider).toBe('sandbox');
    expect((await set.shop.app.inject({ url: '/api/messages', headers: set.customer.auth })).statusCode).toBe(403);
    for (const kind of MESSAGE_KINDS) expect(messageText(kind, ['Asha', 'ABC123', 'Rs. 1', 'X1', 'https://t.example/X1'])).not.toMatch(/\{\{/);
  });

  it('shipping queues SHIPPED and OUT_FOR_DELIVERY once each, in its own transaction, and only for opted-in orders', async () => {
    const orderid = await cod(true);
    const quiet = await cod(false);
    for (const id of [orderid, quiet]) {
      const order = await findOrderByOrderId(set.shop.app.ctx.db, id);
      if (!order) throw new Error('order missing');
      await set.shop.app.ctx.db.transaction().execute(async (trx) => {
        await queueOrderMessage(trx, order, 'SHIPPED', { awb: 'AWB123456', trackingLink: 'https://track.example/AWB123456' });
        await queueOrderMessage(trx, order, 'OUT_FOR_DELIVERY');
        // A step run twice (a repeated webhook) queues nothing more.
        expect(await queueOrderMessage(trx, order, 'SHIPPED', { awb: 'AWB123456', trackingLink: 'https://track.example/AWB123456' })).toBe(0);
      });
    }
    // Rolled back with its transaction: no message.
    const order = await findOrderByOrderId(set.shop.app.ctx.db, orderid);
    await set.shop.app.ctx.db
      .transaction()
      .execute(async (trx) => {
        await queueOrderMessage(trx, order!, 'DELIVERED');
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const kinds = (await messagesOf(orderid)).map((m) => m.kind);
    expect(kinds.sort()).toEqual(['OUT_FOR_DELIVERY', 'PLACED', 'SHIPPED']);
    expect(await messagesOf(quiet)).toEqual([]);
    const shipped = (await messagesOf(orderid)).find((m) => m.kind === 'SHIPPED');
    expect(shipped?.text).toContain(`your order ${orderNumber(order!.id)} of ${formatRupees(order!.totalAmount)} has shipped with AWB AWB123456. Track it at https://track.example/AWB123456 any time.`);
    expect(await messaging(set.shop.app.ctx).worker.drain()).toBeGreaterThanOrEqual(3);
    expect((await messagesOf(orderid)).every((m) => m.status === 'SENT')).toBe(true);
  });

  it('delivered (with the review link when sent) and a processed refund message an opted-in online order', async () => {
    const placed = await createOrder(set.shop, set.customer, orderBody({ whatsappOptIn: true }));
    const orderid = placed.json().orderid as string;
    expect(await messagesOf(orderid)).toEqual([]);
    const pay = (await sandboxPay(set.shop, orderid)).json();
    expect((await confirm(set.shop, set.customer, { orderid, paymentid: pay.razorpay_payment_id, paymentsignature: pay.razorpay_signature })).statusCode).toBe(200);
    await sandboxWebhooksSettled(set.shop.app.ctx);
    expect((await messagesOf(orderid)).map((m) => m.kind)).toEqual(['PLACED']);

    const delivered = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'DELIVERED' } });
    expect(delivered.statusCode).toBe(200);
    const refund = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds`, headers: set.admin.auth, payload: { amount: 999, reason: 'One bottle arrived broken' } });
    expect(refund.statusCode).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, SANDBOX_REFUND_SETTLE_MS + 400));
    await sandboxWebhooksSettled(set.shop.app.ctx);
    const after = (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.customer.auth })).json();
    expect(after.refunds).toMatchObject([{ status: 'PROCESSED' }]);
    const messages = await messagesOf(orderid);
    expect(messages.map((m) => m.kind).sort()).toEqual(['DELIVERED', 'PLACED', 'REFUND_PROCESSED']);
    expect(messages.find((m) => m.kind === 'REFUND_PROCESSED')?.text).toContain('a refund of Rs. 999');
    await messaging(set.shop.app.ctx).worker.drain();
    const row = await set.shop.app.ctx.db.selectFrom('message_outbox').selectAll().where('orderid', '=', orderid).where('kind', '=', 'DELIVERED').executeTakeFirstOrThrow();
    expect(row.status).toBe('SENT');
  });
});
