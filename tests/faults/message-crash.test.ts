// Fault suite: the shop is killed with SIGKILL in the middle of a burst of cash-on-delivery orders whose customers
// asked for WhatsApp updates, then started again on the same DATA_DIR. The order-placed message of every order that
// committed reaches the Cloud API (a fake of it here), and none of an order that did not; a message is sent twice
// only if the dead process was sending it at the moment it died (the Cloud API takes no idempotency key).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '../../src/domain/display';
import { openDatabase } from '../../src/server/db/database';
import { startFakeGraphServer, type FakeGraphServer } from '../../src/server/messages/fake-graph-server';
import { prepareDatabase, removeServerBundle, shopEnv, startShopProcess, type ShopProcess } from './server-process';
import { browseCatalogue, call, checkoutBody, fillCart, registerCustomer, type Customer } from './shop-client';

const ORDERS = 120;
const WORKERS = 12;
const KILL_AFTER = 30;
// A row the dead process had claimed waits for its lease (a minute) before the next process takes it over.
const DELIVERY_WAIT_MS = 100_000;

describe('fault: SIGKILL while WhatsApp messages wait to be sent [sqlite]', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let shop: ShopProcess | undefined;
  let graph: FakeGraphServer;

  beforeAll(async () => {
    graph = await startFakeGraphServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-message-crash-'));
    env = shopEnv(dataDir, { WHATSAPP_TOKEN: 'fake-token', WHATSAPP_PHONE_NUMBER_ID: '1234567890', WHATSAPP_GRAPH_URL: graph.url });
    await prepareDatabase(env);
  });
  afterAll(async () => {
    await shop?.kill('SIGKILL');
    await graph.close();
    await removeServerBundle();
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  /** How many order-placed messages the fake Cloud API took for each order, by the order number in its text. */
  function placedSends(orders: readonly { orderid: string; id: number }[]): Map<string, number> {
    const counts = new Map(orders.map((o) => [o.orderid, 0]));
    const byShown = new Map(orders.map((o) => [orderNumber(o.id), o.orderid]));
    for (const request of graph.requests) {
      const texts = request.body.template.components.flatMap((c) => c.parameters.map((p) => p.text ?? ''));
      const orderid = texts.map((t) => byShown.get(t)).find((id) => id !== undefined);
      if (orderid && request.body.template.name.includes('placed')) counts.set(orderid, (counts.get(orderid) ?? 0) + 1);
    }
    return counts;
  }

  it('every committed order gets its message after the restart, no uncommitted one does, and none twice unless it was being sent', async () => {
    shop = await startShopProcess(env);
    const base = shop.url;
    const customers: Customer[] = [];
    for (let i = 0; i < 3; i += 1) customers.push(await registerCustomer(base, `talk${i}@example.in`));
    const products = await browseCatalogue(base);
    const checkouts = Array.from({ length: ORDERS }, (_, i) => {
      const customer = customers[i % customers.length] as Customer;
      return { customer, body: { ...checkoutBody(customer, fillCart(products, i), 'CASHONDELIVERY', `Receipt-talk-${i}`), whatsappOptIn: true } };
    });

    const acknowledged = new Set<string>();
    const refused: string[] = [];
    let next = 0;
    let killing: Promise<void> | undefined;
    const victim = shop;
    const worker = async () => {
      for (let i = next++; i < checkouts.length; i = next++) {
        const checkout = checkouts[i];
        if (!checkout) continue;
        try {
          const res = await call<{ orderid: string }>(base, 'POST', '/api/checkout/codorder', { token: checkout.customer.token, body: checkout.body, timeoutMs: 10_000 });
          if (res.status === 200) acknowledged.add(res.body.orderid);
          else refused.push(`${res.status} ${JSON.stringify(res.body)}`);
        } catch {
          // The kill: no answer.
        }
        if (acknowledged.size >= KILL_AFTER) killing ??= victim.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await killing;
    expect(refused).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // What the dead process left: every committed order, and the messages it was in the middle of sending.
    const handle = openDatabase({ dataDir });
    let committed: { orderid: string; id: number }[];
    let inFlight: number;
    let unsent: number;
    try {
      committed = await handle.db.selectFrom('orders').select(['orderid', 'id']).execute();
      inFlight = (await handle.db.selectFrom('message_outbox').select('id').where('status', '=', 'SENDING').execute()).length;
      unsent = (await handle.db.selectFrom('message_outbox').select('id').where('status', 'in', ['QUEUED', 'SENDING']).execute()).length;
    } finally {
      await handle.close();
    }
    for (const orderid of acknowledged) expect(committed.map((o) => o.orderid)).toContain(orderid);
    // The kill landed between commit and send: messages of committed orders had not gone out yet.
    expect(unsent).toBeGreaterThan(0);
    expect([...placedSends(committed).values()].filter((n) => n > 0).length).toBeLessThan(committed.length);

    shop = await startShopProcess(env);
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    let counts = placedSends(committed);
    while ([...counts.values()].some((n) => n === 0) && Date.now() < deadline) {
      await sleep(500);
      counts = placedSends(committed);
    }
    expect([...counts].filter(([, n]) => n === 0).map(([id]) => id)).toEqual([]);
    const twice = [...counts.values()].filter((n) => n > 1).length;
    expect(twice).toBeLessThanOrEqual(inFlight);
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    // Nothing went out for an order that never committed: every message the fake took names a committed order.
    const sentFor = placedSends(committed);
    const named = [...sentFor.values()].reduce((a, b) => a + b, 0);
    const placedRequests = graph.requests.filter((r) => r.body.template.name.includes('placed')).length;
    expect(named).toBe(placedRequests);
  }, 240_000);
});
