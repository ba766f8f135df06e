// The shop at a million orders: load them, time a restart to /readyz, then every admin list query and a
// customer's own list, one request at a time over HTTP (what an admin's browser waits for).
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../../src/server/auth/passwords';
import { syntheticOrder } from '../../tests/support/synthetic-orders';
import type { BenchDialect } from '../api/api-bench';
import { createFreshDatabase, type FreshDatabase } from '../lib/postgres';
import { BENCH_ADMIN, ROOT, startShop, type ServerProcess } from '../lib/processes';
import { figure, int, ms, type Figure } from '../lib/report';
import { login } from '../lib/shop-client';
import { loadInvoicesPostgres, loadInvoicesSqlite, type MonthOfDocuments } from './load-invoices';
import { customerEmail, loadOrdersPostgres, loadOrdersSqlite } from './load-orders';

export const SCALE_TARGETS = { adminP95Ms: 50, customerP95Ms: 5, startupMs: 2000, reportMs: 2000 };
/** Invoices in the month the tax reports are timed on (DESIGN.md §8.3). */
const REPORT_INVOICES = 10_000;

const CUSTOMER_PASSWORD = 'bench-password';
/** Each customer gets this many orders, like a regular. */
const ORDERS_PER_CUSTOMER = 20;
const REPEATS = 25;

export interface ScaleBenchOptions {
  orders: number;
  log?: (line: string) => void;
  nodeArgs?: string[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timedGet(url: string, token: string): Promise<{ ms: number; total: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, total: Number(res.headers.get('x-total-count') ?? -1), status: res.status };
}

interface Family {
  name: string;
  queries: string[];
}

/** Every list the admin screen can ask for: each filter and search, both sorts; pages are added per total. */
function families(tag: string, count: number): Family[] {
  // A sale in the middle of the data; its short id without the run's 4-letter tag is random-looking.
  const middle = syntheticOrder(Math.floor(count / 2) - (Math.floor(count / 2) % 10 === 9 ? 1 : 0), { tag });
  const fragment = middle.orderid.slice('order_'.length + 6, 'order_'.length + 12);
  const sorts = ['newest', 'oldest'];
  const each = (base: string[]) => base.flatMap((b) => sorts.map((s) => `${b}${b ? '&' : ''}sort=${s}`));
  return [
    { name: 'all sales and each status filter', queries: each(['', 'status=PREPARATION', 'status=READY', 'status=OUTFORDELIVERY', 'status=DELIVERED']) },
    { name: 'unpaid online orders (payment=pending)', queries: each(['payment=pending', 'payment=pending&status=READY']) },
    { name: `search by order-id fragment ("${fragment}")`, queries: each([`q=${fragment}`, `q=order_${middle.orderid.slice(6)}`]) },
    { name: `search by full name ("${middle.username}")`, queries: each([`q=${encodeURIComponent(middle.username)}`, `q=${encodeURIComponent(middle.username)}&status=READY`]) },
    { name: 'search by first name ("meena", 1 order in 11)', queries: each(['q=meena', 'q=meena&status=DELIVERED']) },
  ];
}

async function adminFamilies(shop: ServerProcess, token: string, tag: string, count: number, details: string[]) {
  const results: { family: string; worst: number; worstQuery: string; requests: number }[] = [];
  for (const family of families(tag, count)) {
    let worst = 0;
    let worstQuery = '';
    let requests = 0;
    for (const base of family.queries) {
      const first = await timedGet(`${shop.url}/api/order/admin?${base}&limit=5`, token);
      if (first.status !== 200) throw new Error(`/api/order/admin?${base} answered ${first.status}`);
      const total = first.total;
      const lastPage = Math.max(0, Math.ceil(total / 5) - 1) * 5;
      const pages = { first: 0, middle: Math.floor(total / 10) * 5, last: lastPage };
      for (const [label, offset] of Object.entries(pages)) {
        const query = `${base}&offset=${offset}&limit=5`;
        await timedGet(`${shop.url}/api/order/admin?${query}`, token);
        const times: number[] = [];
        for (let i = 0; i < REPEATS; i += 1) times.push((await timedGet(`${shop.url}/api/order/admin?${query}`, token)).ms);
        requests += REPEATS;
        const p95 = percentile(times, 95);
        details.push(`| ${family.name} | \`${query}\` | ${label} | ${int(total)} | ${ms(percentile(times, 50))} | ${ms(p95)} |`);
        if (p95 > worst) {
          worst = p95;
          worstQuery = `${query} (${label} page of ${int(total)})`;
        }
      }
    }
    results.push({ family: family.name, worst, worstQuery, requests });
  }
  return results;
}

const REPORT_REPEATS = 5;

/** Each tax report of the loaded month, asked for a few times one after another: the slowest answer counts. */
async function reportTimes(shop: ServerProcess, token: string, month: MonthOfDocuments) {
  const [mm, yyyy] = [month.period.slice(0, 2), month.period.slice(2)];
  const [from, to] = [`${yyyy}-${mm}-01`, `${yyyy}-${mm}-${new Date(Date.UTC(Number(yyyy), Number(mm), 0)).getUTCDate()}`];
  const calls = [
    { name: 'GSTR-1 JSON', url: `/api/reports/gstr1?period=${month.period}` },
    { name: 'sales register CSV', url: `/api/reports/sales-register.csv?from=${from}&to=${to}` },
    { name: 'HSN summary CSV', url: `/api/reports/hsn-summary.csv?period=${month.period}` },
    { name: 'month totals (screen)', url: `/api/reports/summary?period=${month.period}` },
  ];
  const results: { name: string; worst: number; bytes: number }[] = [];
  for (const call of calls) {
    let worst = 0;
    let bytes = 0;
    for (let i = 0; i < REPORT_REPEATS; i += 1) {
      const started = performance.now();
      const res = await fetch(`${shop.url}${call.url}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${call.url} answered ${res.status}`);
      worst = Math.max(worst, performance.now() - started);
      bytes = body.byteLength;
    }
    results.push({ name: call.name, worst, bytes });
  }
  return results;
}

export async function scaleBench(dialect: BenchDialect, options: ScaleBenchOptions): Promise<Figure[]> {
  const log = options.log ?? (() => {});
  const group = `scale ${dialect}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-bench-scale-'));
  let database: FreshDatabase | undefined;
  let shop: ServerProcess | undefined;
  try {
    if (dialect === 'postgres') database = await createFreshDatabase();
    const where = { dataDir, databaseUrl: database?.url };
    // First start: schema and seed; then the shop is stopped and the orders are loaded under it.
    await (await startShop(where)).stop();
    const customers = Math.max(1, Math.ceil(options.orders / ORDERS_PER_CUSTOMER));
    const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
    let lastReport = 0;
    const loadOptions = {
      count: options.orders,
      customers,
      passwordHash,
      onProgress: (done: number) => {
        if (done - lastReport >= 200_000 || done === options.orders) {
          lastReport = done;
          log(`${group}: loaded ${int(done)} orders`);
        }
      },
    };
    const loaded = database ? await loadOrdersPostgres(database.url, loadOptions) : loadOrdersSqlite(path.join(dataDir, 'shop.db'), loadOptions);
    log(`${group}: ${int(loaded.count)} orders for ${int(customers)} customers in ${loaded.seconds.toFixed(1)} s`);
    const invoiceCount = Math.min(REPORT_INVOICES, options.orders);
    const month = database ? await loadInvoicesPostgres(database.url, invoiceCount) : loadInvoicesSqlite(path.join(dataDir, 'shop.db'), invoiceCount);
    log(`${group}: ${int(month.invoices)} invoices and ${int(month.creditNotes)} credit notes dated ${month.period}`);

    const startups: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = await startShop({ ...where, ...(options.nodeArgs && i === 2 ? { nodeArgs: options.nodeArgs } : {}) });
      startups.push(started.readyMs);
      if (i < 2) await started.stop();
      else shop = started;
    }
    if (!shop) throw new Error('shop did not start');
    log(`${group}: start-up to /readyz ${startups.map((t) => ms(t)).join(', ')}`);

    const adminToken = await login(shop.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const details: string[] = ['| family | query | page | total | p50 | p95 |', '|---|---|---|---|---|---|'];
    const families = await adminFamilies(shop, adminToken, loaded.tag, options.orders, details);

    // A regular customer from the middle of the data: 20 orders among a million.
    const customerToken = await login(shop.url, customerEmail(loaded.tag, Math.floor(customers / 2)), CUSTOMER_PASSWORD);
    await timedGet(`${shop.url}/api/order`, customerToken);
    const own: number[] = [];
    for (let i = 0; i < 100; i += 1) own.push((await timedGet(`${shop.url}/api/order`, customerToken)).ms);
    const ownP95 = percentile(own, 95);

    const reports = await reportTimes(shop, adminToken, month);

    mkdirSync(path.join(ROOT, '.tmp/bench'), { recursive: true });
    writeFileSync(path.join(ROOT, `.tmp/bench/scale-${dialect}.md`), `${details.join('\n')}\n`);
    const slowestStart = Math.max(...startups);
    return [
      figure(group, `load ${int(loaded.count)} orders with lines`, `${loaded.seconds.toFixed(1)} s (${int(loaded.count / loaded.seconds)} orders/s)`, 'quick', null),
      figure(group, 'start-up to /readyz 200', `${ms(slowestStart)} slowest of ${startups.map((t) => ms(t)).join(', ')}`, `< ${int(SCALE_TARGETS.startupMs)} ms`, slowestStart < SCALE_TARGETS.startupMs),
      ...families.map((f) =>
        figure(group, `admin list: ${f.family}`, `worst p95 ${ms(f.worst)}`, `p95 ≤ ${SCALE_TARGETS.adminP95Ms} ms`, f.worst <= SCALE_TARGETS.adminP95Ms, `worst: ${f.worstQuery}; ${f.requests} timed requests`),
      ),
      ...reports.map((r) =>
        figure(group, `tax report: ${r.name} (${int(month.invoices)} invoices in a month)`, `slowest ${ms(r.worst)} of ${REPORT_REPEATS}`, `< ${int(SCALE_TARGETS.reportMs)} ms`, r.worst < SCALE_TARGETS.reportMs, `${int(r.bytes)} bytes`),
      ),
      figure(group, "customer's own order list (20 orders)", `p95 ${ms(ownP95)}, p50 ${ms(percentile(own, 50))}`, `p95 ≤ ${SCALE_TARGETS.customerP95Ms} ms`, ownP95 <= SCALE_TARGETS.customerP95Ms),
    ];
  } finally {
    await shop?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
