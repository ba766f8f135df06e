import { orderNumber } from '../../domain/display';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxMailSchema, type OutboxMail } from '../../domain/schemas/mail-outbox';
import { nowIso } from '../db/database';
import { startSmtpTestServer, type SmtpTestServer } from '../mail/smtp-test-server';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { insertOrder, TWO_LINES } from '../../../tests/support/test-orders';

describeEachDatabase('mail outbox for admins', (dialect) => {
  let smtp: SmtpTestServer;
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    shop = await createTestShop(dialect, { env: { SMTP_URL: smtp.url, SHOP_EMAIL: 'owner@gheeshop.test' } });
    admin = await adminOf(shop);
    customer = await createTestUser(shop);
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });
  const outbox = async (query = '') => outboxMailSchema.array().parse((await call('GET', `/api/email/outbox${query}`)).json());
  const drainDue = async () => {
    await shop.app.ctx.db.updateTable('mail_outbox').set({ next_attempt_at: nowIso() }).where('status', '=', 'pending').execute();
    return shop.app.ctx.outbox.drain();
  };

  it('lists recent mails newest first with their delivery state, and retries a failed one', async () => {
    await smtp.stop();
    const order = await insertOrder(shop.app.ctx.db, { userId: customer.id, lines: TWO_LINES });
    expect((await call('PUT', '/api/email/admin/email', { orderid: order.orderid, status: 'READY' })).statusCode).toBe(200);

    let mails = await outbox();
    expect(mails.map((m) => m.to)).toEqual(['owner@gheeshop.test', order.emailaddress]);
    expect(mails[0]).toMatchObject({ kind: 'status-mail-shop-copy', status: 'pending', attempts: 0, lastError: null, sentAt: null });
    expect(mails[1]?.subject).toBe(`Your order ${orderNumber(order.id)} is packed and ready`);

    // The worker keeps trying for three days; the server stays down through them (the mails are made three days old).
    for (let i = 0; i < 3; i += 1) await drainDue();
    expect(await outbox('?status=failed')).toEqual([]);
    const threeDaysAgo = new Date(Date.now() - 73 * 60 * 60_000).toISOString();
    await shop.app.ctx.db.updateTable('mail_outbox').set({ created_at: threeDaysAgo }).where('status', '=', 'pending').execute();
    await drainDue();
    mails = await outbox('?status=failed');
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m).toMatchObject({ status: 'failed', attempts: 4, lastError: expect.any(String) });

    const customerMail = mails.find((m) => m.to === order.emailaddress) as OutboxMail;
    const retried = await call('POST', `/api/email/outbox/${customerMail.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: customerMail.id, status: 'pending', attempts: 0 });
    expect(await outbox('?status=pending')).toEqual([expect.objectContaining({ id: customerMail.id })]);

    await smtp.start();
    expect(await shop.app.ctx.outbox.drain()).toBe(1);
    expect(smtp.received.map((m) => m.recipients)).toEqual([[order.emailaddress]]);
    const sent = (await outbox('?status=sent')).find((m) => m.id === customerMail.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(String) });

    const audit = await shop.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'mail.retry').execute();
    expect(audit.map((a) => [a.target, a.actor_user_id])).toEqual([[String(customerMail.id), admin.id]]);
  });

  it('retries only failed mails: 409 for sent or queued ones, 404 for unknown ids, 400 for bad ids', async () => {
    const sent = (await outbox('?status=sent'))[0] as OutboxMail;
    const onSent = await call('POST', `/api/email/outbox/${sent.id}/retry`);
    expect(onSent.statusCode).toBe(409);
    expect(onSent.json()).toMatchObject({ error: 'MAIL_NOT_FAILED', message: expect.stringContaining('already delivered') });

    const order = await insertOrder(shop.app.ctx.db, { userId: customer.id, lines: TWO_LINES });
    await call('PUT', '/api/email/admin/email', { orderid: order.orderid, status: 'DELIVERED' });
    const queued = (await outbox('?status=pending'))[0] as OutboxMail;
    const onQueued = await call('POST', `/api/email/outbox/${queued.id}/retry`);
    expect(onQueued.statusCode).toBe(409);
    expect(onQueued.json().message).toContain('still queued');

    expect((await call('POST', '/api/email/outbox/999999/retry')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await call('POST', `/api/email/outbox/${id}/retry`)).statusCode, id).toBe(400);
    }
  });

  it('follows the mails of a status change by their ids, from queued to delivered; 404 for unknown ids, 400 for bad ones', async () => {
    const order = await insertOrder(shop.app.ctx.db, { userId: customer.id, lines: TWO_LINES });
    const changed = await call('PUT', '/api/email/admin/email', { orderid: order.orderid, status: 'OUTFORDELIVERY' });
    expect(changed.statusCode).toBe(200);
    const { queued, mailIds } = changed.json() as { queued: number; mailIds: number[] };
    expect(mailIds).toHaveLength(queued);
    const mail = async (id: number) => {
      const res = await call('GET', `/api/email/outbox/${id}`);
      expect(res.statusCode).toBe(200);
      return outboxMailSchema.parse(res.json());
    };
    const before = await Promise.all(mailIds.map(mail));
    expect(before.map((m) => [m.to, m.status])).toEqual([
      [order.emailaddress, 'pending'],
      ['owner@gheeshop.test', 'pending'],
    ]);
    await drainDue();
    expect((await Promise.all(mailIds.map(mail))).map((m) => m.status)).toEqual(['sent', 'sent']);

    const unknown = await call('GET', '/api/email/outbox/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('There is no mail with id 999999');
    for (const id of ['abc', '0', '-1', '99999999999']) expect((await call('GET', `/api/email/outbox/${id}`)).statusCode, id).toBe(400);
  });

  it('limits the list and refuses limits out of range', async () => {
    expect(await outbox('?limit=1')).toHaveLength(1);
    expect((await call('GET', '/api/email/outbox?limit=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/email/outbox?limit=201')).statusCode).toBe(400);
    expect((await call('GET', '/api/email/outbox?status=bounced')).statusCode).toBe(400);
    expect((await call('GET', '/api/email/outbox?status=')).statusCode).toBe(200);
  });

  it('pages the list: limit and offset pick a page, X-Total-Count tells how many match in all', async () => {
    for (let i = 0; i < 3; i += 1) {
      const order = await insertOrder(shop.app.ctx.db, { userId: customer.id, lines: TWO_LINES });
      await call('PUT', '/api/email/admin/email', { orderid: order.orderid, status: 'READY' });
    }
    const all = await call('GET', '/api/email/outbox?limit=200');
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(6);
    const ids = outboxMailSchema.array().parse(all.json()).map((m) => m.id);
    expect(ids).toHaveLength(total);

    const second = await call('GET', '/api/email/outbox?limit=2&offset=2');
    expect(second.headers['x-total-count']).toBe(String(total));
    expect(outboxMailSchema.array().parse(second.json()).map((m) => m.id)).toEqual(ids.slice(2, 4));
    const past = await call('GET', `/api/email/outbox?limit=2&offset=${total}`);
    expect(past.json()).toEqual([]);
    expect((await call('GET', '/api/email/outbox?offset=-1')).statusCode).toBe(400);
  });
});
