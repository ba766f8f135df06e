// Fault suite: the server process is killed with SIGKILL (no shutdown hook runs) in the middle of a burst of
// cash-on-delivery orders on SQLite, then started again on the same DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { checkIntegrity } from './integrity';
import { prepareDatabase, removeServerBundle, shopEnv, startShopProcess, type ShopProcess } from './server-process';
import { browseCatalogue, call, checkoutBody, fillCart, registerCustomer, type Customer } from './shop-client';

const ORDERS = 160;
const WORKERS = 16;
const KILL_AFTER = 40;

describe('fault: SIGKILL during a burst of COD orders [sqlite]', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-crash-'));
    env = shopEnv(dataDir);
    await prepareDatabase(env);
  });
  afterAll(async () => {
    await shop?.kill('SIGKILL');
    await removeServerBundle();
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('every acknowledged order is there and complete, nothing is half written, and retried checkouts make no duplicates', async () => {
    shop = await startShopProcess(env);
    const base = shop.url;
    const customers: Customer[] = [];
    for (let i = 0; i < 4; i += 1) customers.push(await registerCustomer(base, `crash${i}@example.in`));
    const products = await browseCatalogue(base);
    const checkouts = Array.from({ length: ORDERS }, (_, i) => {
      const customer = customers[i % customers.length] as Customer;
      return { customer, body: checkoutBody(customer, fillCart(products, i), 'CASHONDELIVERY', `Receipt-crash-${i}`) };
    });

    const acknowledged = new Map<string, { orderid: string; totalAmount: number; customer: Customer }>();
    const unanswered: typeof checkouts = [];
    const refused: string[] = [];
    let next = 0;
    let killing: Promise<void> | undefined;
    const victim = shop;
    const worker = async () => {
      for (let i = next++; i < checkouts.length; i = next++) {
        const checkout = checkouts[i];
        if (!checkout) continue;
        try {
          const res = await call<{ orderid: string; totalAmount: number }>(base, 'POST', '/api/checkout/codorder', { token: checkout.customer.token, body: checkout.body, timeoutMs: 10_000 });
          if (res.status === 200) acknowledged.set(checkout.body.receipt, { ...res.body, customer: checkout.customer });
          else refused.push(`${res.status} ${JSON.stringify(res.body)}`);
        } catch {
          unanswered.push(checkout);
        }
        if (acknowledged.size >= KILL_AFTER) killing ??= victim.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await killing;
    expect(refused).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill landed in the middle: some checkouts never got an answer.
    expect(unanswered.length).toBeGreaterThan(0);

    // Straight from the file, before anything else touches it.
    const handle = openDatabase({ dataDir });
    try {
      const report = await checkIntegrity(handle.db);
      expect(report.incomplete).toEqual([]);
      expect(report.badLines).toBe(0);
      expect(report.orphanLines).toBe(0);
      expect(report.duplicateReceipts).toBe(0);
      // Each order and its two order-placed mails were one transaction: all there or none.
      expect(report.placedMails).toBe(report.expectedPlacedMails);
      const stored = await handle.db.selectFrom('orders').select(['orderid', 'total_amount']).execute();
      const byId = new Map(stored.map((o) => [o.orderid, o.total_amount]));
      for (const order of acknowledged.values()) expect(byId.get(order.orderid), order.orderid).toBe(order.totalAmount);
      expect(report.orders).toBeGreaterThanOrEqual(acknowledged.size);
      expect(report.orders).toBeLessThanOrEqual(acknowledged.size + unanswered.length);
    } finally {
      await handle.close();
    }

    // Restarted on the same data, the shop shows each customer every acknowledged order.
    shop = await startShopProcess(env);
    for (const customer of customers) {
      const listed = await call<{ orderid: string }[]>(shop.url, 'GET', '/api/order', { token: customer.token });
      expect(listed.status).toBe(200);
      const ids = new Set(listed.body.map((o) => o.orderid));
      for (const order of acknowledged.values()) if (order.customer === customer) expect(ids.has(order.orderid)).toBe(true);
    }
    // The customers whose checkout got no answer press the button again: one order per checkout, never two.
    for (const checkout of unanswered) {
      const res = await call(shop.url, 'POST', '/api/checkout/codorder', { token: checkout.customer.token, body: checkout.body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await shop.kill('SIGTERM');
    const after = openDatabase({ dataDir });
    try {
      const report = await checkIntegrity(after.db);
      expect(report.orders).toBe(acknowledged.size + unanswered.length);
      expect(report.duplicateReceipts).toBe(0);
      expect(report.incomplete).toEqual([]);
      expect(report.placedMails).toBe(report.expectedPlacedMails);
    } finally {
      await after.close();
    }
  }, 90_000);
});
