import { beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { formatShopDateTime } from '../../domain/display';
import { NOT_CONFIRMED_REASON } from '../../domain/messages-and-confirmation';
import type { CreateOrderBody } from '../../domain/schemas/order';
import { messaging } from '../messages/index';
import { setStock } from '../stock/stock-repository';
import { createTestUser, describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { codOrder, createOrder, orderBody, orderRow } from '../../../tests/support/test-orders';
import { expireUnconfirmedOrders } from './workflows/confirm-cod-order';

const COW = 'A2 Desi Cow Ghee';

describeEachDatabase('COD confirmation and WhatsApp opt-in', (dialect) => {
  const set = useTestShop(dialect);
  let cowId: number;
  beforeAll(async () => {
    cowId = (await set.shop.app.ctx.db.selectFrom('products').select('id').where('name', '=', COW).executeTakeFirstOrThrow()).id;
  });

  const settings = async (over: Record<string, unknown>) => {
    const current = (await set.shop.app.inject({ url: '/api/settings', headers: set.admin.auth })).json();
    const res = await set.shop.app.inject({ method: 'PUT', url: '/api/settings', headers: set.admin.auth, payload: { ...current, ...over } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const cowBody = (over: Partial<CreateOrderBody> = {}) =>
    orderBody({ paymentmode: 'CASHONDELIVERY', items: [{ name: COW, quantity: 500, itemQty: 2, finalPrice: 1019 }], totalAmount: 2038, ...over });
  const placeCod = async (over: Partial<CreateOrderBody> = {}, who = set.customer) => {
    const res = await codOrder(set.shop, who, cowBody(over));
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const answer = (orderid: string, payload: object, headers: Record<string, string> = {}) =>
    set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/confirm`, headers, payload });
  /** The token of the link in the customer's placed mail. */
  const mailedToken = async (orderid: string) => {
    const mail = await set.shop.app.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', '=', 'order-placed')
      .where('text_body', 'like', `%/confirm/${orderid}?t=%`)
      .executeTakeFirstOrThrow();
    // A path of the app (decision 072), not an old hash route.
    const match = new RegExp(`${set.shop.config.PUBLIC_URL}/confirm/${orderid}\\?t=([A-Za-z0-9_-]+)`).exec(mail.text_body);
    return match?.[1] as string;
  };
  const messagesOf = async (orderid: string) => (await set.shop.app.inject({ url: `/api/messages?orderid=${orderid}`, headers: set.admin.auth })).json();
  const stockNow = async () =>
    (await set.shop.app.ctx.db.selectFrom('stock_levels').select('stock').where('product_id', '=', cowId).where('size_ml', '=', 500).executeTakeFirstOrThrow()).stock;

  it('is off by default: a COD order needs no confirmation, and without opt-in gets no message', async () => {
    const current = (await set.shop.app.inject({ url: '/api/settings', headers: set.admin.auth })).json();
    expect(current).toMatchObject({ codConfirmation: false, codConfirmHours: 24 });
    const order = await placeCod();
    expect(order).toMatchObject({ confirmation: null, confirmBy: null, whatsappOptIn: false });
    expect(await messagesOf(order.orderid)).toEqual([]);
    const mine = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json();
    expect(mine.find((o: { orderid: string }) => o.orderid === order.orderid)).toMatchObject({ confirmation: null, whatsappOptIn: false });
    // Turned on, the hours are checked.
    const bad = await set.shop.app.inject({ method: 'PUT', url: '/api/settings', headers: set.admin.auth, payload: { ...current, codConfirmHours: 0 } });
    expect(bad.statusCode).toBe(400);
  });

  it('with confirmation on, an opted-in COD order waits, is asked on WhatsApp and by the mailed link, and the link confirms it', async () => {
    await settings({ codConfirmation: true, codConfirmHours: 12 });
    const order = await placeCod({ whatsappOptIn: true });
    expect(order).toMatchObject({ confirmation: 'PENDING', whatsappOptIn: true });
    const row = await orderRow(set.shop, order.orderid);
    // The answer carries the end of the window, so the success page can say it without reading the browser's clock.
    expect(order.confirmBy).toBe(row.confirm_by);
    // And so does the customer's own list, built by the database.
    const mine = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; confirmBy: string | null }[];
    expect(mine.find((o) => o.orderid === order.orderid)?.confirmBy).toBe(row.confirm_by);
    const hours = (Date.parse(row.confirm_by as string) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    const [message] = await messagesOf(order.orderid);
    expect(message).toMatchObject({ orderid: order.orderid, to: '+919876543210', kind: 'COD_CONFIRMATION', status: 'QUEUED', buttons: ['Confirm', 'Cancel'] });
    expect(await messaging(set.shop.app.ctx).worker.drain()).toBeGreaterThanOrEqual(1);
    expect((await messagesOf(order.orderid))[0]).toMatchObject({ status: 'SENT', template: 'cod_confirmation' });

    const token = await mailedToken(order.orderid);
    // The deadline in the mail is the customer's clock (India), not UTC.
    const placedMail = await set.shop.app.ctx.db.selectFrom('mail_outbox').select('text_body').where('kind', '=', 'order-placed').where('text_body', 'like', `%/confirm/${order.orderid}?t=%`).executeTakeFirstOrThrow();
    expect(placedMail.text_body).toContain(`Without an answer it is cancelled on ${formatShopDateTime(row.confirm_by as string)}.`);
    expect(placedMail.text_body).not.toContain('UTC');
    // Another order's token, a made-up one, or none while signed out: refused (signed in: customer-confirmation.test.ts).
    const other = await placeCod();
    expect((await answer(order.orderid, { answer: 'CONFIRM', token: await mailedToken(other.orderid) })).statusCode).toBe(403);
    expect((await answer(order.orderid, { answer: 'CONFIRM', token: 'x'.repeat(43) })).statusCode).toBe(403);
    expect((await answer(order.orderid, { answer: 'CONFIRM' })).statusCode).toBe(401);
    expect((await answer(order.orderid, { answer: 'MAYBE', token })).statusCode).toBe(400);
    // A link to no order says so without echoing the gateway-style id it carried.
    const nowhere = await set.shop.app.inject({ url: `/api/order/order_NoSuchOrder123/confirm?token=${token}` });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().message).toMatch(/^This link does not lead to an order/);
    expect(nowhere.json().message).not.toContain('order_NoSuchOrder123');

    const preview = await set.shop.app.inject({ url: `/api/order/${order.orderid}/confirm?token=${token}` });
    expect(preview.json()).toMatchObject({ orderid: order.orderid, confirmation: 'PENDING', open: true, totalAmount: 2038 });
    const confirmed = await answer(order.orderid, { answer: 'CONFIRM', token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ orderid: order.orderid, confirmation: 'CONFIRMED', confirmBy: null, status: 'PREPARATION' });
    // Twice is harmless; cancelling a confirmed order is for Your Orders.
    expect((await answer(order.orderid, { answer: 'CONFIRM', token })).json()).toMatchObject({ confirmation: 'CONFIRMED' });
    const late = await answer(order.orderid, { answer: 'CANCEL', token });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/use Cancel order in Your Orders/);
  });

  it('cancel by the link and by the owner give the bottles and the coupon use back; the owner may confirm after a call', async () => {
    await settings({ codConfirmation: true, codConfirmHours: 24 });
    await setStock(set.shop.app.ctx.db, cowId, 500, 20);
    const coupon = { code: `CALLME${dialect.toUpperCase()}`, kind: 'FLAT', value: 100, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses: 2, perCustomer: null, firstOrderOnly: false, active: true };
    expect((await set.shop.app.inject({ method: 'POST', url: '/api/coupons', headers: set.admin.auth, payload: coupon })).statusCode).toBe(201);
    const quote = (await set.shop.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: set.customer.auth, payload: { ...cowBody(), coupon: coupon.code } })).json();
    const withCoupon = () => placeCod({ coupon: coupon.code, totalAmount: quote.total });
    const used = async () => (await set.shop.app.inject({ url: '/api/coupons', headers: set.admin.auth })).json().find((c: { code: string }) => c.code === coupon.code).used;

    const first = await withCoupon();
    const second = await withCoupon();
    expect(await stockNow()).toBe(16);
    expect(await used()).toBe(2);
    const statusMails = async () => Number((await set.shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'status-mail').executeTakeFirstOrThrow()).n);
    const mailsBefore = await statusMails();

    const cancelled = await answer(first.orderid, { answer: 'CANCEL', token: await mailedToken(first.orderid) });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', confirmation: null });
    expect(await stockNow()).toBe(18);
    expect(await used()).toBe(1);
    expect(await statusMails()).toBe(mailsBefore + 1);
    // The same answer again changes nothing more.
    expect((await answer(first.orderid, { answer: 'CANCEL', token: await mailedToken(first.orderid) })).statusCode).toBe(200);
    expect(await stockNow()).toBe(18);

    const byOwner = await answer(second.orderid, { answer: 'CANCEL' }, set.admin.auth);
    expect(byOwner.json()).toMatchObject({ status: 'CANCELLED' });
    expect(await stockNow()).toBe(20);
    expect(await used()).toBe(0);

    const third = await placeCod();
    expect((await answer(third.orderid, { answer: 'CONFIRM' }, set.admin.auth)).json()).toMatchObject({ confirmation: 'CONFIRMED' });
    // A status change by the owner counts as confirming.
    const fourth = await placeCod();
    const moved = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid: fourth.orderid, status: 'READY' } });
    expect(moved.statusCode).toBe(200);
    expect((await orderRow(set.shop, fourth.orderid)).confirmation).toBe('CONFIRMED');
    // Both are the shop's confirmations, counted apart from the customers' answers.
    for (const o of [third, fourth]) expect((await orderRow(set.shop, o.orderid)).confirmation_result).toBe('CONFIRMED_BY_SHOP');
    // Online orders never wait.
    const online = await createOrder(set.shop, set.customer, orderBody());
    expect((await orderRow(set.shop, online.json().orderid)).confirmation).toBeNull();
  });

  it('expiry cancels an unconfirmed order "Not confirmed" with stock and coupon use back; the link then says it expired', async () => {
    await settings({ codConfirmation: true, codConfirmHours: 1 });
    await setStock(set.shop.app.ctx.db, cowId, 500, 10);
    const order = await placeCod();
    const answered = await placeCod();
    const token = await mailedToken(order.orderid);
    expect(await stockNow()).toBe(6);
    expect((await answer(answered.orderid, { answer: 'CONFIRM', token: await mailedToken(answered.orderid) })).statusCode).toBe(200);
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await expireUnconfirmedOrders(set.shop.app.ctx, new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(await expireUnconfirmedOrders(set.shop.app.ctx, later)).toBeGreaterThanOrEqual(1);
    const row = await orderRow(set.shop, order.orderid);
    expect(row).toMatchObject({ status: 'CANCELLED', cancel_reason: NOT_CONFIRMED_REASON, confirmation: null, confirmation_result: 'EXPIRED' });
    expect((await orderRow(set.shop, answered.orderid)).status).toBe('PREPARATION');
    expect(await stockNow()).toBe(8);
    expect(await expireUnconfirmedOrders(set.shop.app.ctx, later)).toBe(0);
    expect(await stockNow()).toBe(8);
    expect((await answer(order.orderid, { answer: 'CONFIRM', token })).statusCode).toBe(409);
    // Cancel asked of an order already cancelled another way is what the customer wanted: the order as it is.
    const lateCancel = await answer(order.orderid, { answer: 'CANCEL', token });
    expect(lateCancel.statusCode, lateCancel.body).toBe(200);
    expect(lateCancel.json()).toMatchObject({ status: 'CANCELLED' });
    expect(await stockNow()).toBe(8);
  });

  it('a waiting order cancelled from Your Orders or the order page stops waiting; the expiry is never held back', async () => {
    await settings({ codConfirmation: true, codConfirmHours: 1 });
    await setStock(set.shop.app.ctx.db, cowId, 500, 20);
    const cancel = (orderid: string, headers: Record<string, string>) =>
      set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers, payload: { reason: 'Ordered by mistake' } });
    const [mine, owners, real] = [await placeCod(), await placeCod(), await placeCod()];
    const toConfirm = async () => (await set.shop.app.inject({ url: '/api/admin/overview', headers: set.admin.auth })).json().codConfirmation.toConfirm as number;
    const waitingBefore = await toConfirm();
    expect((await cancel(mine.orderid, set.customer.auth)).json()).toMatchObject({ status: 'CANCELLED', confirmation: null });
    expect((await cancel(owners.orderid, set.admin.auth)).json()).toMatchObject({ status: 'CANCELLED', confirmation: null });
    expect(await orderRow(set.shop, mine.orderid)).toMatchObject({ confirmation: null, confirmation_result: 'CANCELLED', cancelled_by: 'CUSTOMER' });
    expect(await orderRow(set.shop, owners.orderid)).toMatchObject({ confirmation: null, confirmation_result: 'CANCELLED', cancelled_by: 'ADMIN' });
    expect(await toConfirm()).toBe(waitingBefore - 2);
    // A cancelled order left waiting by an older version, due first: a batch of one still reaches the real one.
    await set.shop.app.ctx.db.updateTable('orders').set({ confirmation: 'PENDING', confirm_by: new Date(Date.now() - 60_000).toISOString() }).where('orderid', '=', mine.orderid).execute();
    expect(await expireUnconfirmedOrders(set.shop.app.ctx, new Date(Date.now() + 2 * 3_600_000), 1)).toBe(1);
    expect(await orderRow(set.shop, real.orderid)).toMatchObject({ status: 'CANCELLED', confirmation_result: 'EXPIRED' });
  });

  it('shipping a waiting order counts as the owner confirming it: the expiry and a late cancel leave the parcel alone', async () => {
    await settings({ codConfirmation: true, codConfirmHours: 1 });
    await expireUnconfirmedOrders(set.shop.app.ctx, new Date(Date.now() + 48 * 3_600_000));
    const business = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS });
    expect(business.statusCode).toBe(200);
    const order = await placeCod();
    const token = await mailedToken(order.orderid);
    expect((await orderRow(set.shop, order.orderid)).confirmation).toBe('PENDING');
    const shipped = await set.shop.app.inject({ method: 'POST', url: `/api/order/${order.orderid}/shipment`, headers: set.admin.auth, payload: { mode: 'MANUAL', courier: 'Blue Dart', awb: 'BD123456789' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'READY', confirmation: 'CONFIRMED' });
    expect(await expireUnconfirmedOrders(set.shop.app.ctx, new Date(Date.now() + 2 * 3_600_000))).toBe(0);
    const lateCancel = await answer(order.orderid, { answer: 'CANCEL', token });
    expect(lateCancel.statusCode).toBe(409);
    // Your Orders offers no Cancel on a parcel with the courier: the link does not send the customer there.
    expect(lateCancel.json().message).toBe('This order is already confirmed and on its way, so it can no longer be cancelled here. Please call us and we will help.');
    expect(await orderRow(set.shop, order.orderid)).toMatchObject({ status: 'READY', confirmation: 'CONFIRMED' });
  });

  it('a confirm and a cancel racing: exactly one wins and the bottles come back at most once', async () => {
    await settings({ codConfirmation: true, codConfirmHours: 24 });
    // Orders left waiting by the tests above expire first, so the bottles counted here are this test's.
    await expireUnconfirmedOrders(set.shop.app.ctx, new Date(Date.now() + 48 * 3_600_000));
    await setStock(set.shop.app.ctx.db, cowId, 500, 10);
    for (let round = 0; round < 3; round += 1) {
      const order = await placeCod();
      const token = await mailedToken(order.orderid);
      const results = await Promise.all([
        answer(order.orderid, { answer: 'CONFIRM', token }),
        answer(order.orderid, { answer: 'CANCEL', token }),
        answer(order.orderid, { answer: 'CANCEL' }, set.admin.auth),
        expireUnconfirmedOrders(set.shop.app.ctx, new Date(Date.now() + 48 * 3_600_000)),
      ]);
      const row = await orderRow(set.shop, order.orderid);
      const codes = results.slice(0, 3).map((r) => (typeof r === 'number' ? r : r.statusCode));
      expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
      if (row.status === 'CANCELLED') expect(await stockNow()).toBe(10);
      else {
        expect(row.confirmation).toBe('CONFIRMED');
        expect(await stockNow()).toBe(8);
        await setStock(set.shop.app.ctx.db, cowId, 500, 10);
      }
    }
  });

  it('the sandbox reply confirms by button, and STOP stops every later message', async () => {
    await settings({ codConfirmation: true, codConfirmHours: 24 });
    const buyer = await createTestUser(set.shop);
    const order = await placeCod({ whatsappOptIn: true, mobilenumber: '9123456780' }, buyer);
    const reply = (payload: object, headers = set.admin.auth) => set.shop.app.inject({ method: 'POST', url: '/api/whatsapp/sandbox/reply', headers, payload });
    expect((await reply({ orderid: order.orderid, button: 'CONFIRM' }, buyer.auth)).statusCode).toBe(403);
    expect((await reply({ orderid: 'order_nothingsent', button: 'CONFIRM' })).statusCode).toBe(404);
    expect((await reply({ orderid: order.orderid, button: 'CONFIRM' })).statusCode).toBe(200);
    expect((await orderRow(set.shop, order.orderid)).confirmation).toBe('CONFIRMED');

    const second = await placeCod({ whatsappOptIn: true, mobilenumber: '9123456780' }, buyer);
    expect(await messagesOf(second.orderid)).toHaveLength(1);
    expect((await reply({ orderid: second.orderid, button: 'STOP' })).statusCode).toBe(200);
    expect((await orderRow(set.shop, second.orderid)).whatsapp_opt_in).toBe(0);
    expect((await set.shop.app.inject({ url: '/api/account/whatsapp', headers: buyer.auth })).json()).toEqual({ whatsappOptIn: false });
    const delivered = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid: order.orderid, status: 'DELIVERED' } });
    expect(delivered.statusCode).toBe(200);
    expect((await messagesOf(order.orderid)).map((m: { kind: string }) => m.kind)).toEqual(['COD_CONFIRMATION']);

    // The profile's switch: on for the account, off stops its orders' messages too.
    const on = await set.shop.app.inject({ method: 'PUT', url: '/api/account/whatsapp', headers: buyer.auth, payload: { whatsappOptIn: true } });
    expect(on.json()).toEqual({ whatsappOptIn: true });
  });

  it('turning the profile switch off stops an order ticked at checkout though the account never opted in', async () => {
    await settings({ codConfirmation: false });
    const buyer = await createTestUser(set.shop);
    const other = await createTestUser(set.shop);
    const ticked = await placeCod({ whatsappOptIn: true, mobilenumber: '9123456781' }, buyer);
    const othersOrder = await placeCod({ whatsappOptIn: true, mobilenumber: '9123456782' }, other);
    // Ticking at checkout is that order's answer, not the account's.
    expect((await set.shop.app.inject({ url: '/api/account/whatsapp', headers: buyer.auth })).json()).toEqual({ whatsappOptIn: false });
    const mine = (await set.shop.app.inject({ url: '/api/order', headers: buyer.auth })).json() as { orderid: string; whatsappOptIn: boolean }[];
    expect(mine.find((o) => o.orderid === ticked.orderid)?.whatsappOptIn).toBe(true);

    const off = await set.shop.app.inject({ method: 'PUT', url: '/api/account/whatsapp', headers: buyer.auth, payload: { whatsappOptIn: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ whatsappOptIn: false });
    expect((await orderRow(set.shop, ticked.orderid)).whatsapp_opt_in).toBe(0);
    const after = (await set.shop.app.inject({ url: '/api/order', headers: buyer.auth })).json() as { orderid: string; whatsappOptIn: boolean }[];
    expect(after.find((o) => o.orderid === ticked.orderid)?.whatsappOptIn).toBe(false);
    // Another account's order is its own.
    expect((await orderRow(set.shop, othersOrder.orderid)).whatsapp_opt_in).toBe(1);

    // The order's later news is not sent.
    const before = (await messagesOf(ticked.orderid)).length;
    const ready = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid: ticked.orderid, status: 'DELIVERED' } });
    expect(ready.statusCode).toBe(200);
    expect(await messagesOf(ticked.orderid)).toHaveLength(before);
  });

  it('the admin lists the COD orders to confirm, and the overview counts how confirmations ended', async () => {
    await settings({ codConfirmation: true, codConfirmHours: 24 });
    const waiting = await placeCod();
    const list = await set.shop.app.inject({ url: '/api/order/admin?confirmation=PENDING', headers: set.admin.auth });
    expect(list.statusCode).toBe(200);
    const orders = list.json() as { orderid: string; confirmation: string }[];
    expect(orders.map((o) => o.orderid)).toContain(waiting.orderid);
    expect(orders.every((o) => o.confirmation === 'PENDING')).toBe(true);
    expect(Number(list.headers['x-total-count'])).toBe(orders.length);
    expect((await set.shop.app.inject({ url: '/api/order/admin?confirmation=DONE', headers: set.admin.auth })).statusCode).toBe(400);
    const overview = (await set.shop.app.inject({ url: '/api/admin/overview', headers: set.admin.auth })).json();
    expect(overview.codConfirmation.toConfirm).toBe(orders.length);
    const ended = await set.shop.app.ctx.db.selectFrom('orders').select(['confirmation_result', 'cancelled_by']).where('confirmation_result', 'is not', null).execute();
    const counted = (result: string, byShop?: boolean) => ended.filter((r) => r.confirmation_result === result && (byShop === undefined || (r.cancelled_by === 'ADMIN') === byShop)).length;
    expect(overview.codConfirmation).toMatchObject({
      confirmed: counted('CONFIRMED'),
      confirmedByShop: counted('CONFIRMED_BY_SHOP'),
      cancelled: counted('CANCELLED', false),
      cancelledByShop: counted('CANCELLED', true),
    });
    expect(overview.codConfirmation.confirmed).toBeGreaterThanOrEqual(1);
    expect(overview.codConfirmation.confirmedByShop).toBeGreaterThanOrEqual(2);
    expect(overview.codConfirmation.cancelled).toBeGreaterThanOrEqual(1);
    expect(overview.codConfirmation.cancelledByShop).toBeGreaterThanOrEqual(1);
    expect(overview.codConfirmation.expired).toBeGreaterThanOrEqual(1);
  });
});
