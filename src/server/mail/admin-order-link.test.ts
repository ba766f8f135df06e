import { describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { placedCodOrderId, placePaidOnlineOrder } from '../../../tests/support/test-orders';
import { adminOrderLink, withAdminOrderLink } from './admin-order-link';

describe("the order's admin link in a mail", () => {
  const mail = { kind: 'order-placed', to: 'owner@gheeshop.test', subject: 'New order', text: 'Namaste', html: '<div class="x"><p>Namaste</p></div>' };

  it('opens the shop’s copy, text and HTML, the order id written safely', () => {
    expect(adminOrderLink('https://ghee.example', 'order_A&B')).toBe('https://ghee.example/admin/orders/order_A%26B');
    const linked = withAdminOrderLink(mail, 'order_Q1"x', 'https://ghee.example');
    expect(linked.text).toBe('Open this order in the dashboard: https://ghee.example/admin/orders/order_Q1%22x\n\nNamaste');
    expect(linked.html).toBe('<div class="x"><p><a href="https://ghee.example/admin/orders/order_Q1%22x">Open this order in the dashboard</a></p>\n<p>Namaste</p></div>');
    expect(withAdminOrderLink({ ...mail, html: null }, 'order_Q1', 'https://ghee.example').html).toBeNull();
  });

  it('goes at the top of an HTML part without paragraphs', () => {
    const linked = withAdminOrderLink({ ...mail, html: '<div>Namaste</div>' }, 'order_Q1', 'https://ghee.example');
    expect(linked.html).toBe('<p><a href="https://ghee.example/admin/orders/order_Q1">Open this order in the dashboard</a></p>\n<div>Namaste</div>');
  });
});

describeEachDatabase("the shop's mails about an order link to its admin page", (dialect) => {
  const SHOP_EMAIL = 'owner@gheeshop.test';
  const set = useTestShop(dialect, { env: { SHOP_EMAIL } });

  const link = (orderid: string) => `${set.shop.app.ctx.config.PUBLIC_URL}/admin/orders/${orderid}`;

  async function expectLinkedForShopOnly(orderid: string, shopKind: string, customerKind: string) {
    const rows = await set.shop.app.ctx.db.selectFrom('mail_outbox').select(['kind', 'to_address', 'text_body', 'html_body']).where('kind', 'in', [shopKind, customerKind]).execute();
    const shopCopy = rows.find((r) => r.kind === shopKind && r.to_address === SHOP_EMAIL && r.text_body.includes(link(orderid)));
    expect(shopCopy, `the shop's ${shopKind} mail links to ${link(orderid)}`).toBeDefined();
    expect(shopCopy?.html_body ?? '').toContain(`href="${link(orderid)}"`);
    const customerCopies = rows.filter((r) => r.kind === customerKind && r.to_address === set.customer.email);
    expect(customerCopies.length).toBeGreaterThan(0);
    for (const r of customerCopies) expect(r.text_body).not.toContain('/admin');
  }

  it('the new-order copy of a COD order and of an online order paid', async () => {
    const cod = await placedCodOrderId(set.shop, set.customer);
    await expectLinkedForShopOnly(cod, 'order-placed', 'order-placed');
    const online = await placePaidOnlineOrder(set.shop, set.customer);
    await expectLinkedForShopOnly(online, 'order-placed', 'order-placed');
  });

  it('the status mail’s copy, and the cancellation’s', async () => {
    const orderid = await placedCodOrderId(set.shop, set.customer);
    const moved = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'READY' } });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectLinkedForShopOnly(orderid, 'status-mail-shop-copy', 'status-mail');
    const other = await placedCodOrderId(set.shop, set.customer);
    const cancelled = await set.shop.app.inject({ method: 'POST', url: `/api/order/${other}/cancel`, headers: set.admin.auth, payload: { reason: 'Out of stock' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectLinkedForShopOnly(other, 'status-mail-shop-copy', 'status-mail');
  });
});
