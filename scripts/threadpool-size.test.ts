import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PRELOAD = path.join(__dirname, 'threadpool-size.cjs');

/** UV_THREADPOOL_SIZE as a node process started with the preload sees it. */
function poolSizeSeen(env: Record<string, string | undefined>): string {
  const childEnv = { ...process.env, ...env };
  if (env.UV_THREADPOOL_SIZE === undefined) delete childEnv.UV_THREADPOOL_SIZE;
  return execFileSync(process.execPath, ['--require', PRELOAD, '-e', 'process.stdout.write(String(process.env.UV_THREADPOOL_SIZE))'], { env: childEnv, encoding: 'utf8' });
}

// Runs eight hashes on the pool at once, then counts the process's threads (Linux).
const COUNT_THREADS = `const { pbkdf2 } = require('node:crypto'); let left = 8;
for (let i = 0; i < 8; i++) pbkdf2('p', 's', 20000, 32, 'sha256', () => { if (--left === 0) process.stdout.write(String(require('node:fs').readdirSync('/proc/self/task').length)); });`;

// Makes the child see a 2-core machine, so the preload has something to change wherever the test runs.
const TWO_CORES = path.join(mkdtempSync(path.join(os.tmpdir(), 'two-cores-')), 'two-cores.cjs');
writeFileSync(TWO_CORES, "require('node:os').availableParallelism = () => 2;\n");

function threadsAfterPoolWork(preloads: string[]): number {
  const env = { ...process.env };
  delete env.UV_THREADPOOL_SIZE;
  return Number(execFileSync(process.execPath, [...preloads.flatMap((p) => ['--require', p]), '-e', COUNT_THREADS], { env, encoding: 'utf8' }));
}

describe('thread pool size preload', () => {
  it('sizes the pool to the cores, between 2 and 4 threads', () => {
    expect(poolSizeSeen({ UV_THREADPOOL_SIZE: undefined })).toBe(String(Math.min(4, Math.max(2, os.availableParallelism()))));
  });

  it.runIf(process.platform === 'linux')("starts the pool with 2 threads instead of libuv's 4 on a 2-core machine", () => {
    const withDefault = threadsAfterPoolWork([TWO_CORES]);
    expect(threadsAfterPoolWork([TWO_CORES, PRELOAD])).toBe(withDefault - 2);
  });

  it('leaves a size set in the environment alone', () => {
    expect(poolSizeSeen({ UV_THREADPOOL_SIZE: '8' })).toBe('8');
  });

  it('is what npm start runs the shop with', async () => {
    const { scripts } = (await import('../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts.start).toContain('--require=./scripts/threadpool-size.cjs');
  });
});
