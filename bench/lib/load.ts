// One load measurement: a warm-up that is thrown away, then the measured run, on loopback only. Plain GETs go
// through wrk when it is installed (a C client that pays little per answer, so a bigger answer does not slow the
// client more than the server); requests with bodies, or whose answers are read, go through autocannon.
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
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

export type LoadTool = 'wrk' | 'autocannon';

export interface LoadResult {
  /** Which client measured it: their figures for the same server differ (bench/README.md says how). */
  tool: LoadTool;
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

function assertLoopback(url: string): void {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(url)) throw new Error(`benchmarks only load loopback servers, not ${url}`);
}

let wrkFound: boolean | undefined;
/** wrk on the PATH, unless BENCH_CLIENT=autocannon asks for the JavaScript client everywhere. */
export function wrkAvailable(): boolean {
  if (process.env.BENCH_CLIENT === 'autocannon') return false;
  if (wrkFound === undefined) {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      wrkFound = true;
    } catch (error) {
      // wrk --version prints its banner and exits 1; only a missing binary means there is none.
      wrkFound = (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  }
  return wrkFound;
}

const execFileAsync = promisify(execFile);

/** Milliseconds from one of wrk's latency figures ("812.00us", "1.20ms", "2.00s"). */
function wrkMs(text: string | undefined): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text ?? '');
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

/** One wrk run (one thread: the other core is the server's), parsed from its report. */
async function runWrk(url: string, request: LoadRequest, connections: number, seconds: number): Promise<Omit<LoadResult, 'tool'>> {
  assertLoopback(url);
  const headers = Object.entries(request.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers, `${url}${request.path}`];
  const { stdout } = await execFileAsync('wrk', args, { maxBuffer: 1 << 20 });
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(stdout)?.[1]),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(stdout)?.[1]),
    requests: number(/(\d+) requests in/),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: socketErrors ? Number(socketErrors[1]) + Number(socketErrors[2]) + Number(socketErrors[3]) : 0,
    timeouts: socketErrors ? Number(socketErrors[4]) : 0,
  };
}

function run(url: string, request: LoadRequest, connections: number, seconds: number): Promise<autocannon.Result> {
  assertLoopback(url);
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
  const seconds = options.seconds ?? 10;
  // The client's own profile is autocannon's (wrk is another process); asking for it keeps autocannon.
  const plainGet = (request.method ?? 'GET') === 'GET' && !request.body && !request.onResponse && !options.clientProfile;
  if (plainGet && wrkAvailable()) {
    if (warmup > 0) await runWrk(url, request, connections, warmup);
    return { tool: 'wrk', ...(await runWrk(url, request, connections, seconds)) };
  }
  if (warmup > 0) await run(url, request, connections, warmup);
  const r = await profiled(options.clientProfile, () => run(url, request, connections, seconds));
  return {
    tool: 'autocannon',
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}
