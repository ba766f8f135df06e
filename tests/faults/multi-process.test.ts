// Several server processes behind one load balancer: one PostgreSQL database and one outbox, one Redis for the
// rate limits. Each part runs only where its service is available (CI has both) and says so when it cannot.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { startSmtpTestServer, type SmtpTestServer } from '../../src/server/mail/smtp-test-server';
import { checkIntegrity } from './integrity';
import { ADMIN, prepareDatabase, removeServerBundle, shopEnv, startShopProcess, type ShopProcess } from './server-process';
import { browseCatalogue, call, checkoutBody, fillCart, loginAdmin, registerCustomer, type Customer } from './shop-client';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_URL = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`several processes: the shared rate-limit test is skipped: no Redis answers at ${REDIS_URL}.`);
if (!PG_URL) console.warn('several processes: the shared PostgreSQL outbox test is skipped: TEST_DATABASE_URL is not set.');

afterAll(async () => removeServerBundle());

describe.skipIf(!PG_URL)('two server processes on one PostgreSQL database [postgres]', () => {
  const database = `ghee_mp_${randomBytes(5).toString('hex')}`;
  let smtp: SmtpTestServer;
  let dataDirs: string[] = [];
  let shops: ShopProcess[] = [];

  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const urlOf = (db: string) => {
    const url = new URL(PG_URL ?? '');
    url.pathname = `/${db}`;
    return url.toString();
  };

  beforeAll(async () => {
    await adminQuery(`create database ${database}`);
    smtp = await startSmtpTestServer();
    dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'ghee-mp-')));
    const envs = dataDirs.map((dir) => shopEnv(dir, { DATABASE_URL: urlOf(database), SMTP_URL: smtp.url, MAIL_POLL_MS: '50' }));
    await prepareDatabase(envs[0] ?? {});
    shops = await Promise.all(envs.map((env) => startShopProcess(env)));
  });
  afterAll(async () => {
    await Promise.all(shops.map((s) => s.kill('SIGTERM')));
    await smtp?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${database} with (force)`);
  }, 60_000);

  it('take orders and status changes together, and deliver the outbox together with no mail sent twice', async () => {
    const [a, b] = shops as [ShopProcess, ShopProcess];
    const admin = await loginAdmin(a.url, ADMIN.email, ADMIN.password);
    const customers: Customer[] = [await registerCustomer(a.url, 'mp-a@example.in'), await registerCustomer(b.url, 'mp-b@example.in')];
    const products = await browseCatalogue(a.url);
    const orders = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const base = (i % 2 ? b : a).url;
        const customer = customers[i % 2] as Customer;
        const res = await call<{ orderid: string }>(base, 'POST', '/api/checkout/codorder', {
          token: customer.token,
          body: checkoutBody(customer, fillCart(products, i), 'CASHONDELIVERY', `Receipt-mp-${i}`),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.orderid;
      }),
    );
    await Promise.all(
      orders.map(async (orderid, i) => {
        const res = await call(((i + 1) % 2 ? b : a).url, 'PUT', '/api/email/admin/email', { token: admin, body: { orderid, status: 'READY' } });
        expect(res.status).toBe(200);
      }),
    );

    const handle = openDatabase({ url: urlOf(database), dataDir: dataDirs[0] ?? '' });
    try {
      const deadline = Date.now() + 30_000;
      let pending = Infinity;
      while (Date.now() < deadline && pending > 0) {
        await sleep(200);
        const row = await handle.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'sent').executeTakeFirstOrThrow();
        pending = Number(row.n);
      }
      expect(pending).toBe(0);
      await sleep(300);
      const rows = await handle.db.selectFrom('mail_outbox').select('id').execute();
      // 30 orders: 2 order-placed mails each, then 2 status mails each.
      expect(rows).toHaveLength(120);
      const ids = smtp.received.map((m) => m.outboxId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual(rows.map((r) => String(r.id)).sort());
      const report = await checkIntegrity(handle.db);
      expect(report.orders).toBe(30);
      expect(report.incomplete).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

/** Asks a per-IP limited call until Redis counts it: while Redis is not counting, every answer says the whole limit remains. */
async function untilCounted(base: string, ip: string): Promise<void> {
  const run = randomBytes(3).toString('hex');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await fetch(`${base}/api/account/resetpassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email: `warm-up-${attempt}-${run}@example.in` }),
    });
    await res.arrayBuffer();
    if (Number(res.headers.get('x-ratelimit-remaining')) < Number(res.headers.get('x-ratelimit-limit'))) return;
    await sleep(100);
  }
  throw new Error(`${base} never counted a request in Redis`);
}

describe.skipIf(!redisUp)('rate limits shared by two processes through Redis [sqlite]', () => {
  let dataDirs: string[] = [];
  let shops: ShopProcess[] = [];
  // Every run counts under its own client address, accounts and e-mail addresses (reset mails are limited per
  // address too), so runs (and CI jobs) never share a counter.
  const run = randomBytes(3);
  const clientIp = `10.${run[0]}.${run[1]}.${run[2]}`;
  const probe = (i: number | string) => `probe${i}-${run.toString('hex')}@example.in`;

  beforeAll(async () => {
    dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'ghee-redis-')));
    const envs = dataDirs.map((dir) => shopEnv(dir, { REDIS_URL, AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' }));
    for (const env of envs) await prepareDatabase(env);
    shops = await Promise.all(envs.map((env) => startShopProcess(env)));
    // A process may answer before its Redis connection is up, and then (on purpose) counts nothing: wait until each
    // one counts, from an address of its own, so the test below measures sharing and not a slow connect.
    await Promise.all(shops.map((shop, i) => untilCounted(shop.url, `10.${run[0]}.${run[1]}.${((run[2] ?? 0) + 2 + i) % 256}`)));
  });
  afterAll(async () => {
    await Promise.all(shops.map((s) => s.kill('SIGTERM')));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('the per-IP limit counts requests to both processes together', async () => {
    const [a, b] = shops as [ShopProcess, ShopProcess];
    const reset = (shop: ShopProcess, i: number) =>
      call(shop.url, 'POST', '/api/account/resetpassword', { body: { email: probe(i) }, headers: { 'x-forwarded-for': clientIp } });
    const statuses = [(await reset(a, 1)).status, (await reset(b, 2)).status, (await reset(a, 3)).status, (await reset(b, 4)).status, (await reset(a, 5)).status];
    // Three a minute in all: alone, each process would still have allowed the fourth and fifth.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const other = await call(b.url, 'POST', '/api/account/resetpassword', { body: { email: probe('') }, headers: { 'x-forwarded-for': `10.${run[0]}.${run[1]}.${((run[2] ?? 0) + 1) % 256}` } });
    expect(other.status).toBe(200);
  }, 60_000);

  it('the failed-login limit of one account counts failures on both processes together', async () => {
    const [a, b] = shops as [ShopProcess, ShopProcess];
    const email = `locked-${run.toString('hex')}@example.in`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await call((i % 2 ? b : a).url, 'POST', '/api/account/login', {
        body: { email, password: `guess-${i}` },
        headers: { 'x-forwarded-for': `172.16.${run[0]}.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);
});
