import { beforeAll, expect, it } from 'vitest';
import type { CreateOrderBody } from '../../domain/schemas/order';
import { setStock } from '../stock/stock-repository';
import { createTestUser, describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { codOrder, orderBody, orderRow } from '../../../tests/support/test-orders';
import { expireUnconfirmedOrders } from './workflows/confirm-cod-order';

const COW = 'A2 Desi Cow Ghee';
const FAR_AHEAD = () => new Date(Date.now() + 48 * 3_600_000);

// Your Orders' "Confirm my order": the order's own customer, signed in, answers without the mailed link's token.
describeEachDatabase('COD confirmation by the signed-in customer', (dialect) => {
  const set = useTestShop(dialect);
  let cowId: number;
  beforeAll(async () => {
    cowId = (await set.shop.app.ctx.db.selectFrom('products').select('id').where('name', '=', COW).executeTakeFirstOrThrow()).id;
    const current = (await set.shop.app.inject({ url: '/api/settings', headers: set.admin.auth })).json();
    const saved = await set.shop.app.inject({ method: 'PUT', url: '/api/settings', headers: set.admin.auth, payload: { ...current, codConfirmation: true, codConfirmHours: 24 } });
    expect(saved.statusCode).toBe(200);
  });

  const placeCod = async (who = set.customer, over: Partial<CreateOrderBody> = {}) => {
    const body = orderBody({ paymentmode: 'CASHONDELIVERY', items: [{ name: COW, quantity: 500, itemQty: 2, finalPrice: 1019 }], totalAmount: 2038, ...over });
    const res = await codOrder(set.shop, who, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; orderid: string; confirmation: string };
  };
  const answer = (orderid: string, payload: object, headers: Record<string, string> = {}) =>
    set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/confirm`, headers, payload });
  const audits = (orderid: string) =>
    set.shop.app.ctx.db.selectFrom('audit_log').selectAll().where('target', '=', orderid).where('action', 'in', ['order.cod-confirm', 'order.cod-expire']).execute();
  const stockNow = async () =>
    (await set.shop.app.ctx.db.selectFrom('stock_levels').select('stock').where('product_id', '=', cowId).where('size_ml', '=', 500).executeTakeFirstOrThrow()).stock;

  it('confirms the order as the customer\'s own answer, audited as the customer\'s', async () => {
    const order = await placeCod();
    expect(order.confirmation).toBe('PENDING');
    const confirmed = await answer(order.orderid, { answer: 'CONFIRM' }, set.customer.auth);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ orderid: order.orderid, confirmation: 'CONFIRMED', status: 'PREPARATION' });
    // The customer's answer, not one the shop recorded for them.
    expect(await orderRow(set.shop, order.orderid)).toMatchObject({ confirmation: 'CONFIRMED', confirmation_result: 'CONFIRMED' });
    const [audit, ...more] = await audits(order.orderid);
    expect(more).toEqual([]);
    expect(audit?.actor_user_id).toBe(set.customer.id);
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({ answer: 'CONFIRM', by: 'customer' });
    // Twice is harmless.
    expect((await answer(order.orderid, { answer: 'CONFIRM' }, set.customer.auth)).json()).toMatchObject({ confirmation: 'CONFIRMED' });
    // The order's own Your Orders list says so.
    const mine = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; confirmation: string }[];
    expect(mine.find((o) => o.orderid === order.orderid)?.confirmation).toBe('CONFIRMED');
  });

  it('another customer\'s order is a 404 like a missing one, and without a sign-in or a token the answer is 401', async () => {
    const order = await placeCod();
    const stranger = await createTestUser(set.shop);
    const theirs = await answer(order.orderid, { answer: 'CONFIRM' }, stranger.auth);
    const missing = await answer('order_NoSuchOrder1234', { answer: 'CONFIRM' }, stranger.auth);
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    // The same words either way, so an order id tells a stranger nothing.
    expect(theirs.json().message).toBe(missing.json().message);
    expect(theirs.json().message).toMatch(/Your Orders/);
    expect((await answer(order.orderid, { answer: 'CANCEL' }, stranger.auth)).statusCode).toBe(404);
    const signedOut = await answer(order.orderid, { answer: 'CONFIRM' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toMatch(/link in your order mail/);
    expect(await orderRow(set.shop, order.orderid)).toMatchObject({ confirmation: 'PENDING', status: 'PREPARATION' });
    expect(await audits(order.orderid)).toEqual([]);
  });

  it('the window applies as to the link: after it the answer is 410 and the order is left to the expiry', async () => {
    const order = await placeCod();
    await set.shop.app.ctx.db
      .updateTable('orders')
      .set({ confirm_by: new Date(Date.now() - 60_000).toISOString() })
      .where('orderid', '=', order.orderid)
      .execute();
    const late = await answer(order.orderid, { answer: 'CONFIRM' }, set.customer.auth);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe('CONFIRMATION_EXPIRED');
    expect((await orderRow(set.shop, order.orderid)).confirmation).toBe('PENDING');
    expect(await expireUnconfirmedOrders(set.shop.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(set.shop, order.orderid)).status).toBe('CANCELLED');
    expect((await answer(order.orderid, { answer: 'CONFIRM' }, set.customer.auth)).statusCode).toBe(409);
  });

  it('the customer\'s confirm racing the expiry and the owner\'s cancel: exactly one wins, bottles back at most once', async () => {
    // Orders left waiting above expire first, so the bottles counted here are this test's.
    await expireUnconfirmedOrders(set.shop.app.ctx, FAR_AHEAD());
    for (let round = 0; round < 4; round += 1) {
      await setStock(set.shop.app.ctx.db, cowId, 500, 10);
      const order = await placeCod();
      expect(await stockNow()).toBe(8);
      const [byCustomer, byOwner] = await Promise.all([
        answer(order.orderid, { answer: 'CONFIRM' }, set.customer.auth),
        answer(order.orderid, { answer: 'CANCEL' }, set.admin.auth),
        expireUnconfirmedOrders(set.shop.app.ctx, FAR_AHEAD()),
      ]);
      expect([200, 409]).toContain(byCustomer?.statusCode);
      expect([200, 409]).toContain(byOwner?.statusCode);
      const row = await orderRow(set.shop, order.orderid);
      expect(await audits(order.orderid)).toHaveLength(1);
      if (row.status === 'CANCELLED') {
        expect(byCustomer?.statusCode).toBe(409);
        expect(await stockNow()).toBe(10);
      } else {
        expect(row).toMatchObject({ confirmation: 'CONFIRMED', confirmation_result: 'CONFIRMED' });
        expect(byOwner?.statusCode).toBe(409);
        expect(await stockNow()).toBe(8);
      }
    }
  });

  it('the customer\'s confirm racing the owner\'s Cancel order: one of them ends the wait, and the bottles come back once', async () => {
    await expireUnconfirmedOrders(set.shop.app.ctx, FAR_AHEAD());
    for (let round = 0; round < 3; round += 1) {
      await setStock(set.shop.app.ctx.db, cowId, 500, 10);
      const order = await placeCod();
      const [byCustomer, byOwner] = await Promise.all([
        answer(order.orderid, { answer: 'CONFIRM' }, set.customer.auth),
        set.shop.app.inject({ method: 'POST', url: `/api/order/${order.orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Customer asked by phone' } }),
      ]);
      expect(byOwner.statusCode, byOwner.body).toBe(200);
      expect([200, 409]).toContain(byCustomer.statusCode);
      const row = await orderRow(set.shop, order.orderid);
      expect(row.status).toBe('CANCELLED');
      // The question ended once: by the confirm that came first (the owner then cancelled a confirmed order), or by
      // the cancel, after which the confirm found the order cancelled and changed nothing.
      if (byCustomer.statusCode === 200) expect(row).toMatchObject({ confirmation: 'CONFIRMED', confirmation_result: 'CONFIRMED' });
      else expect(row).toMatchObject({ confirmation: null, confirmation_result: 'CANCELLED' });
      expect(await audits(order.orderid)).toHaveLength(byCustomer.statusCode === 200 ? 1 : 0);
      expect(await stockNow()).toBe(10);
    }
  });
});
