/** Upper bounds (seconds) of the request latency histogram's buckets. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const;

interface MethodStats {
  statuses: Map<number, number>;
  /** Requests per bucket (not cumulative); the last slot is above the largest bound. */
  buckets: number[];
  sum: number;
  count: number;
}

/** Counts and latencies of one route pattern, by method. */
export class RouteStats {
  readonly #byMethod = new Map<string, MethodStats>();

  constructor(readonly route: string) {}

  observe(method: string, status: number, seconds: number): void {
    let stats = this.#byMethod.get(method);
    if (!stats) {
      stats = { statuses: new Map(), buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.#byMethod.set(method, stats);
    }
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i += 1;
    stats.buckets[i]! += 1;
    stats.sum += seconds;
    stats.count += 1;
  }

  entries(): IterableIterator<[string, MethodStats]> {
    return this.#byMethod.entries();
  }
}

/**
 * Request counts and latencies per route, recorded as plain numbers and written out in Prometheus' text format only
 * when /metrics is read. prom-client hashes a label object on every observation; a route's own record is found once,
 * when the route is declared, so recording costs a few additions.
 */
export class RequestMetrics {
  readonly #routes = new Map<string, RouteStats>();

  route(pattern: string): RouteStats {
    let stats = this.#routes.get(pattern);
    if (!stats) {
      stats = new RouteStats(pattern);
      this.#routes.set(pattern, stats);
    }
    return stats;
  }

  /** `http_requests_total` and `http_request_duration_seconds`, as prom-client wrote them. */
  text(): string {
    const counts: string[] = [];
    const histogram: string[] = [];
    for (const stats of this.#routes.values()) {
      for (const [method, m] of stats.entries()) {
        const labels = `method="${escapeLabel(method)}",route="${escapeLabel(stats.route)}"`;
        for (const [status, n] of m.statuses) counts.push(`http_requests_total{${labels},status="${status}"} ${n}`);
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((bound, i) => {
          cumulative += m.buckets[i]!;
          histogram.push(`http_request_duration_seconds_bucket{le="${bound}",${labels}} ${cumulative}`);
        });
        histogram.push(`http_request_duration_seconds_bucket{le="+Inf",${labels}} ${m.count}`);
        histogram.push(`http_request_duration_seconds_sum{${labels}} ${m.sum}`);
        histogram.push(`http_request_duration_seconds_count{${labels}} ${m.count}`);
      }
    }
    return [
      '# HELP http_requests_total HTTP requests by method, route and status',
      '# TYPE http_requests_total counter',
      ...counts,
      '',
      '# HELP http_request_duration_seconds HTTP request latency by method and route',
      '# TYPE http_request_duration_seconds histogram',
      ...histogram,
      '',
    ].join('\n');
  }
}

/** Prometheus' label value escapes: backslash, double quote and line feed. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
