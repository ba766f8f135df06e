// The operations a shop owner relies on: the OpenAPI description, request ids in the logs, Prometheus metrics
// and the database backup command.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codOrder, orderBody } from '../support/test-orders';
import { listRoutes } from '../attacks/attack-support';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../support/test-shop';

const exec = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');

const METRICS_TOKEN = 'metrics-token-for-tests-0123';

describeEachDatabase('operations', (dialect) => {
  const lines: Record<string, unknown>[] = [];
  let shop: TestShop;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    shop = await createTestShop(dialect, {
      env: { METRICS_TOKEN },
      logger: { level: 'info', stream },
      beforeReady(app) {
        app.get('/api/test/boom', async (request) => {
          request.log.info('about to fail');
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(async () => shop.close());

  it('/api/docs describes every /api route with its methods', async () => {
    const doc = (await shop.app.inject('/api/docs')).json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const routes = listRoutes(shop.app).filter((r) => r.url.startsWith('/api/') && r.url !== '/api/docs' && !r.url.startsWith('/api/test/'));
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) {
      const openApiPath = route.url.replace(/:([a-zA-Z]+)/g, '{$1}');
      expect(doc.paths[openApiPath], `${route.method} ${route.url} is missing from /api/docs`).toBeDefined();
      expect(doc.paths[openApiPath]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it('/api/docs carries the request schemas of the zod route definitions', async () => {
    const doc = (await shop.app.inject('/api/docs')).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> } }>> };
    const order = doc.paths['/api/checkout/codorder']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(order?.properties ?? {})).toEqual(expect.arrayContaining(['username', 'items', 'totalAmount', 'receipt', 'paymentmode']));
    expect(order?.required).toEqual(expect.arrayContaining(['items', 'totalAmount']));
    const login = doc.paths['/api/account/login']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(login?.properties ?? {})).toEqual(expect.arrayContaining(['email', 'password', 'remember']));
  });

  it('every log line written for a request carries its request id, which the answer echoes', async () => {
    lines.length = 0;
    const given = await shop.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'lb-trace-0001' } });
    expect(given.statusCode).toBe(500);
    expect(given.headers['x-request-id']).toBe('lb-trace-0001');
    const generated = await shop.app.inject({ method: 'POST', url: '/api/account/login', payload: {} });
    const generatedId = generated.headers['x-request-id'] as string;
    expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);
    const ofGiven = lines.filter((l) => l.reqId === 'lb-trace-0001');
    expect(ofGiven.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'about to fail', 'unhandled error', 'request completed']));
    expect(lines.filter((l) => l.reqId === generatedId).map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Nothing about a request is logged without its id.
    expect(lines.filter((l) => (l.req || l.res || l.err) && !l.reqId)).toEqual([]);
  });

  it('/metrics counts requests by route pattern, times them, and reads orders placed and mails pending from the database', async () => {
    const customer = await createTestUser(shop);
    expect((await codOrder(shop, customer, orderBody({ paymentmode: 'CASHONDELIVERY' }))).statusCode).toBe(200);
    await shop.app.inject(`/media/${'b'.repeat(32)}-card.webp`);
    await shop.app.inject('/api/no-such-route');
    const metrics = (await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    expect(metrics).toMatch(/http_requests_total\{method="POST",route="\/api\/checkout\/codorder",status="200"\} 1/);
    // The pattern, never the raw file name, so ids in paths cannot blow up the label set.
    expect(metrics).toMatch(/route="\/media\/:file"/);
    expect(metrics).not.toMatch(/bbbbbbbb/);
    // An address no route matches counts under one label, whatever the address.
    expect(metrics).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(metrics).not.toMatch(/no-such-route/);
    expect(metrics).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/api\/checkout\/codorder"\} \d+/);
    expect(metrics).toMatch(/shop_orders_placed_total 1\b/);
    // The COD order queued two mails, not yet delivered (tests run no mail worker).
    expect(metrics).toMatch(/shop_mails_pending [1-9]\d*/);
    await shop.app.ctx.outbox.drain();
    expect((await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body).toMatch(/shop_mails_pending 0\b/);
  });
});

describe('npm run db:backup [sqlite]', () => {
  let shop: TestShop;
  let out: string;
  beforeAll(async () => {
    shop = await createTestShop('sqlite');
    out = mkdtempSync(path.join(os.tmpdir(), 'ghee-backup-'));
  });
  afterAll(async () => {
    await shop.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('copies the live SQLite database to a file that opens with every order in it', async () => {
    const customer = await createTestUser(shop);
    for (let i = 0; i < 5; i += 1) expect((await codOrder(shop, customer, orderBody({ paymentmode: 'CASHONDELIVERY' }))).statusCode).toBe(200);
    const target = path.join(out, 'copy.db');
    // Taken while the shop keeps writing.
    const writing = Promise.all(Array.from({ length: 5 }, () => codOrder(shop, customer, orderBody({ paymentmode: 'CASHONDELIVERY' }))));
    const { stdout } = await exec(TSX, ['src/server/cli/backup.ts', target], { env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: '' } });
    await writing;
    expect(stdout).toContain(`to ${target}`);
    const copy = new SqliteDatabase(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const orders = (copy.prepare('select count(*) as n from orders').get() as { n: number }).n;
      expect(orders).toBeGreaterThanOrEqual(5);
      expect(orders).toBeLessThanOrEqual(10);
      const lines = copy.prepare('select o.total_amount as total, sum(l.line_total) as sum from orders o join order_lines l on l.order_id = o.id group by o.id').all() as { total: number; sum: number }[];
      expect(lines).toHaveLength(orders);
      for (const l of lines) expect(l.sum).toBe(l.total);
      expect((copy.prepare('select count(*) as n from users').get() as { n: number }).n).toBeGreaterThanOrEqual(2);
    } finally {
      copy.close();
    }
  });

  it('on PostgreSQL it prints the pg_dump and pg_restore commands instead', async () => {
    const { stdout } = await exec(TSX, ['src/server/cli/backup.ts'], {
      env: { ...process.env, DATA_DIR: out, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/gheeshop' },
    });
    expect(stdout).toMatch(/pg_dump --format=custom/);
    expect(stdout).toMatch(/pg_restore/);
  });
});
