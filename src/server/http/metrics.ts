import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, notFound } from './errors';
import { SALE_PAYMENT_STATUSES } from '../../domain/sales';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestMetrics } from './request-metrics';

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

  // Each route records into its own counts, found once when the route is declared (routes declared after this call;
  // registerMetrics runs before any route). Requests no route matched count under "unmatched".
  const requests = new RequestMetrics();
  app.addHook('onRoute', (routeOptions) => {
    const stats = requests.route(routeOptions.url ?? 'unmatched');
    const record: onResponseHookHandler = (request, reply, done) => {
      stats.observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    routeOptions.onResponse = [...hookList(routeOptions.onResponse), record];
  });
  // Answers sent by the fast path count under their route, like the route's own.
  app.ctx.fastPath.configure({
    recorderFor: (route) => {
      const stats = requests.route(route);
      return (method, status, seconds) => stats.observe(method, status, seconds);
    },
  });
  const unmatched = requests.route('unmatched');
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched.observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
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
      .send(requests.text() + '\n' + (await registry.metrics()));
  });
}

/** Digests of equal length, so the comparison takes the same time whatever the caller sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();

const hookList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
