import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderNumber } from '../../domain/display';
import { readMailbox } from '../../../tests/support/mailbox';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { sendDueReviewRequests } from './review-request-job';
import { insertOrder } from '../../../tests/support/test-orders';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('the review-request mail', (dialect) => {
  let shop: TestShop;
  let productId: number;
  let productName: string;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    const row = await shop.app.ctx.db.selectFrom('products').select(['id', 'name']).orderBy('position').executeTakeFirstOrThrow();
    productId = row.id;
    productName = row.name;
  });
  afterAll(async () => shop.close());

  const requestsTo = async (to: string) =>
    shop.app.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).where('kind', '=', 'review-request').execute();

  it('goes reviewRequestDays after delivery, once per order, with a link straight to the form', async () => {
    const user = await createTestUser(shop, { username: 'Priya Rao' });
    const now = new Date();
    const recent = await insertOrder(shop.app.ctx.db, { userId: user.id, lines: [{ productId, size: 500, qty: 1, price: 500 }], status: 'DELIVERED', updatedAt: new Date(now.getTime() - 2 * DAY).toISOString() });
    const due = await insertOrder(shop.app.ctx.db, { userId: user.id, lines: [{ productId, size: 500, qty: 1, price: 500 }], status: 'DELIVERED', username: 'Priya Rao', updatedAt: new Date(now.getTime() - 3 * DAY - 60_000).toISOString() });
    const notDelivered = await insertOrder(shop.app.ctx.db, { userId: user.id, lines: [{ productId, size: 500, qty: 1, price: 500 }], status: 'READY', updatedAt: new Date(now.getTime() - 10 * DAY).toISOString() });

    const sendUrl = shop.config.PUBLIC_URL;
    // Two processes running the job at once still send one mail.
    const [a, b] = await Promise.all([sendDueReviewRequests(shop.app.ctx.db, sendUrl, now), sendDueReviewRequests(shop.app.ctx.db, sendUrl, now)]);
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    expect(await sendDueReviewRequests(shop.app.ctx.db, sendUrl, now)).toBe(0);
    expect(await requestsTo(due.emailaddress)).toHaveLength(1);
    expect(await requestsTo(recent.emailaddress)).toHaveLength(0);
    expect(await requestsTo(notDelivered.emailaddress)).toHaveLength(0);

    await shop.app.ctx.outbox.drain();
    const [mail] = readMailbox(shop.dataDir).filter((m) => m.to === due.emailaddress);
    expect(mail?.subject).toMatch(/How was your ghee/);
    expect(mail?.text).toContain('Hello Priya,');
    // The customer knows the order by its number (decision 075), not by the gateway's id.
    expect(mail?.text).toContain(`Your order ${orderNumber(due.id)} reached you`);
    expect(mail?.text).not.toContain(due.orderid);
    expect(mail?.text).toContain(`${productName}: ${sendUrl}/review/${productId}`);

    // A day later the recent order is due, and it too is asked once.
    const later = new Date(now.getTime() + DAY);
    expect(await sendDueReviewRequests(shop.app.ctx.db, sendUrl, later)).toBe(1);
    expect(await sendDueReviewRequests(shop.app.ctx.db, sendUrl, later)).toBe(0);
    expect(await requestsTo(recent.emailaddress)).toHaveLength(1);
    expect(await requestsTo(due.emailaddress)).toHaveLength(1);
  });

  it('follows the days the owner set', async () => {
    const admin = await adminOf(shop);
    const settings = (await shop.app.inject({ url: '/api/settings', headers: admin.auth })).json();
    await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...settings, reviewRequestDays: 7 } });
    const user = await createTestUser(shop);
    const now = new Date();
    const order = await insertOrder(shop.app.ctx.db, { userId: user.id, lines: [{ productId, size: 500, qty: 1, price: 500 }], status: 'DELIVERED', updatedAt: new Date(now.getTime() - 5 * DAY).toISOString() });
    expect(await sendDueReviewRequests(shop.app.ctx.db, shop.config.PUBLIC_URL, now)).toBe(0);
    expect(await sendDueReviewRequests(shop.app.ctx.db, shop.config.PUBLIC_URL, new Date(now.getTime() + 2 * DAY + 60_000))).toBe(1);
    expect(await requestsTo(order.emailaddress)).toHaveLength(1);
    await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...settings, reviewRequestDays: 3 } });
  });
});
