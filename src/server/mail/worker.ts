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
}

export interface OutboxWorker {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now; resolves with how many were sent. Used by tests and by `kick`. */
  drain(): Promise<number>;
  /** Ask for a run soon, e.g. right after a mail was queued. */
  kick(): void;
}

const LEASE_MS = 60_000;

/** Backoff between attempts: 5 s, 10 s, 20 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { handle, transport, logger } = options;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 8;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim(): Promise<MailRow[]> {
    const now = nowIso();
    const lease = new Date(Date.now() + LEASE_MS).toISOString();
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

  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return sent;
      for (const row of batch) if (await deliver(row)) sent += 1;
      if (batch.length < batchSize) return sent;
    }
  }

  function drain(): Promise<number> {
    if (!running) {
      running = runOnce()
        .catch((error: unknown) => {
          logger.error({ err: error }, 'outbox run failed');
          return 0;
        })
        .finally(() => {
          running = undefined;
        });
    }
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
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
      await running;
    },
    drain,
    kick() {
      schedule(0);
    },
  };
}
