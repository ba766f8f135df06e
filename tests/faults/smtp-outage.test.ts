// Fault suite: the mail server goes away while the admin changes order statuses, and comes back. Unlike the
// in-process tests of the outbox, this runs the built server with its own polling worker and retry backoff.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { startSmtpTestServer, type SmtpTestServer } from '../../src/server/mail/smtp-test-server';
import { ADMIN, prepareDatabase, removeServerBundle, shopEnv, startShopProcess, type ShopProcess } from './server-process';
import { browseCatalogue, call, checkoutBody, fillCart, loginAdmin, registerCustomer } from './shop-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('fault: SMTP server down during status changes [sqlite]', () => {
  let smtp: SmtpTestServer;
  let dataDir: string;
  let shop: ShopProcess;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-smtp-'));
    const env = shopEnv(dataDir, { SMTP_URL: smtp.url, MAIL_POLL_MS: '100' });
    await prepareDatabase(env);
    shop = await startShopProcess(env);
  });
  afterAll(async () => {
    await shop?.kill('SIGKILL');
    await smtp?.stop();
    await removeServerBundle();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const outbox = async () => {
    const handle = openDatabase({ dataDir });
    try {
      return await handle.db.selectFrom('mail_outbox').select(['id', 'status', 'attempts', 'last_error', 'kind']).orderBy('id').execute();
    } finally {
      await handle.close();
    }
  };

  it('status changes succeed while it is down, and every mail is delivered exactly once after it returns', async () => {
    const base = shop.url;
    const admin = await loginAdmin(base, ADMIN.email, ADMIN.password);
    const customer = await registerCustomer(base, 'smtp-fault@example.in');
    const products = await browseCatalogue(base);
    const orders: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await call<{ orderid: string }>(base, 'POST', '/api/checkout/codorder', {
        token: customer.token,
        body: checkoutBody(customer, fillCart(products, i), 'CASHONDELIVERY', `Receipt-smtp-${i}`),
      });
      expect(res.status).toBe(200);
      orders.push(res.body.orderid);
    }

    await smtp.stop();
    const received = smtp.received.length;
    for (const orderid of orders) {
      for (const status of ['READY', 'OUTFORDELIVERY']) {
        const res = await call<{ queued: number }>(base, 'PUT', '/api/email/admin/email', { token: admin, body: { orderid, status } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.queued).toBe(2);
      }
    }
    // The worker tries, fails, and keeps every status mail for later.
    let failedOnce = false;
    for (let i = 0; i < 50 && !failedOnce; i += 1) {
      await sleep(100);
      const rows = (await outbox()).filter((r) => r.kind.startsWith('status-mail'));
      failedOnce = rows.length === 12 && rows.every((r) => r.status === 'pending' && r.attempts >= 1 && r.last_error);
    }
    expect(failedOnce).toBe(true);
    expect(smtp.received.length).toBe(received);

    await smtp.start();
    // The first retry is due 5 s after the failed attempt.
    const deadline = Date.now() + 25_000;
    let rows = await outbox();
    while (Date.now() < deadline && rows.some((r) => r.status !== 'sent')) {
      await sleep(200);
      rows = await outbox();
    }
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    await sleep(500);
    const ids = smtp.received.map((m) => m.outboxId);
    expect(ids.sort()).toEqual(rows.map((r) => String(r.id)).sort());
    expect(new Set(ids).size).toBe(ids.length);
  }, 60_000);
});
