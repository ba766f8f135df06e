// One autocannon measurement: a warm-up that is thrown away, then the measured run, on loopback only.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import autocannon from 'autocannon';

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** A fresh body for every request (distinct receipts). */
  body?: () => string;
  /** Sees every response; used to collect what the server acknowledged. */
  onResponse?: (status: number, body: string) => void;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  connections?: number;
  warmupSeconds?: number;
  seconds?: number;
}

export interface MeasureOptions extends LoadOptions {
  /** Writes a CPU profile of this process (the load generator) during the measured run to this file. */
  clientProfile?: string;
}

/**
 * autocannon runs in this process, and on a 2-core machine it competes with the server for the CPU: its profile
 * shows what receiving an answer costs the client, which bounds what any server can reach.
 */
async function profiled<T>(file: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

function run(url: string, request: LoadRequest, connections: number, seconds: number): Promise<autocannon.Result> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(url)) throw new Error(`benchmarks only load loopback servers, not ${url}`);
  const body = request.body;
  const onResponse = request.onResponse;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: request.method ?? 'GET',
        path: request.path,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...request.headers },
        ...(body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }) } : {}),
        ...(onResponse ? { onResponse: (status: number, resBody: string) => onResponse(status, resBody) } : {}),
      },
    ],
  });
}

export async function measure(url: string, request: LoadRequest, options: MeasureOptions = {}): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  const warmup = options.warmupSeconds ?? 3;
  if (warmup > 0) await run(url, request, connections, warmup);
  const r = await profiled(options.clientProfile, () => run(url, request, connections, options.seconds ?? 10));
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}
