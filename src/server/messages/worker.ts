import type { FastifyBaseLogger } from 'fastify';
import type { MessageKind, MessageTemplates } from '../../domain/messages-and-confirmation';
import type { DatabaseHandle } from '../db/database';
import { nowIso } from '../db/database';
import { buttonPayload, deliveredReviewLink, lacksReviewLink, messageButtons, parseParams, templateValue } from './message-text';
import { claimDueMessages, firstProductsOf, markMessageFailed, markMessageSent, readTemplates, type MessageRow } from './message-repository';
import { MessageRejectedError, type MessageProvider } from './provider';

export interface MessageWorkerOptions {
  handle: DatabaseHandle;
  provider: MessageProvider;
  publicUrl: string;
  logger?: FastifyBaseLogger;
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /**
   * Runs started by a kick or the poll wait while `busy()` says customers keep the process busy, for at most
   * `maxDeferMs`, as the mail worker's do: a message a few seconds late never slows checkout. `drain()` never waits.
   */
  yieldTo?: { busy(): boolean; maxDeferMs: number };
}

export interface MessageWorker {
  /** Sends everything due now; resolves with how many were sent. Tests call it; `kick` and the poll do too. */
  drain(): Promise<number>;
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

const LEASE_MS = 60_000;
const POLL_MS = 5_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 30 * 60_000;
/** A message not sent within a day is news no more: "out for delivery" a day late would mislead. */
const GIVE_UP_MS = 24 * 60 * 60_000;
// Kicks within this time start one run: a burst of orders is sent in batches, not a run per order.
const KICK_DELAY_MS = 200;
const DEFER_RECHECK_MS = 250;

/** The wait after the nth failed attempt: 30 s doubling up to 30 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the message outbox, like the mail worker: rows are claimed under a lease, so a process that dies after the
 * commit and before the send leaves them to be sent by the next run (once: a sent row is never claimed again), and
 * one that dies mid-send leaves them to be taken over when the lease ends. Failures wait longer each time and are
 * given up after a day, or at once when WhatsApp refuses the message itself.
 */
export function createMessageWorker(options: MessageWorkerOptions): MessageWorker {
  const { handle, provider } = options;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let started = false;
  let kickTimer: NodeJS.Timeout | undefined;

  async function sendRow(row: MessageRow, lease: string, templates: MessageTemplates): Promise<boolean> {
    const kind = row.kind as MessageKind;
    const now = new Date();
    try {
      const template = templates[kind];
      const params = await finalParams(row);
      const sent = await provider.send({
        to: row.to_number,
        kind,
        template,
        params,
        buttons: messageButtons(kind).map((answer) => buttonPayload(answer, row.orderid)),
        idempotencyKey: row.idempotency_key,
      });
      await markMessageSent(handle.db, row.id, lease, { providerId: sent.id, template: template.name, params: JSON.stringify(params), at: nowIso() });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof MessageRejectedError || now.getTime() - Date.parse(row.created_at) > GIVE_UP_MS;
      await markMessageFailed(handle.db, row.id, lease, {
        error: message,
        giveUp,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
        at: nowIso(),
      });
      options.logger?.warn({ err: error, messageId: row.id, giveUp }, 'WhatsApp message not sent');
      return false;
    }
  }

  /** The values sent: the stored ones, and the delivered message's review link made now (stored once sent). */
  async function finalParams(row: MessageRow): Promise<string[]> {
    const params = parseParams(row.params).map(templateValue);
    if (!lacksReviewLink(row.kind, params)) return params;
    const first = await firstProductsOf(handle.db, [row.order_id]);
    return [...params, deliveredReviewLink(options.publicUrl, first.get(row.order_id) ?? null)];
  }

  async function run(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = new Date();
      const lease = new Date(now.getTime() + (options.leaseMs ?? LEASE_MS)).toISOString();
      const rows = await claimDueMessages(handle, { now: now.toISOString(), lease, limit: options.batchSize ?? 20 });
      if (rows.length === 0) return sent;
      const templates = await readTemplates(handle.db);
      for (const row of rows) if (await sendRow(row, lease, templates)) sent += 1;
      if (rows.length < (options.batchSize ?? 20)) return sent;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        void drain().catch(() => undefined);
      }
    });
    return running;
  }

  /** A run that waits while the process is busy with customers, up to the deferral limit. */
  function politeRun(deferredSince = Date.now()): void {
    if (stopped) return;
    const yieldTo = options.yieldTo;
    if (yieldTo?.busy() && Date.now() - deferredSince < yieldTo.maxDeferMs) {
      setTimeout(() => politeRun(deferredSince), DEFER_RECHECK_MS).unref();
      return;
    }
    void drain().catch((err: unknown) => options.logger?.error({ err }, 'message outbox run failed'));
  }

  return {
    drain,
    kick() {
      // Before start (tests, jobs off) nothing runs by itself: whoever drives the worker calls drain.
      if (stopped || !started || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = undefined;
        politeRun();
      }, KICK_DELAY_MS);
      kickTimer.unref();
    },
    start() {
      started = true;
      timer = setInterval(() => politeRun(), options.pollMs ?? POLL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (kickTimer) clearTimeout(kickTimer);
      await running?.catch(() => undefined);
    },
  };
}
