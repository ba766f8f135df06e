import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, notFound } from './errors';
import { SALE_PAYMENT_STATUSES } from '../../domain/sales';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const registries = new WeakMap<AppContext, Registry>();

/**
 * A gauge read at scrape time, added by the capability that knows the number (mail adds its outbox's health), so this
 * module needs to import none of them. Call after registerMetrics.
 */
export function addGauge(ctx: AppContext, gauge: { name: string; help: string; read: () => Promise<number> }): void {
  const registry = registries.get(ctx);
  if (!registry) return;
  new Gauge({
    name: gauge.name,
    help: gauge.help,
    registers: [registry],
    async collect() {
      this.set(await gauge.read());
    },
  });
}

/**
 * Prometheus metrics at /metrics: request counts and latencies by route, and business gauges read from the
 * database at scrape time so they are right across several processes.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  registries.set(app.ctx, registry);
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const db = app.ctx.db;
  new Gauge({
    name: 'shop_orders_placed_total',
    help: 'Orders placed (paid online or cash on delivery)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('payment_status', 'in', SALE_PAYMENT_STATUSES)
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  new Gauge({
    name: 'shop_mails_pending',
    help: 'Mails waiting in the outbox',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the raw URL, so ids in paths do not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const token = app.ctx.config.METRICS_TOKEN;
  const expected = token ? digest(`Bearer ${token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Unset, the page does not exist: it names every route and the shop's order volume.
    if (!expected) throw notFound('No route GET /metrics: set METRICS_TOKEN to turn metrics on.');
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw new HttpError(401, 'UNAUTHORIZED', 'Send Authorization: Bearer followed by the METRICS_TOKEN the shop was started with.');
    }
    return reply
      .header('Content-Type', registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await registry.metrics());
  });
}

/** Digests of equal length, so the comparison takes the same time whatever the caller sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();
