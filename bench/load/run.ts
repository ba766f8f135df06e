// `npm run bench:load`: 200 concurrent customers for 60 seconds doing browse → cart → checkout (cash on delivery
// and sandbox online payments, alternately) against the built server in its own process, then checks the
// database: zero 5xx, zero lost and zero duplicated orders, every paid order paid once. Exit code 1 otherwise.
// Options (environment): LOAD_CUSTOMERS (200), LOAD_SECONDS (60), LOAD_DATABASE_URL (postgres://…; default SQLite).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { checkIntegrity } from '../../tests/faults/integrity';
import { prepareDatabase, removeServerBundle, shopEnv, startShopProcess } from '../../tests/faults/server-process';
import { registerCustomer, type Customer } from '../../tests/faults/shop-client';
import { newTally, shopUntil, type Step } from './customer';

const CUSTOMERS = Number(process.env.LOAD_CUSTOMERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const DATABASE_URL = process.env.LOAD_DATABASE_URL ?? '';
/** The serving process stays within this, first start and peak under load alike. */
const RSS_TARGET_MB = 200;

/** The node flags `npm start` runs the shop with, so the memory measured is the memory a shop owner gets. */
function startFlags(): string[] {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (scripts.start ?? '').split(/\s+/).filter((arg) => arg.startsWith('--'));
}

/** Resident memory of a process from the kernel, in MB: now (VmRSS) and the most it ever held (VmHWM). */
function residentMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function inBatches<T>(count: number, size: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k)))));
  }
  return out;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-load-'));
  // The 200 customers share one address here, which a real shop's customers do not: the per-address socket cap
  // (64 by default) would close their idle keep-alive sockets under them, a race the client sees as a reset.
  const env = shopEnv(dataDir, { MAIL_POLL_MS: '1000', MAX_CONNECTIONS_PER_IP: '0', ...(DATABASE_URL ? { DATABASE_URL } : {}) });
  const database = DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`Load: ${CUSTOMERS} customers for ${SECONDS} s on ${database}; building and starting the server…`);
  await prepareDatabase(env);
  const flags = startFlags();
  const shop = await startShopProcess(env, { nodeArgs: flags });
  const outcome = { failed: true };
  try {
    const atStart = residentMb(shop.pid);
    const customers: Customer[] = await inBatches(CUSTOMERS, 10, (i) => registerCustomer(shop.url, `load${i}-${Date.now()}@example.in`));
    const tally = newTally();
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(customers.map((customer, i) => shopUntil(shop.url, customer, i, deadline, tally)));
    const elapsed = (Date.now() - started) / 1000;
    // Let the sandbox's webhooks land and the shop finish cleanly before reading the database.
    await new Promise((r) => setTimeout(r, 2000));
    const memory = residentMb(shop.pid);
    await shop.kill('SIGTERM');

    const handle = openDatabase({ url: DATABASE_URL || undefined, dataDir });
    const report = await checkIntegrity(handle.db);
    const stored = await handle.db.selectFrom('orders').select(['orderid', 'payment_status', 'total_amount']).execute();
    const sandboxCaptures = await handle.db
      .selectFrom('sandbox_payments')
      .select(['order_id'])
      .where('status', '=', 'captured')
      .execute();
    await handle.close();

    const byId = new Map(stored.map((o) => [o.orderid, o]));
    const acknowledged = tally.acknowledged;
    const lost = acknowledged.filter((a) => byId.get(a.orderid)?.total_amount !== a.totalAmount);
    const cod = acknowledged.filter((a) => a.mode === 'COD').length;
    const paid = acknowledged.filter((a) => a.paid);
    const paidNotPaid = paid.filter((a) => byId.get(a.orderid)?.payment_status !== 'PAID');
    const capturesPerOrder = new Map<string, number>();
    for (const c of sandboxCaptures) capturesPerOrder.set(c.order_id, (capturesPerOrder.get(c.order_id) ?? 0) + 1);
    const chargedTwice = [...capturesPerOrder.values()].filter((n) => n > 1).length;
    const serverErrors = [...tally.byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    // One checkout making two orders shows as a receipt used twice, one order id acknowledged twice, or more orders
    // stored than customers were told about.
    const duplicated = report.duplicateReceipts + (acknowledged.length - new Set(acknowledged.map((a) => a.orderid)).size);
    const unannounced = stored.length - new Set(acknowledged.map((a) => a.orderid)).size;

    console.log(`\nRequests: ${tally.requests} in ${elapsed.toFixed(1)} s (${(tally.requests / elapsed).toFixed(0)} per second)`);
    console.log(`  by status: ${[...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    console.log(`  network errors: ${tally.networkErrors}`);
    console.log('Latency in ms (p50 / p95 / p99):');
    for (const [step, list] of [...tally.latencies] as [Step, number[]][]) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`  ${step.padEnd(12)} ${[50, 95, 99].map((p) => percentile(sorted, p).toFixed(0)).join(' / ').padEnd(16)} (${list.length})`);
    }
    console.log(`Shop memory (node ${flags.join(' ')}): RSS ${atStart.now.toFixed(0)} MB once ready, ${memory.now.toFixed(0)} MB at the end, peak ${memory.peak.toFixed(0)} MB (target ≤ ${RSS_TARGET_MB} MB)`);
    console.log(`Orders acknowledged: ${acknowledged.length} (${cod} cash on delivery, ${acknowledged.length - cod} online, ${paid.length} of them paid); in the database: ${stored.length}`);
    const checks: [string, number][] = [
      ['5xx answers', serverErrors],
      ['network errors', tally.networkErrors],
      ['lost orders (acknowledged, not stored with that total)', lost.length],
      ['duplicated orders (one checkout, two orders)', duplicated],
      ['orders stored that no customer was told about', unannounced],
      ['incomplete orders (lines missing or not adding up)', report.incomplete.length + report.badLines + report.orphanLines],
      ['paid orders not marked paid', paidNotPaid.length],
      ['orders with more than one captured payment', report.paidTwice.length],
      ['sandbox orders charged more than once', chargedTwice],
      ['paid orders without a captured payment on record', report.paidWithoutPayment.length],
      [`MB of peak resident memory over ${RSS_TARGET_MB}`, Math.max(0, Math.ceil(memory.peak - RSS_TARGET_MB))],
      ['order-placed mails missing or extra', Math.abs(report.placedMails - report.expectedPlacedMails)],
    ];
    for (const [what, n] of checks) console.log(`  ${n === 0 ? 'ok  ' : 'FAIL'} ${what}: ${n}`);
    if (tally.refusals.length) console.log(`Unexpected 4xx answers (first ${tally.refusals.length}):\n  ${tally.refusals.join('\n  ')}`);
    outcome.failed = checks.some(([, n]) => n !== 0) || acknowledged.length === 0;
  } finally {
    await shop.kill('SIGKILL');
    await removeServerBundle();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(outcome.failed ? '\nLoad benchmark FAILED' : '\nLoad benchmark passed');
  process.exit(outcome.failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
