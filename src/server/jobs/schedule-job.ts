import type { FastifyInstance } from 'fastify';

export interface ScheduledJob {
  /** Milliseconds between runs; 0 or less turns the job off. */
  intervalMs: number;
  run: () => Promise<unknown>;
  /** A failed run is logged here; the next tick tries again. */
  onError: (err: unknown) => void;
}

/**
 * Runs a background job every `intervalMs` once the app is ready, while it runs with background jobs on. A run still
 * going when the next tick comes is not joined by a second one (a slow gateway or courier must not stack runs), and
 * closing the app waits for the run in progress.
 */
export function scheduleJob(app: FastifyInstance, job: ScheduledJob): void {
  if (!app.ctx.backgroundJobs || job.intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = job
        .run()
        .catch(job.onError)
        .finally(() => {
          running = undefined;
        });
    }, job.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
