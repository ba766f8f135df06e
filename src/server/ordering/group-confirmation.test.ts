import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import type { NewPlacement } from './order-batch-writer';
import { testPlacement } from '../../../tests/support/test-orders';

describeEachDatabase('group commit with COD confirmation and WhatsApp opt-in', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    user = await createTestUser(shop);
    const admin = await adminOf(shop);
    const current = (await shop.app.inject({ url: '/api/settings', headers: admin.auth })).json();
    await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...current, codConfirmation: true, codConfirmHours: 6 } });
  });
  afterAll(async () => shop.close());

  let sequence = 0;
  const placement = (receipt: string, optIn: boolean, orderid = `order_Group${String((sequence += 1)).padStart(9, '0')}`): NewPlacement =>
    testPlacement({
      userId: user.id,
      orderid,
      receipt,
      username: 'Group Customer',
      emailaddress: user.email,
      whatsappOptIn: optIn,
      lines: [{ name: 'Cow Ghee', size: 500, qty: 1, price: 500 }],
    });
  const messagesOf = (orderids: string[]) => shop.app.ctx.db.selectFrom('message_outbox').selectAll().where('orderid', 'in', orderids).execute();
  const linkedMails = (orderid: string) =>
    shop.app.ctx.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'order-placed').where('text_body', 'like', `%/confirm/${orderid}?t=%`).execute();

  it('a group of COD orders waits for confirmation; the opted-in ones get their message and every placed mail the link', async () => {
    const placements = Array.from({ length: 30 }, (_, i) => placement(`Receipt-confirm-${i}`, i % 3 !== 0));
    const results = await Promise.all(placements.map((p) => shop.app.ctx.orderWriter.place(p)));
    const orders = results.map((r) => (r.kind === 'created' ? r.order : null));
    expect(orders.every((o) => o?.confirmation === 'PENDING')).toBe(true);
    const ids = placements.map((p) => p.order.orderid);
    const messages = await messagesOf(ids);
    expect(messages).toHaveLength(20);
    expect(new Set(messages.map((m) => m.kind))).toEqual(new Set(['COD_CONFIRMATION']));
    expect(messages.map((m) => m.orderid).sort()).toEqual(ids.filter((_, i) => i % 3 !== 0).sort());
    for (const orderid of ids.slice(0, 3)) expect((await linkedMails(orderid)).length).toBeGreaterThanOrEqual(1);
    // The customer's copy only: in the shop's copy one tap would answer for the customer.
    const copies = await shop.app.ctx.db.selectFrom('mail_outbox').select(['to_address', 'text_body']).where('kind', '=', 'order-placed').where('text_body', 'like', `%${ids[0]}%`).execute();
    expect(copies.map((c) => c.to_address).sort()).toEqual([shop.config.SHOP_EMAIL, user.email].sort());
    for (const copy of copies) expect(copy.text_body.includes(`/confirm/${ids[0]}?t=`), copy.to_address).toBe(copy.to_address === user.email);
    const rows = await shop.app.ctx.db.selectFrom('orders').select(['confirm_by', 'created_at']).where('orderid', 'in', ids).execute();
    for (const row of rows) {
      const hours = (Date.parse(row.confirm_by as string) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(5.9);
      expect(hours).toBeLessThanOrEqual(6);
    }
  });

  it('written again one by one after a failure in the group, the others still wait, with their message and link', async () => {
    const taken = placement('Receipt-taken-id', true);
    await shop.app.ctx.orderWriter.place(taken);
    const ok = [placement('Receipt-alone-1', true), placement('Receipt-alone-2', true)];
    const results = await Promise.allSettled([
      shop.app.ctx.orderWriter.place(ok[0] as NewPlacement),
      shop.app.ctx.orderWriter.place(placement('Receipt-id-clash', true, taken.order.orderid)),
      shop.app.ctx.orderWriter.place(ok[1] as NewPlacement),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = ok.map((p) => p.order.orderid);
    expect((await messagesOf(ids)).map((m) => m.kind)).toEqual(['COD_CONFIRMATION', 'COD_CONFIRMATION']);
    for (const orderid of ids) expect((await linkedMails(orderid)).length).toBeGreaterThanOrEqual(1);
    const confirmations = await shop.app.ctx.db.selectFrom('orders').select('confirmation').where('orderid', 'in', ids).execute();
    expect(confirmations.map((c) => c.confirmation)).toEqual(['PENDING', 'PENDING']);
  });
});
