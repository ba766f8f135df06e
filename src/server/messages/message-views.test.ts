import { expect, it } from 'vitest';
import { formatRupees } from '../../domain/display';
import type { MessageView } from '../../domain/messages-and-confirmation';
import { codOrder, orderBody, placePaidOnlineOrder } from '../../../tests/support/test-orders';
import { findOrderByOrderId } from '../orders/order-repository';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { messaging, queueOrderMessage } from './index';

// What the owner reads in the Messages tab, the order detail and GET /api/messages: the words the customer got or
// will get, with every value filled in, and whether a question is still open.
describeEachDatabase('the messages the owner reads', (dialect) => {
  const set = useTestShop(dialect);

  const messagesOf = async (orderid: string) => (await set.shop.app.inject({ url: `/api/messages?orderid=${orderid}`, headers: set.admin.auth })).json() as MessageView[];
  const ofKind = async (orderid: string, kind: string) => (await messagesOf(orderid)).find((m) => m.kind === kind);
  const drain = () => messaging(set.shop.app.ctx).worker.drain();
  const setStatus = (orderid: string, status: string) => set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status } });
  const setConfirmation = async (on: boolean) => {
    const current = (await set.shop.app.inject({ url: '/api/settings', headers: set.admin.auth })).json();
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings', headers: set.admin.auth, payload: { ...current, codConfirmation: on } })).statusCode).toBe(200);
  };
  const cod = async () => {
    const res = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', whatsappOptIn: true }));
    expect(res.statusCode).toBe(200);
    return res.json().orderid as string;
  };
  const outForDelivery = async (orderid: string) => {
    const order = await findOrderByOrderId(set.shop.app.ctx.db, orderid);
    if (!order) throw new Error('order missing');
    return set.shop.app.ctx.db.transaction().execute((trx) => queueOrderMessage(trx, order, 'OUT_FOR_DELIVERY'));
  };

  it('the delivered message shows the review link it will carry, and after sending the one it carried', async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, orderBody({ whatsappOptIn: true }));
    await drain();
    expect((await setStatus(orderid, 'DELIVERED')).statusCode).toBe(200);
    const queued = await ofKind(orderid, 'DELIVERED');
    expect(queued?.status).toBe('QUEUED');
    expect(queued?.text).not.toContain('{{');
    expect(queued?.text).toMatch(/Tell other customers how you liked it: http:\/\/localhost:\d+\/review\/\d+ Thank you/);

    await drain();
    const sent = await ofKind(orderid, 'DELIVERED');
    expect(sent?.status).toBe('SENT');
    expect(sent?.text).toBe(queued?.text);
    // The values sent are kept: the words shown are the customer's even if the order's lines change later.
    const row = await set.shop.app.ctx.db.selectFrom('message_outbox').select('params').where('orderid', '=', orderid).where('kind', '=', 'DELIVERED').executeTakeFirstOrThrow();
    expect(JSON.parse(row.params)).toHaveLength(4);
    expect(sent?.text).toContain(`liked it: ${JSON.parse(row.params)[3]} Thank you`);
    for (const m of await messagesOf(orderid)) expect(m.text, m.kind).not.toMatch(/\{\{|\(missing\)/);
  });

  it('out for delivery asks a cash on delivery customer to keep the amount ready, and tells a prepaid one nothing is due', async () => {
    const cash = await cod();
    const paid = await placePaidOnlineOrder(set.shop, set.customer, orderBody({ whatsappOptIn: true }));
    expect(await outForDelivery(cash)).toBe(1);
    expect(await outForDelivery(paid)).toBe(1);
    // One out-for-delivery message per order, whichever template it took.
    expect(await outForDelivery(paid)).toBe(0);

    const total = async (orderid: string) => formatRupees((await findOrderByOrderId(set.shop.app.ctx.db, orderid))!.totalAmount);
    const cashMessage = await ofKind(cash, 'OUT_FOR_DELIVERY');
    // A message that asks nothing has no answer to show.
    expect(cashMessage?.answer).toBeNull();
    expect(cashMessage?.text).toContain(`Please keep ${await total(cash)} ready to pay at the door.`);
    const paidMessages = (await messagesOf(paid)).filter((m) => m.kind.startsWith('OUT_FOR_DELIVERY'));
    expect(paidMessages.map((m) => m.kind)).toEqual(['OUT_FOR_DELIVERY_PREPAID']);
    expect(paidMessages[0]?.text).toContain(`You paid ${await total(paid)} online, so there is nothing to pay at the door.`);
    expect(paidMessages[0]?.text).not.toMatch(/keep .* ready/);

    await drain();
    expect((await ofKind(cash, 'OUT_FOR_DELIVERY'))?.template).toBe('out_for_delivery');
    expect((await ofKind(paid, 'OUT_FOR_DELIVERY_PREPAID'))?.template).toBe('out_for_delivery_prepaid');
  });

  it('a confirmation message is open while the customer may answer, then says how it ended', async () => {
    await setConfirmation(true);
    try {
      const [confirmed, cancelled, late, other, called, moved] = [await cod(), await cod(), await cod(), await cod(), await cod(), await cod()];
      await drain();
      const answerOf = async (orderid: string) => (await ofKind(orderid, 'COD_CONFIRMATION'))?.answer;
      expect(await answerOf(confirmed)).toBe('WAITING');
      const play = (orderid: string, button: string) => set.shop.app.inject({ method: 'POST', url: '/api/whatsapp/sandbox/reply', headers: set.admin.auth, payload: { orderid, button } });
      expect((await play(confirmed, 'CONFIRM')).statusCode).toBe(200);
      expect((await play(cancelled, 'CANCEL')).statusCode).toBe(200);
      expect(await answerOf(confirmed)).toBe('CONFIRMED');
      expect(await answerOf(cancelled)).toBe('CANCELLED');
      // The window ended: the customer's answer would be refused, so it is not offered.
      await set.shop.app.ctx.db.updateTable('orders').set({ confirm_by: new Date(Date.now() - 1000).toISOString() }).where('orderid', '=', late).execute();
      expect(await answerOf(late)).toBe('EXPIRED');
      // Cancelled by the owner before any answer ("Cancel: not wanted" after a call): not the customer's answer.
      const cancel = await set.shop.app.inject({ method: 'POST', url: `/api/order/${other}/confirm`, headers: set.admin.auth, payload: { answer: 'CANCEL' } });
      expect(cancel.statusCode).toBe(200);
      expect(await answerOf(other)).toBe('CANCELLED_BY_SHOP');
      // Confirmed by the owner after a call, or moved on without an answer: not the customer's answer either.
      const byCall = await set.shop.app.inject({ method: 'POST', url: `/api/order/${called}/confirm`, headers: set.admin.auth, payload: { answer: 'CONFIRM' } });
      expect(byCall.statusCode).toBe(200);
      expect(await answerOf(called)).toBe('CONFIRMED_BY_SHOP');
      const byStatus = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid: moved, status: 'READY' } });
      expect(byStatus.statusCode).toBe(200);
      expect(await answerOf(moved)).toBe('CONFIRMED_BY_SHOP');
    } finally {
      await setConfirmation(false);
    }
  });
});
