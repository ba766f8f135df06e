// Child processes the benchmarks measure: the built shop and a bare Fastify "hello" server, each on a free
// loopback port, with readiness, start-up time and peak resident memory read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../tests/faults/server-process';

export const ROOT = path.resolve(import.meta.dirname, '../..');
// BENCH_SHOP_MAIN points at another build of the server (e.g. one being profiled); dist/ is what `npm run build` makes.
export const SHOP_MAIN = path.resolve(ROOT, process.env.BENCH_SHOP_MAIN ?? 'dist/server/main.js');
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };

export interface ServerProcess {
  name: string;
  pid: number;
  url: string;
  /** Milliseconds from spawn to the first 200 from the readiness URL. */
  readyMs: number;
  /** Peak resident set (VmHWM) since start or the last resetPeak, in MiB. */
  peakRssMb(): number;
  /** Starts a new peak measurement (Linux: writing 5 to clear_refs resets VmHWM). */
  resetPeak(): void;
  /** CPU time (user + system, all threads) the process has used so far, in milliseconds. */
  cpuMs(): number;
  /** Resolves once the process has used under 5% of a core for a whole second (at most `maxMs`). */
  settle(maxMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function readStatusKb(pid: number, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

async function waitReady(child: ChildProcess, url: string, started: number, timeoutMs: number, output: () => string): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`server not ready at ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** CPU time (user + system) of a process so far, in milliseconds; 0 when /proc cannot tell. */
function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10;
  } catch {
    return 0;
  }
}

function track(name: string, child: ChildProcess, url: string, readyMs: number): ServerProcess {
  const pid = child.pid ?? 0;
  return {
    async settle(maxMs = 60_000) {
      const until = performance.now() + maxMs;
      let before = cpuMs(pid);
      while (performance.now() < until) {
        await new Promise((r) => setTimeout(r, 1000));
        const now = cpuMs(pid);
        if (now - before < 50) return;
        before = now;
      }
    },
    name,
    pid,
    url,
    readyMs,
    peakRssMb: () => readStatusKb(pid, 'VmHWM') / 1024,
    cpuMs: () => cpuMs(pid),
    resetPeak() {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        // not Linux, or not allowed: the peak then covers the whole life of the process
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function spawnNode(args: string[], env: Record<string, string>, extraNodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...extraNodeArgs, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

export interface ShopOptions {
  dataDir: string;
  /** postgres://… or undefined for SQLite in dataDir. */
  databaseUrl?: string | undefined;
  /** e.g. ['--cpu-prof', '--cpu-prof-dir=…'] to profile a run. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** The node flags of `npm start` (package.json), so the measured shop runs with exactly those. */
export function startNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1).filter((word) => word.startsWith('--'));
}

/** `node dist/server/main.js` with the flags `npm start` gives node, quiet, with the sign-in rate limit off for load. */
export async function startShop(options: ShopOptions): Promise<ServerProcess> {
  if (!existsSync(SHOP_MAIN)) throw new Error(`${SHOP_MAIN} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const { child, output } = spawnNode(
    [SHOP_MAIN],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      PUBLIC_URL: url,
      JWT_SECRET: BENCH_JWT_SECRET,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '0',
      ...options.env,
    },
    [...startNodeFlags(), ...(options.nodeArgs ?? [])],
  );
  try {
    const readyMs = await waitReady(child, `${url}/readyz`, started, options.timeoutMs ?? 60_000, output);
    return track('shop', child, url, readyMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/**
 * The yardstick: Fastify answering a small JSON object, nothing else. Given `replayFile` (JSON: name →
 * `headers` and base64 `body`), it also answers /replay/<name> with exactly those bytes: what the same
 * framework manages when it has nothing to do but send the shop's answer; and a plain node HTTP server in the same
 * process answers /raw/<name> at `rawUrl`: what the answer costs with no framework at all. `nodeArgs` are node flags
 * for it (node's defaults otherwise).
 */
export async function startHello(replayFile?: string, nodeArgs: string[] = []): Promise<ServerProcess & { rawUrl?: string }> {
  const port = await freePort();
  const rawPort = replayFile ? await freePort() : undefined;
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const env = { PORT: String(port), ...(replayFile ? { REPLAY_FILE: replayFile, RAW_PORT: String(rawPort) } : {}) };
  const { child, output } = spawnNode([path.join(ROOT, 'bench/api/hello-server.mjs')], env, nodeArgs);
  const readyMs = await waitReady(child, url, started, 20_000, output);
  return { ...track('hello', child, url, readyMs), ...(rawPort ? { rawUrl: `http://127.0.0.1:${rawPort}` } : {}) };
}
