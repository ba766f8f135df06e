import { orderNumber } from '../../domain/display';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailTemplateSchema, type EmailTemplate } from '../../domain/schemas/email-template';
import { DEFAULT_STATUS_TEMPLATES } from './default-mail-copy';
import { nowIso } from '../db/database';
import { startSmtpTestServer, type SmtpTestServer } from '../mail/smtp-test-server';
import {
  adminOf,
  createTestShop,
  createTestUser,
  describeEachDatabase,
  type TestShop,
  type TestUser,
} from '../../../tests/support/test-shop';
import { insertOrder, TWO_LINES, type WrittenOrder } from '../../../tests/support/test-orders';

const SHOP_EMAIL = 'owner@gheeshop.test';

describeEachDatabase('status mail', (dialect) => {
  let smtp: SmtpTestServer;
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    shop = await createTestShop(dialect, { env: { SMTP_URL: smtp.url, SHOP_EMAIL } });
    admin = await adminOf(shop);
    customer = await createTestUser(shop);
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await smtp.start();
    // Each test counts only its own mails.
    await shop.app.ctx.outbox.drain();
    smtp.received.length = 0;
    await setSettings({ emailsetting: true, customeremail: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });
  const changeStatus = (orderid: string, status: string) => call('PUT', '/api/email/admin/email', { orderid, status });
  const newOrder = (options: { username?: string } = {}) => insertOrder(shop.app.ctx.db, { userId: customer.id, lines: TWO_LINES, ...options });
  const templates = async () => emailTemplateSchema.array().parse((await call('GET', '/api/email')).json());
  const outboxRows = () => shop.app.ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

  async function setSettings(flags: { emailsetting: boolean; customeremail: boolean }) {
    const res = await call('PUT', '/api/settings', { ...flags, intialsubject: 'Thanks', intialbody: 'Thank you' });
    expect(res.statusCode).toBe(200);
  }

  async function orderStatus(order: WrittenOrder) {
    const row = await shop.app.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('orderid', '=', order.orderid)
      .executeTakeFirstOrThrow();
    return row.status;
  }

  it('sets the status, answers at once and delivers the default template with every placeholder filled', async () => {
    const readyDefault = (await templates()).find((t) => t.status === 'READY' && t.isdefault) as EmailTemplate;
    const edited = await call('PUT', '/api/email', {
      ...readyDefault,
      subject: 'Order {{orderId}} is ready, {{customerName}}',
      body: [
        'Dear {{customerName}},',
        '',
        'Receipt {{receipt}}; payment {{paymentId}}; total {{totalAmount}}.',
        '{{items}}',
        'To {{address}}, {{district}}, {{state}} {{pincode}}; phone {{mobileNumber}}.',
      ].join('\n'),
    });
    expect(edited.statusCode).toBe(200);
    const order = await newOrder();
    const shortId = order.orderid.slice('order_'.length);

    const res = await changeStatus(order.orderid, 'READY');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringContaining('Ready'), queued: 2, mailIds: [expect.any(Number), expect.any(Number)] });
    expect(await orderStatus(order)).toBe('READY');

    expect(await shop.app.ctx.outbox.drain()).toBe(2);
    const mail = smtp.received.find((m) => m.recipients.includes(order.emailaddress));
    expect(mail).toBeDefined();
    expect(mail?.subject).toBe(`Order ${shortId} is ready, Asha Verma`);
    const receipt = (
      await shop.app.ctx.db.selectFrom('orders').select('receipt').where('orderid', '=', order.orderid).executeTakeFirstOrThrow()
    ).receipt;
    expect(mail?.text).toBe(
      [
        'Dear Asha Verma,',
        '',
        `Receipt ${receipt}; payment ; total Rs. 1,520.`,
        'Classic Cow Ghee - 500 ml x 2 - Rs. 1,100',
        'A2 Desi Ghee - 250 ml x 1 - Rs. 420',
        'To 12 Temple Street, Bengaluru Urban, Karnataka 560001; phone 9876543210.',
      ].join('\n'),
    );
    expect(mail?.html).toContain('Classic Cow Ghee - 500 ml x 2 - Rs. 1,100<br>A2 Desi Ghee - 250 ml x 1 - Rs. 420');
    expect(mail?.html).toContain('Ghee Shop');
  });

  it('sends a customer named <script>alert(1)</script> escaped in HTML and as plain text', async () => {
    const name = '<script>alert(1)</script>';
    const order = await newOrder({ username: name });
    expect((await changeStatus(order.orderid, 'PREPARATION')).statusCode).toBe(200);
    await shop.app.ctx.outbox.drain();
    const mail = smtp.received.find((m) => m.recipients.includes(order.emailaddress));
    expect(mail?.text).toContain(`Namaste ${name},`);
    expect(mail?.html).toContain('Namaste &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail?.html).not.toContain('<script');
  });

  describe('recipients', () => {
    const combinations = [
      { emailsetting: true, customeremail: true, expected: ['customer', 'shop'] },
      { emailsetting: true, customeremail: false, expected: ['shop'] },
      { emailsetting: false, customeremail: true, expected: ['customer'] },
      { emailsetting: false, customeremail: false, expected: [] },
    ];
    for (const { expected, ...flags } of combinations) {
      it(`emailsetting ${flags.emailsetting}, customeremail ${flags.customeremail} -> ${expected.join(' and ') || 'nobody'}`, async () => {
        await setSettings(flags);
        const order = await newOrder();
        const res = await changeStatus(order.orderid, 'OUTFORDELIVERY');
        expect(res.statusCode).toBe(200);
        expect(res.json().queued).toBe(expected.length);
        await shop.app.ctx.outbox.drain();
        const addresses = { customer: order.emailaddress, shop: SHOP_EMAIL };
        expect(smtp.received.flatMap((m) => m.recipients).sort()).toEqual(expected.map((who) => addresses[who as 'shop']).sort());
        for (const mail of smtp.received) expect(mail.subject).toBe(`Your order ${orderNumber(order.id)} is out for delivery`);
      });
    }
  });

  it('falls back to the built-in template when the status has no default', async () => {
    const deliveredDefault = (await templates()).find((t) => t.status === 'DELIVERED' && t.isdefault) as EmailTemplate;
    const res = await call('PUT', '/api/email', { ...deliveredDefault, subject: 'Custom {{orderId}}', isdefault: false });
    expect(res.statusCode).toBe(200);
    const order = await newOrder();
    expect((await changeStatus(order.orderid, 'DELIVERED')).statusCode).toBe(200);
    await shop.app.ctx.outbox.drain();
    const mail = smtp.received.find((m) => m.recipients.includes(order.emailaddress));
    expect(DEFAULT_STATUS_TEMPLATES.DELIVERED.subject).toBe('Your order {{orderNumber}} was delivered');
    expect(mail?.subject).toBe(`Your order ${orderNumber(order.id)} was delivered`);
  });

  it('lets any status follow any other and accepts the id without its prefix', async () => {
    const order = await newOrder();
    for (const status of ['DELIVERED', 'PREPARATION', 'OUTFORDELIVERY', 'READY', 'READY']) {
      expect((await changeStatus(order.orderid.slice(6), status)).statusCode).toBe(200);
      expect(await orderStatus(order)).toBe(status);
    }
  });

  it('writes the change to the audit log', async () => {
    const order = await newOrder();
    await changeStatus(order.orderid, 'READY');
    const entry = await shop.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.status')
      .where('target', '=', order.orderid)
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(admin.id);
    expect(JSON.parse(entry.details)).toEqual({ from: 'PREPARATION', to: 'READY', mailsQueued: 2 });
  });

  it('answers 404 for an unknown order and 400 for an unknown status, queueing nothing', async () => {
    const before = (await outboxRows()).length;
    const missing = await changeStatus('order_DOESNOTEXIST', 'READY');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'NOT_FOUND', message: expect.stringContaining('order_DOESNOTEXIST') });
    const order = await newOrder();
    const badStatus = await changeStatus(order.orderid, 'SHIPPED');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fields.status).toBe('Choose a valid order status');
    expect((await changeStatus('', 'READY')).json().fields.orderid).toBe('Order id is required');
    expect(await orderStatus(order)).toBe('PREPARATION');
    expect((await outboxRows()).length).toBe(before);
  });

  it('succeeds while the mail server is down and delivers every queued mail once when it is back', async () => {
    await smtp.stop();
    const orders = [await newOrder(), await newOrder(), await newOrder()];
    const firstNew = ((await outboxRows()).at(-1)?.id ?? 0) + 1;
    for (const order of orders) {
      const res = await changeStatus(order.orderid, 'READY');
      expect(res.statusCode).toBe(200);
      expect(res.json().queued).toBe(2);
    }
    expect(await shop.app.ctx.outbox.drain()).toBe(0);
    const queued = (await outboxRows()).filter((r) => r.id >= firstNew);
    expect(queued).toHaveLength(6);
    for (const row of queued) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    // Backoff put the retries a few seconds out; make them due now rather than wait.
    await shop.app.ctx.db.updateTable('mail_outbox').set({ next_attempt_at: nowIso() }).where('status', '=', 'pending').execute();
    expect(await shop.app.ctx.outbox.drain()).toBe(6);
    expect(await shop.app.ctx.outbox.drain()).toBe(0);
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((m) => m.outboxId))).toEqual(new Set(queued.map((r) => String(r.id))));
    for (const order of orders) {
      expect(smtp.received.filter((m) => m.recipients.includes(order.emailaddress))).toHaveLength(1);
    }
    expect(smtp.received.filter((m) => m.recipients.includes(SHOP_EMAIL))).toHaveLength(3);
    for (const row of (await outboxRows()).filter((r) => r.id >= firstNew)) {
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    }
  });
});
