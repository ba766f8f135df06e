import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import { nowIso } from '../db/database';
import type { MailRow } from '../db/schema';
import type { MailTransport } from './transport';

export interface OutboxWorkerOptions {
  handle: DatabaseHandle;
  transport: MailTransport;
  from: string;
  logger: FastifyBaseLogger;
  pollMs: number;
  batchSize?: number;
  maxAttempts?: number;
  /** How long a claimed row stays ours before another worker may take it over. */
  leaseMs?: number;
  /** The longest one send may take; a row is only started while this much of its lease is left. */
  sendBudgetMs?: number;
  /**
   * Runs started by a kick or the poll wait while `busy()` says customers are keeping the process busy, for
   * at most `maxDeferMs`: rendering and writing mail then never slows checkout down, and a confirmation mail
   * is at worst that much late. `drain()` never waits.
   */
  yieldTo?: { busy(): boolean; maxDeferMs: number };
}

export interface OutboxWorker {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now; resolves with how many were sent. Used by tests and by `kick`. */
  drain(): Promise<number>;
  /** Ask for a run soon, e.g. right after a mail was queued. */
  kick(): void;
}

const LEASE_MS = 120_000;
const DEFER_RECHECK_MS = 250;
// The SMTP transport gives up after 10 s connecting, 10 s waiting for the greeting and 20 s of silence.
const SEND_BUDGET_MS = 45_000;

/** Backoff between attempts: 5 s, 10 s, 20 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { handle, transport, logger } = options;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 8;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const sendBudgetMs = options.sendBudgetMs ?? SEND_BUDGET_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let followUp: Promise<number> | undefined;
  let stopped = true;
  let deferredSince: number | undefined;

  async function claim(lease: string): Promise<MailRow[]> {
    const now = nowIso();
    if (handle.dialect === 'postgres') {
      // SKIP LOCKED lets several processes share the outbox without ever claiming the same row twice.
      const result = await sql<MailRow>`
        update mail_outbox set status = 'sending', locked_until = ${lease}, attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where (status = 'pending' and next_attempt_at <= ${now})
             or (status = 'sending' and locked_until < ${now})
          order by id limit ${batchSize}
          for update skip locked)
        returning *`.execute(handle.db);
      return result.rows;
    }
    // SQLite has one writer at a time, so a single UPDATE … RETURNING is already an atomic claim.
    return handle.db
      .updateTable('mail_outbox')
      .set((eb) => ({ status: 'sending', locked_until: lease, attempts: eb('attempts', '+', 1) }))
      .where((eb) =>
        eb(
          'id',
          'in',
          eb
            .selectFrom('mail_outbox')
            .select('id')
            .where((w) =>
              w.or([
                w.and([w('status', '=', 'pending'), w('next_attempt_at', '<=', now)]),
                w.and([w('status', '=', 'sending'), w('locked_until', '<', now)]),
              ]),
            )
            .orderBy('id')
            .limit(batchSize),
        ),
      )
      .returningAll()
      .execute();
  }

  async function deliver(row: MailRow): Promise<boolean> {
    try {
      await transport.send({
        id: row.id,
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
      await handle.db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: nowIso(), locked_until: null, last_error: null })
        .where('id', '=', row.id)
        .execute();
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = row.attempts >= maxAttempts;
      await handle.db
        .updateTable('mail_outbox')
        .set({
          status: failed ? 'failed' : 'pending',
          last_error: message.slice(0, 500),
          locked_until: null,
          next_attempt_at: new Date(Date.now() + retryDelayMs(row.attempts)).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      logger.warn({ mailId: row.id, attempts: row.attempts, err: message }, 'mail delivery failed');
      return false;
    }
  }

  /**
   * Hands rows back unsent, their claim not counted as an attempt. Only rows still under this run's lease
   * change, so a row another worker has since taken over is left to it.
   */
  async function release(rows: MailRow[], lease: string): Promise<void> {
    await handle.db
      .updateTable('mail_outbox')
      .set((eb) => ({ status: 'pending', locked_until: null, attempts: eb('attempts', '-', 1) }))
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('status', '=', 'sending')
      .where('locked_until', '=', lease)
      .execute();
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const leaseEnds = Date.now() + leaseMs;
      const lease = new Date(leaseEnds).toISOString();
      // UPDATE … RETURNING gives no order on PostgreSQL; oldest first keeps mail in the order it was queued.
      const batch = (await claim(lease)).sort((a, b) => a.id - b.id);
      if (batch.length === 0) return sent;
      // A batch behind a slow mail server can outlast its lease; a row started after that could be taken
      // over and sent by another worker as well, so the rest of the batch goes back unsent instead.
      let released = false;
      for (const [index, row] of batch.entries()) {
        if (index > 0 && Date.now() > leaseEnds - sendBudgetMs) {
          await release(batch.slice(index), lease);
          released = true;
          break;
        }
        if (await deliver(row)) sent += 1;
      }
      if (!released && batch.length < batchSize) return sent;
    }
  }

  function startRun(): Promise<number> {
    const run: Promise<number> = runOnce()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'outbox run failed');
        return 0;
      })
      .finally(() => {
        if (running === run) running = undefined;
      });
    running = run;
    return run;
  }

  // A run in progress may have made its last claim before the caller's mail was queued, so a caller who
  // arrives during a run waits for one more run after it: "everything due now" really is sent.
  function drain(): Promise<number> {
    if (!running) return startRun();
    followUp ??= running.then(() => {
      followUp = undefined;
      return running ?? startRun();
    });
    return followUp;
  }

  function shouldDefer(): boolean {
    const yieldTo = options.yieldTo;
    if (!yieldTo?.busy()) {
      deferredSince = undefined;
      return false;
    }
    deferredSince ??= Date.now();
    if (Date.now() - deferredSince < yieldTo.maxDeferMs) return true;
    deferredSince = undefined;
    return false;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (shouldDefer()) return schedule(DEFER_RECHECK_MS);
      void drain().finally(() => schedule(options.pollMs));
    }, delay);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await followUp;
      await running;
    },
    drain,
    kick() {
      schedule(0);
    },
  };
}
