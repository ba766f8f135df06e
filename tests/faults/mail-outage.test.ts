// Fault suite: an SMTP outage longer than about 10.6 minutes lost mail until an admin acted (eight attempts, then
// given up). Mail is now tried at the capped interval for days, the dashboard's banner and `shop_mail_failing` say
// so while it fails, and everything goes out once the server is back. The built server runs with its own worker;
// the intervals are shortened by config (first retry 100 ms, then every 300 ms), so eight attempts take about two
// seconds and the outage here lasts far past them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHealthSchema, type MailHealth } from '../../src/domain/schemas/mail-outbox';
import { openDatabase } from '../../src/server/db/database';
import { startSmtpTestServer, type SmtpTestServer } from '../../src/server/mail/smtp-test-server';
import { ADMIN, prepareDatabase, removeServerBundle, shopEnv, startShopProcess, type ShopProcess } from './server-process';
import { call, loginAdmin } from './shop-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const METRICS_TOKEN = 'mail-outage-metrics-token-0123';
const GUESTS = 6;
// The old worker gave up after this many attempts.
const OLD_GIVE_UP_ATTEMPTS = 8;

describe('fault: SMTP down far longer than the old give-up point [sqlite]', () => {
  let smtp: SmtpTestServer;
  let dataDir: string;
  let shop: ShopProcess;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-mail-outage-'));
    const env = shopEnv(dataDir, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      MAIL_RETRY_FIRST_MS: '100',
      MAIL_RETRY_MAX_MS: '300',
      METRICS_TOKEN,
    });
    await prepareDatabase(env);
    shop = await startShopProcess(env);
    admin = await loginAdmin(shop.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await shop?.kill('SIGKILL');
    await smtp?.stop();
    await removeServerBundle();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const setPasswordMails = async () => {
    const handle = openDatabase({ dataDir });
    try {
      return await handle.db
        .selectFrom('mail_outbox')
        .select(['id', 'status', 'attempts', 'last_error'])
        .where('kind', '=', 'account-set-password')
        .orderBy('id')
        .execute();
    } finally {
      await handle.close();
    }
  };
  const health = async (): Promise<MailHealth> => {
    const res = await call(shop.url, 'GET', '/api/email/outbox/health', { token: admin });
    expect(res.status).toBe(200);
    return mailHealthSchema.parse(res.body);
  };
  const gauge = async (name: string): Promise<number> => {
    const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = (await res.text()).split('\n').find((l) => l.startsWith(`${name} `));
    return Number(line?.split(' ')[1]);
  };

  it('keeps every mail, says so while it fails, and sends each once when the server is back', async () => {
    expect(await health()).toMatchObject({ failing: false, retrying: 0 });
    await smtp.stop();
    for (let i = 0; i < GUESTS; i += 1) {
      const res = await call(shop.url, 'POST', '/api/account/registeronprocess', {
        body: {
          name: `Guest ${i}`,
          email: `outage-guest-${i}@example.in`,
          mobilenumber: '9123456780',
          address: '4 Lake Road',
          pincode: '600001',
          district: 'Chennai',
          state: 'Tamil Nadu',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    // Well past the old give-up point, every mail is still waiting for its next try.
    const deadline = Date.now() + 30_000;
    let rows = await setPasswordMails();
    while (Date.now() < deadline && !(rows.length === GUESTS && rows.every((r) => r.attempts >= OLD_GIVE_UP_ATTEMPTS + 4))) {
      await sleep(200);
      rows = await setPasswordMails();
    }
    expect(rows).toHaveLength(GUESTS);
    for (const row of rows) {
      expect(row.attempts).toBeGreaterThanOrEqual(OLD_GIVE_UP_ATTEMPTS + 4);
      expect(['pending', 'sending']).toContain(row.status);
    }

    // The owner is told: the dashboard's banner, and the metric an alert can watch.
    const failing = await health();
    expect(failing).toMatchObject({ failing: true, retrying: GUESTS, lastError: expect.stringMatching(/ECONNREFUSED|connect/i), failedThisWeek: 0 });
    expect(failing.retryEveryMinutes).toBeCloseTo(0.005, 3);
    expect(failing.retryingSince).toEqual(expect.any(String));
    expect(await gauge('shop_mail_failing')).toBe(1);
    expect(await gauge('shop_mails_retrying')).toBe(GUESTS);

    const received = smtp.received.length;
    await smtp.start();
    // The next try is at most one capped interval away.
    const sentBy = Date.now() + 5_000;
    while (Date.now() < sentBy && (await setPasswordMails()).some((r) => r.status !== 'sent')) await sleep(100);
    rows = await setPasswordMails();
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    await sleep(300);
    const ids = smtp.received.slice(received).map((m) => m.outboxId);
    expect(ids.sort()).toEqual(rows.map((r) => String(r.id)).sort());
    expect(await health()).toMatchObject({ failing: false, retrying: 0, lastError: null });
    expect(await gauge('shop_mail_failing')).toBe(0);
  }, 90_000);
});
