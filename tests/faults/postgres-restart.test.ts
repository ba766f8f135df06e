// Fault suite: PostgreSQL restarts under load. Runs on a private throwaway cluster, never the shared server.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { checkIntegrity } from './integrity';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { prepareDatabase, removeServerBundle, shopEnv, startShopProcess, type ShopProcess } from './server-process';
import { browseCatalogue, call, checkoutBody, fillCart, registerCustomer, type Customer } from './shop-client';

const unavailable = privatePostgresUnavailable();
if (unavailable) console.warn(`fault: PostgreSQL restart under load is skipped: ${unavailable}.`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, detail?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}${detail ? `\n${detail()}` : ''}`);
}

describe.skipIf(!!unavailable)('fault: PostgreSQL restart under load [postgres]', () => {
  let cluster: PrivatePostgres;
  let dataDir: string;
  let shop: ShopProcess;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    await cluster.createDatabase('shop');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-pgrestart-'));
    const env = shopEnv(dataDir, { DATABASE_URL: cluster.url('shop') });
    await prepareDatabase(env);
    shop = await startShopProcess(env);
  });
  afterAll(async () => {
    await shop?.kill('SIGKILL');
    await cluster?.destroy();
    await removeServerBundle();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('/readyz reports 503 while the database is down and 200 after; the API recovers without a restart; no acknowledged order is lost', async () => {
    const base = shop.url;
    const customers: Customer[] = [];
    for (let i = 0; i < 3; i += 1) customers.push(await registerCustomer(base, `pgfault${i}@example.in`));
    const products = await browseCatalogue(base);

    const acknowledged = new Map<string, number>();
    const statuses: number[] = [];
    let phase: 'before' | 'down' | 'after' = 'before';
    const ackedAfter = { count: 0 };
    let running = true;
    let seq = 0;
    const worker = async () => {
      while (running) {
        const i = seq++;
        const customer = customers[i % customers.length] as Customer;
        const body = checkoutBody(customer, fillCart(products, i), 'CASHONDELIVERY', `Receipt-pg-${i}`);
        const res = await call<{ orderid: string; totalAmount: number }>(base, 'POST', '/api/checkout/codorder', { token: customer.token, body, timeoutMs: 15_000 });
        statuses.push(res.status);
        if (res.status === 200) {
          acknowledged.set(res.body.orderid, res.body.totalAmount);
          if (phase === 'after') ackedAfter.count += 1;
        } else {
          await sleep(50);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, worker));

    await waitFor('orders before the restart', async () => acknowledged.size >= 10, 20_000);
    await cluster.stop();
    phase = 'down';
    await waitFor('/readyz to report the database down', async () => (await call(base, 'GET', '/readyz', { timeoutMs: 6000 })).status === 503, 15_000, () => shop.output().slice(-3000));
    const down = await call<{ error: string; message: string }>(base, 'GET', '/readyz');
    expect(down.status).toBe(503);
    expect(down.body.error).toBe('NOT_READY');
    // Orders meanwhile get a 503 that says to try again: never a 500, never a hang.
    const customer = customers[0] as Customer;
    const during = await call<{ error: string }>(base, 'POST', '/api/checkout/codorder', {
      token: customer.token,
      body: checkoutBody(customer, fillCart(products, 999), 'CASHONDELIVERY', 'Receipt-pg-during'),
      timeoutMs: 15_000,
    });
    expect(during.status).toBe(503);
    expect(during.body.error).toBe('DATABASE_UNAVAILABLE');

    await cluster.start();
    phase = 'after';
    await waitFor('/readyz to report ready again', async () => (await call(base, 'GET', '/readyz')).status === 200, 20_000);
    await waitFor('orders after the restart', async () => ackedAfter.count >= 10, 20_000);
    running = false;
    await load;

    // The same process served throughout.
    expect(shop.output()).not.toMatch(/exited|uncaught/i);
    expect((await call(base, 'GET', '/healthz')).status).toBe(200);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    const handle = openDatabase({ url: cluster.url('shop'), dataDir });
    try {
      const stored = await handle.db.selectFrom('orders').select(['orderid', 'total_amount']).execute();
      const byId = new Map(stored.map((o) => [o.orderid, o.total_amount]));
      for (const [orderid, total] of acknowledged) expect(byId.get(orderid), orderid).toBe(total);
      const report = await checkIntegrity(handle.db);
      expect(report.incomplete).toEqual([]);
      expect(report.duplicateReceipts).toBe(0);
      expect(report.placedMails).toBe(report.expectedPlacedMails);
    } finally {
      await handle.close();
    }
  }, 90_000);
});
