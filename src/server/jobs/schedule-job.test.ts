import Fastify from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { scheduleJob } from './schedule-job';

/** Waits until `done` holds, checking every few milliseconds (a busy machine only makes it take longer). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i += 1) await sleep(5);
}

function appWith(backgroundJobs: boolean) {
  const app = Fastify({ logger: false });
  app.decorate('ctx', { backgroundJobs } as AppContext);
  return app;
}

describe('scheduleJob', () => {
  it('runs on its interval once ready, never two runs at once, and close waits for the run in progress', async () => {
    const app = appWith(true);
    let started = 0;
    let running = 0;
    let most = 0;
    let finished = 0;
    scheduleJob(app, {
      intervalMs: 10,
      run: async () => {
        started += 1;
        running += 1;
        most = Math.max(most, running);
        await sleep(60);
        running -= 1;
        finished += 1;
      },
      onError: () => {},
    });
    await app.ready();
    await until(() => started >= 3);
    await app.close();
    expect(started).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    expect(finished).toBe(started);
  });

  it('logs a failed run and tries again on the next tick', async () => {
    const app = appWith(true);
    const errors: unknown[] = [];
    let runs = 0;
    scheduleJob(app, {
      intervalMs: 10,
      run: async () => {
        runs += 1;
        throw new Error(`run ${runs} failed`);
      },
      onError: (err) => errors.push(err),
    });
    await app.ready();
    await until(() => runs >= 2);
    await app.close();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(runs);
  });

  it('does nothing without background jobs or with an interval of 0', async () => {
    for (const [backgroundJobs, intervalMs] of [[false, 10], [true, 0]] as const) {
      const app = appWith(backgroundJobs);
      let runs = 0;
      scheduleJob(app, { intervalMs, run: async () => void (runs += 1), onError: () => {} });
      await app.ready();
      await sleep(50);
      await app.close();
      expect(runs).toBe(0);
    }
  });
});
