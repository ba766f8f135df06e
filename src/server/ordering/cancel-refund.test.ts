import { beforeAll, expect, it } from 'vitest';
import type { OrderStatus } from '../../domain/order-status';
import { displayOrderId } from '../../domain/display';
import { postSignedWebhook } from '../../../tests/support/gateway-events';
import { codOrder, orderBody, placePaidOnlineOrder, SUCCESS_CARD } from '../../../tests/support/test-orders';
import { reconcilePendingPayments } from './reconciliation';
import { gatewayFor } from '../payments/gateway-registry';
import { sandboxWebhooksSettled } from '../payments/sandbox/sandbox-routes';
import { SANDBOX_REFUND_SETTLE_MS } from '../payments/sandbox/sandbox-refunds';
import { setStock } from '../stock/stock-repository';
import { createTestUser, describeEachDatabase, useTestShop, type TestUser } from '../../../tests/support/test-shop';
import { recordRefund } from './refund-service';

const COW = 'A2 Desi Cow Ghee';
const REFUNDS_FAIL_CARD = { ...SUCCESS_CARD, number: '5555 5555 5555 4444' };
const settle = () => new Promise((resolve) => setTimeout(resolve, SANDBOX_REFUND_SETTLE_MS + 400));

describeEachDatabase('cancelling and refunding orders', (dialect) => {
  const set = useTestShop(dialect);
  let cowId: number;
  beforeAll(async () => {
    cowId = (await set.shop.app.ctx.db.selectFrom('products').select('id').where('name', '=', COW).executeTakeFirstOrThrow()).id;
  });

  const cowBody = (mode: 'ONLINE' | 'CASHONDELIVERY', itemQty = 2) =>
    orderBody({ paymentmode: mode, items: [{ name: COW, quantity: 500, itemQty, finalPrice: 1019 }], totalAmount: 1019 * itemQty });
  const cancel = (who: TestUser, orderid: string, reason = 'Ordered by mistake') =>
    set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: who.auth, payload: { reason } });
  const refund = (orderid: string, amount: number, reason = 'One bottle arrived broken') =>
    set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds`, headers: set.admin.auth, payload: { amount, reason } });
  const stockNow = async () =>
    (await set.shop.app.ctx.db.selectFrom('stock_levels').select('stock').where('product_id', '=', cowId).where('size_ml', '=', 500).executeTakeFirstOrThrow()).stock;
  const status = (orderid: string, s: OrderStatus) => set.shop.app.ctx.db.updateTable('orders').set({ status: s }).where('orderid', '=', orderid).execute();
  const paidOnline = (card = SUCCESS_CARD, itemQty = 2) => placePaidOnlineOrder(set.shop, set.customer, cowBody('ONLINE', itemQty), card);
  // The admin list says how much of each order was refunded, so the dashboard needs no call per order.
  const listed = async (orderid: string) => (await set.shop.app.inject({ url: `/api/order/admin?q=${displayOrderId(orderid)}`, headers: set.admin.auth })).json();
  const mailsOf = async (kind: string) =>
    Number((await set.shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', kind).executeTakeFirstOrThrow()).n);

  it('a customer cancels their COD order in preparation: bottles back, status mail queued, twice harmless, never moves again', async () => {
    await setStock(set.shop.app.ctx.db, cowId, 500, 10);
    const orderid = (await codOrder(set.shop, set.customer, cowBody('CASHONDELIVERY'))).json().orderid as string;
    expect(await stockNow()).toBe(8);
    const statusMails = await mailsOf('status-mail');
    expect((await cancel(set.customer, orderid, 'I just changed my mind')).statusCode).toBe(400);
    const res = await cancel(set.customer, orderid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderid, status: 'CANCELLED', refunds: [] });
    expect(await stockNow()).toBe(10);
    expect(await mailsOf('status-mail')).toBe(statusMails + 1);
    const again = await cancel(set.customer, orderid);
    expect(again.statusCode).toBe(200);
    expect(await stockNow()).toBe(10);
    expect(await mailsOf('status-mail')).toBe(statusMails + 1);
    const move = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'READY' } });
    expect(move.statusCode).toBe(409);
    expect((await set.shop.app.ctx.db.selectFrom('orders').select('status').where('orderid', '=', orderid).executeTakeFirstOrThrow()).status).toBe('CANCELLED');
    const other = await createTestUser(set.shop);
    expect((await cancel(other, (await codOrder(set.shop, set.customer, cowBody('CASHONDELIVERY'))).json().orderid as string)).statusCode).toBe(404);
    const audit = await set.shop.app.ctx.db.selectFrom('audit_log').select('action').where('target', '=', orderid).execute();
    expect(audit.map((a) => a.action)).toContain('order.cancel');
  });

  it('ten cancels of a paid order at once (a double submit): every one answers the cancelled order, one refund, one mail', async () => {
    const orderid = await paidOnline();
    const statusMails = await mailsOf('status-mail');
    const refundMails = await mailsOf('refund');
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(set.customer, orderid)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ orderid, status: 'CANCELLED' });
    }
    const refunds = await set.shop.app.ctx.db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.amount').where('o.orderid', '=', orderid).execute();
    expect(refunds).toEqual([{ amount: 2038 }]);
    expect(await mailsOf('status-mail')).toBe(statusMails + 1);
    expect(await mailsOf('refund')).toBe(refundMails + 1);
  });

  it('a customer cannot cancel once the order is ready; an admin can, but not a delivered one', async () => {
    const orderid = (await codOrder(set.shop, set.customer, cowBody('CASHONDELIVERY'))).json().orderid as string;
    await status(orderid, 'READY');
    expect((await cancel(set.customer, orderid)).statusCode).toBe(409);
    expect((await cancel(set.admin, orderid, 'Customer called: wrong address')).json()).toMatchObject({ status: 'CANCELLED' });
    const delivered = (await codOrder(set.shop, set.customer, cowBody('CASHONDELIVERY'))).json().orderid as string;
    await status(delivered, 'DELIVERED');
    expect((await cancel(set.admin, delivered, 'Too late')).statusCode).toBe(409);
  });

  it('an order delivered and then set back to preparation by the admin cannot be cancelled, by anyone, and is refunded instead', async () => {
    await setStock(set.shop.app.ctx.db, cowId, 500, 10);
    const setStatus = (orderid: string, to: OrderStatus) =>
      set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: to } });
    const cod = (await codOrder(set.shop, set.customer, cowBody('CASHONDELIVERY'))).json().orderid as string;
    const paid = await paidOnline();
    for (const orderid of [cod, paid]) expect((await setStatus(orderid, 'DELIVERED')).statusCode).toBe(200);
    const partly = await refund(paid, 600);
    expect(partly.statusCode, partly.body).toBe(200);
    for (const orderid of [cod, paid]) {
      expect((await setStatus(orderid, 'PREPARATION')).statusCode).toBe(200);
      const byCustomer = await cancel(set.customer, orderid);
      expect(byCustomer.statusCode).toBe(409);
      expect(byCustomer.json().message).toMatch(/has been delivered/);
      const byAdmin = await cancel(set.admin, orderid, 'Wrong status picked');
      expect(byAdmin.statusCode).toBe(409);
      expect(byAdmin.json().message).toMatch(/was delivered on .* refund it instead/);
    }
    // The screens are told, so they offer a refund where Cancel was, and the refund the 409 points at is taken.
    const mine = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; deliveredAt: string | null }[];
    for (const orderid of [cod, paid]) expect(mine.find((o) => o.orderid === orderid)?.deliveredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const answer = await set.shop.app.inject({ url: `/api/order/${paid}/refunds`, headers: set.admin.auth });
    expect(answer.json()).toMatchObject({ status: 'PREPARATION', deliveredAt: mine.find((o) => o.orderid === paid)?.deliveredAt });
    const rest = await refund(paid, 100, 'Set back by mistake; one more bottle broken');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await stockNow()).toBe(6);
    const rows = await set.shop.app.ctx.db.selectFrom('orders').select(['status', 'refunded_amount']).where('orderid', 'in', [cod, paid]).execute();
    expect(rows.map((r) => r.status)).toEqual(['PREPARATION', 'PREPARATION']);
    expect(rows.reduce((sum, r) => sum + r.refunded_amount, 0)).toBe(700);
    // Set back once more and delivered again, the first delivery is the one kept.
    const first = (await set.shop.app.ctx.db.selectFrom('orders').select('delivered_at').where('orderid', '=', cod).executeTakeFirstOrThrow()).delivered_at;
    expect(first).not.toBeNull();
    expect((await setStatus(cod, 'DELIVERED')).statusCode).toBe(200);
    expect((await set.shop.app.ctx.db.selectFrom('orders').select('delivered_at').where('orderid', '=', cod).executeTakeFirstOrThrow()).delivered_at).toBe(first);
  });

  it('cancelling a paid online order refunds it in full: pending, then processed by the signed webhook, applied once', async () => {
    const orderid = await paidOnline();
    const res = await cancel(set.customer, orderid);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', refunds: [{ amount: 2038, status: 'PENDING' }] });
    await settle();
    await sandboxWebhooksSettled(set.shop.app.ctx);
    const after = (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.customer.auth })).json();
    expect(after.refunds).toMatchObject([{ amount: 2038, status: 'PROCESSED' }]);
    expect(await mailsOf('refund')).toBeGreaterThanOrEqual(1);
    const mail = await set.shop.app.ctx.db.selectFrom('mail_outbox').select('text_body').where('kind', '=', 'refund').where('to_address', '=', set.customer.email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('5-7 working days');
    // A replayed webhook (same event) and a new one for the same refund change nothing and refund nothing more.
    const events = await set.shop.app.ctx.db.selectFrom('gateway_events').select(['event_id', 'payload']).where('event_type', '=', 'refund.processed').execute();
    expect(events.length).toBeGreaterThanOrEqual(1);
    const secret = await set.shop.app.ctx.db.selectFrom('app_meta').select('value').where('key', '=', 'sandbox_webhook_secret').executeTakeFirstOrThrow();
    const event = events[0]!;
    for (const id of [event.event_id, 'evt_ReplayedRefund1']) {
      const replay = await postSignedWebhook(set.shop, secret.value, event.payload, id);
      expect(replay.statusCode).toBe(200);
    }
    const { paymentid } = await set.shop.app.ctx.db.selectFrom('orders').select('paymentid').where('orderid', '=', orderid).executeTakeFirstOrThrow();
    expect(await set.shop.app.ctx.db.selectFrom('sandbox_refunds').select('amount').where('payment_id', '=', paymentid).execute()).toEqual([{ amount: 203800 }]);
    expect((await set.shop.app.ctx.db.selectFrom('orders').select('refunded_amount').where('orderid', '=', orderid).executeTakeFirstOrThrow()).refunded_amount).toBe(2038);
    expect(await listed(orderid)).toMatchObject([{ orderid, status: 'CANCELLED', refundedAmount: 2038 }]);
  }, 60_000);

  it('an admin refunds part of a delivered order, never above what is left; a failed refund is retried', async () => {
    const orderid = await paidOnline(SUCCESS_CARD, 3);
    expect((await refund(orderid, 500)).statusCode).toBe(409);
    await status(orderid, 'DELIVERED');
    expect((await refund(orderid, 4000)).json().error).toBe('REFUND_TOO_LARGE');
    expect((await refund(orderid, 1019)).json().refunds).toMatchObject([{ amount: 1019, status: 'PENDING' }]);
    const both = await Promise.all([refund(orderid, 2000), refund(orderid, 2000)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await set.shop.app.ctx.db.selectFrom('orders').select('refunded_amount').where('orderid', '=', orderid).executeTakeFirstOrThrow()).refunded_amount).toBe(3019);
    expect(await listed(orderid)).toMatchObject([{ orderid, status: 'DELIVERED', refundedAmount: 3019 }]);

    const failing = await paidOnline(REFUNDS_FAIL_CARD, 1);
    await status(failing, 'DELIVERED');
    const first = (await refund(failing, 1019)).json().refunds[0];
    await settle();
    await sandboxWebhooksSettled(set.shop.app.ctx);
    expect((await set.shop.app.inject({ url: `/api/order/${failing}/refunds`, headers: set.admin.auth })).json().refunds).toMatchObject([{ status: 'FAILED' }]);
    // The failed amount may be refunded again.
    expect((await set.shop.app.ctx.db.selectFrom('orders').select('refunded_amount').where('orderid', '=', failing).executeTakeFirstOrThrow()).refunded_amount).toBe(0);
    expect(await listed(failing)).toMatchObject([{ orderid: failing, refundedAmount: 0 }]);
    // Under another order's address the refund is not found, and nothing is asked of the gateway.
    const elsewhere = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${first.refundId}/retry`, headers: set.admin.auth });
    expect(elsewhere.statusCode).toBe(404);
    expect((await set.shop.app.inject({ url: `/api/order/${failing}/refunds`, headers: set.admin.auth })).json().refunds).toMatchObject([{ status: 'FAILED' }]);
    const retry = await set.shop.app.inject({ method: 'POST', url: `/api/order/${failing}/refunds/${first.refundId}/retry`, headers: set.admin.auth });
    expect(retry.json().refunds).toMatchObject([{ refundId: first.refundId, status: 'PENDING' }]);
    expect((await set.shop.app.inject({ method: 'POST', url: `/api/order/${failing}/refunds/${first.refundId}/retry`, headers: set.admin.auth })).statusCode).toBe(409);
  }, 60_000);

  it('a crash between the refund row and the gateway call is finished once by reconciliation, never doubled', async () => {
    const orderid = await paidOnline();
    await status(orderid, 'DELIVERED');
    const row = await set.shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirstOrThrow();
    // The process "dies" right after committing the row: the gateway is never asked.
    const lost = await set.shop.app.ctx.db.transaction().execute((trx) => recordRefund(set.shop.app.ctx, trx, row, { amount: 1000, reason: 'crash test', actorUserId: set.admin.id }));
    // And one where the gateway was asked but the answer was never stored.
    const unstored = await set.shop.app.ctx.db.transaction().execute((trx) => recordRefund(set.shop.app.ctx, trx, row, { amount: 1038, reason: 'crash test 2', actorUserId: set.admin.id }));
    await gatewayFor(set.shop.app.ctx).refund(row.paymentid, 103800, { shop_refund_id: unstored });
    const later = new Date(Date.now() + 3 * 60_000);
    const first = await reconcilePendingPayments(set.shop.app.ctx, { now: later });
    expect(first.refunds?.sent).toBe(1);
    expect(first.refunds?.completed).toBeGreaterThanOrEqual(1);
    const second = await reconcilePendingPayments(set.shop.app.ctx, { now: later });
    expect(second.refunds?.sent).toBe(0);
    const atGateway = await set.shop.app.ctx.db.selectFrom('sandbox_refunds').select('notes').where('payment_id', '=', row.paymentid).execute();
    expect(atGateway.map((r) => JSON.parse(r.notes).shop_refund_id).sort()).toEqual([lost, unstored].sort());
  }, 60_000);
});
