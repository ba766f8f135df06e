// A throwaway PostgreSQL cluster of our own (never the shared server other tests use), so a test may stop and
// start it at will. Needs the server binaries (initdb, pg_ctl); run as the `postgres` OS user when we are root,
// since initdb refuses to run as root.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

/** The newest PostgreSQL bin directory with initdb and pg_ctl, or undefined. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** Why the private cluster cannot run here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!postgresBinDir()) return 'the PostgreSQL server binaries (initdb, pg_ctl under /usr/lib/postgresql/*/bin) are not installed';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no `postgres` OS user to run initdb as';
    }
  }
  return undefined;
}

export interface PrivatePostgres {
  port: number;
  /** postgres://… for a database of this cluster. */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  /** pg_ctl stop -m fast: connections are cut, the data is checkpointed. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function run(command: string, args: string[]): Promise<string> {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${out}`))));
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ghee-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
  // A clean (fast) shutdown checkpoints, so durability across these restarts does not depend on fsync.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const ctl = (...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', ...args]);
  await ctl('-o', options, 'start');
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
    },
    stop: () => ctl('-m', 'fast', 'stop').then(() => undefined),
    start: () => ctl('-o', options, 'start').then(() => undefined),
    async destroy() {
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
