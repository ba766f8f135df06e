import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import type { NewPlacement } from './order-batch-writer';
import { testPlacement } from '../../../tests/support/test-orders';
import { formatShopDateTime } from '../../domain/display';
import { adminOrderLink } from '../mail/admin-order-link';
import { confirmLink } from './cod-confirmation';

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

  it('the owner ordering with the shop\'s own address gets the customer\'s copy with the link and the shop\'s with the dashboard', async () => {
    const own = testPlacement({ userId: user.id, orderid: 'order_OwnerSelf00001', receipt: 'Receipt-owner-self', username: 'The Owner', emailaddress: shop.config.SHOP_EMAIL, lines: [{ name: 'Cow Ghee', size: 500, qty: 1, price: 500 }] });
    expect((await shop.app.ctx.orderWriter.place(own)).kind).toBe('created');
    const orderid = own.order.orderid;
    const { confirm_by: confirmBy } = await shop.app.ctx.db.selectFrom('orders').select('confirm_by').where('orderid', '=', orderid).executeTakeFirstOrThrow();
    const links = { publicUrl: shop.config.PUBLIC_URL, secret: shop.config.JWT_SECRET };
    const confirmLead = `Please confirm your cash on delivery order, or cancel it if you no longer want it: ${confirmLink(links, orderid, confirmBy as string)}\nWe pack it once you confirm. Without an answer it is cancelled on ${formatShopDateTime(confirmBy as string)}.\n\n`;
    const adminLead = `Open this order in the dashboard: ${adminOrderLink(links.publicUrl, orderid)}\n\n`;
    const copies = await shop.app.ctx.db.selectFrom('mail_outbox').select(['to_address', 'text_body', 'html_body']).where('kind', '=', 'order-placed').where('text_body', 'like', `%${orderid}%`).execute();
    // Two copies to the one address, each what any customer and the shop get: not one mail with both links.
    expect(copies.map((c) => c.to_address)).toEqual([shop.config.SHOP_EMAIL, shop.config.SHOP_EMAIL]);
    const customerCopy = copies.find((c) => c.text_body.startsWith(confirmLead));
    // The shop's copy opens with the order's summary for the owner, then the dashboard link.
    const shopCopy = copies.find((c) => c.text_body.startsWith('New order ') && c.text_body.includes(adminLead));
    expect(customerCopy && shopCopy && customerCopy !== shopCopy).toBe(true);
    expect(shopCopy?.text_body).toMatch(/^New order GS-\d+: Rs\. [\d,]+, cash on delivery, waiting for the customer to confirm, from /);
    const shopWords = shopCopy?.text_body.slice((shopCopy?.text_body.indexOf(adminLead) ?? 0) + adminLead.length);
    expect(customerCopy?.text_body.slice(confirmLead.length)).toBe(shopWords);
    expect(customerCopy?.html_body).toContain(`/confirm/${orderid}?t=`);
    expect(customerCopy?.html_body).not.toContain('/admin/orders/');
    expect(shopCopy?.html_body).toContain(adminOrderLink(links.publicUrl, orderid));
    expect(shopCopy?.html_body).not.toContain('/confirm/');
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
