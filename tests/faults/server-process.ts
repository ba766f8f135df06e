// The built shop as a child process, for the fault suite and the load benchmark: started, killed and restarted
// like a real deployment. Never imported by the app.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { createShop } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';

export const JWT_SECRET = 'reliability-secret-that-is-long-enough-0123456789';
export const ADMIN = { email: 'admin@gheeshop.test', password: 'admin-password' };

let bundle: Promise<{ dir: string; main: string }> | undefined;

/**
 * Bundles src/server/main.ts the way `npm run build` does, into a private folder under .tmp (so packages resolve
 * from the repository's node_modules, and a build running beside us cannot swap dist/ under our feet).
 */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    mkdirSync('.tmp', { recursive: true });
    const dir = mkdtempSync(path.resolve('.tmp/server-bundle-'));
    await build({
      entryPoints: ['src/server/main.ts'],
      outdir: dir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    });
    return { dir, main: path.join(dir, 'main.js') };
  })();
  return bundle.then((b) => b.main);
}

export async function removeServerBundle(): Promise<void> {
  const built = await bundle?.catch(() => undefined);
  bundle = undefined;
  if (built) rmSync(built.dir, { recursive: true, force: true });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a shop process: quiet, fixed secrets, no web app, fast mail polling. */
export function shopEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT: '0',
    WEB_DIST: path.join(dataDir, 'no-web-app'),
    MAIL_POLL_MS: '100',
    ...extra,
  };
}

/**
 * Migrates and seeds the database in this process, without the catalogue's pictures (nothing here looks at
 * them): the child then starts on an already seeded database in about a second.
 */
export async function prepareDatabase(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const { app } = await createShop(config, { logger: false, serveWeb: false, seed: { images: false } });
  await app.close();
}

export interface ShopProcess {
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the bundled shop and waits until /readyz answers 200. */
export async function startShopProcess(
  env: Record<string, string>,
  options: { readyTimeoutMs?: number; nodeArgs?: string[]; /** null: leave PUBLIC_URL unset (a trial). */ publicUrl?: null } = {},
): Promise<ShopProcess> {
  const main = await serverBundle();
  const port = env.PORT ?? String(await freePort());
  // A production shop needs its address (config's startupProblem): the one this process answers at.
  const publicUrl = options.publicUrl === null ? {} : { PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${port}` };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), main], { env: { ...env, ...publicUrl, PORT: port }, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  let alive = true;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      alive = false;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const shop: ShopProcess = {
    url,
    pid: child.pid ?? 0,
    output: () => chunks.join(''),
    exited,
    async kill(signal = 'SIGTERM') {
      if (alive) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (!alive) throw new Error(`the shop process exited before it was ready:\n${shop.output()}`);
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })).status === 200) return shop;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await shop.kill('SIGKILL');
  throw new Error(`the shop process was not ready within the time allowed:\n${shop.output()}`);
}
