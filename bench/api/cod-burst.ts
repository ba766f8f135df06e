// A burst of cash-on-delivery orders, and what it costs in all: the shop defers its order mails while customers
// keep it busy, so the burst's rate alone leaves out the time and CPU spent afterwards sending them.
import { measure, type LoadResult, type MeasureOptions } from '../lib/load';
import { openOutboxReader } from '../lib/outbox';
import type { ServerProcess } from '../lib/processes';
import { figure, int, mb, ms, pct, type Figure } from '../lib/report';
import type { CreateOrderBody } from '../../src/domain/schemas/order';

export interface CodBurstTargets {
  perSecond: number;
  p99Ms: number;
  rssMb: number;
  cpuMsPerOrder: number;
  sustainedShare: number;
}

export interface CodBurstOptions extends MeasureOptions {
  group: string;
  headers: Record<string, string>;
  token: string;
  order: (receipt: string) => CreateOrderBody;
  /** Where the shop keeps its data, for the outbox and the count of acknowledged orders. */
  where: { dataDir: string; pgUrl?: string | undefined };
  countPresent: (orderids: string[]) => Promise<number>;
  drainTimeoutMs: number;
  targets: CodBurstTargets;
  log: (line: string) => void;
  /** Tells this burst's rows apart from the plain one's (" with a delivery fee and a coupon"). */
  variant?: string;
}

const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

/**
 * The burst (autocannon's warm-up and measured run), then the wait until nothing is left in the outbox. CPU is the
 * shop process's user + system time over that whole span, from /proc, all threads; orders are those the database
 * gained (acknowledged or still in flight when the load generator stopped).
 */
export async function codBurst(shop: ServerProcess, options: CodBurstOptions): Promise<Figure[]> {
  const { targets, log } = options;
  const group = `${options.group}${options.variant ?? ''}`;
  const outbox = await openOutboxReader(options.where);
  try {
    // Mail of the set-up (the reader's 20 orders) is not the burst's.
    await outbox.waitEmpty(options.drainTimeoutMs);
    const before = await outbox.counts();
    const ordersBefore = await outbox.orders();
    let sequence = 0;
    const acknowledged: string[] = [];
    // The first refusal of each kind, so a failed row says why (a limit, a price, a validation).
    const refusals = new Map<string, { count: number; sample: string }>();
    const run = `${process.pid}-${Date.now().toString(36)}`;
    shop.resetPeak();
    const cpuStart = shop.cpuMs();
    const burstStart = performance.now();
    const cod: LoadResult = await measure(
      shop.url,
      {
        method: 'POST',
        path: '/api/checkout/codorder',
        headers: { ...options.headers, authorization: `Bearer ${options.token}` },
        body: () => JSON.stringify(options.order(`Receipt-${run}-${(sequence += 1)}`)),
        onResponse: (status, body) => {
          if (status === 200) acknowledged.push((JSON.parse(body) as { orderid: string }).orderid);
          else {
            const kind = `${status} ${(/"error":"([A-Z_]+)"/.exec(body) ?? [])[1] ?? ''}`.trim();
            const seen = refusals.get(kind);
            if (seen) seen.count += 1;
            else refusals.set(kind, { count: 1, sample: body.slice(0, 200) });
          }
        },
      },
      options,
    );
    const burstMs = performance.now() - burstStart;
    const burstCpuMs = shop.cpuMs() - cpuStart;
    const rssMb = shop.peakRssMb();
    log(`${group}: codorder ${int(cod.rps)} orders/s; ${int(acknowledged.length)} orders in ${seconds(burstMs)}, waiting for their mail`);
    const drainMs = await outbox.waitEmpty(options.drainTimeoutMs);
    const cpuMs = shop.cpuMs() - cpuStart;
    const after = await outbox.counts();
    const present = await options.countPresent(acknowledged);

    const orders = (await outbox.orders()) - ordersBefore;
    const bad = cod.non2xx + cod.errors + cod.timeouts;
    const why = [...refusals].map(([kind, r]) => `${kind} ×${int(r.count)}: ${r.sample}`).join('; ');
    const failed = bad ? `${int(bad)} failed (non-2xx ${cod.non2xx}, errors ${cod.errors}, timeouts ${cod.timeouts})${why ? `; ${why}` : ''}` : '';
    const burstRate = orders / (burstMs / 1000);
    const mails = after.sent + after.failed - before.sent - before.failed;
    const cpuPerOrder = orders ? cpuMs / orders : Infinity;
    const burstCpuPerOrder = orders ? burstCpuMs / orders : Infinity;
    const sustained = drainMs === null ? null : orders / ((burstMs + drainMs) / 1000);
    log(`${group}: outbox empty ${drainMs === null ? 'never' : seconds(drainMs)} after the burst; ${ms(cpuPerOrder)} CPU per order, ${ms(burstCpuPerOrder)} of it during the burst`);
    return [
      figure(
        group,
        'POST /api/checkout/codorder',
        `${int(cod.rps)} orders/s; p50 ${ms(cod.p50)}, p99 ${ms(cod.p99)}, RSS ${mb(rssMb)}; ${int(present)} of ${int(acknowledged.length)} acknowledged orders present`,
        `≥ ${int(targets.perSecond)}/s; p99 < ${targets.p99Ms} ms; RSS ≤ ${targets.rssMb} MB; all present`,
        cod.rps >= targets.perSecond && cod.p99 < targets.p99Ms && rssMb <= targets.rssMb && present === acknowledged.length && !bad,
        failed || undefined,
      ),
      figure(
        group,
        'COD burst with its mails, sustained',
        sustained === null
          ? `outbox not empty ${seconds(options.drainTimeoutMs)} after the burst (${int(after.unsent)} unsent)`
          : `${int(sustained)} orders/s = ${pct(sustained / burstRate)} of the burst's ${int(burstRate)}/s (${int(orders)} orders in ${seconds(burstMs)}, ` +
              `outbox empty ${seconds(drainMs ?? 0)} later); ${ms(cpuPerOrder)} CPU per order with its ${(mails / Math.max(orders, 1)).toFixed(2)} mails ` +
              `(${ms(burstCpuPerOrder)} during the burst, ${ms(cpuPerOrder - burstCpuPerOrder)} after it)`,
        `≥ ${pct(targets.sustainedShare)} of burst; ≤ ${targets.cpuMsPerOrder} ms CPU per order`,
        sustained !== null && sustained / burstRate >= targets.sustainedShare && cpuPerOrder <= targets.cpuMsPerOrder && after.failed === before.failed,
        after.failed > before.failed ? `${int(after.failed - before.failed)} mails failed` : undefined,
      ),
    ];
  } finally {
    await outbox.close();
  }
}
