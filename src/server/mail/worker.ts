import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { nowIso } from '../db/database';
import { resolveAttachments, type AttachmentResolver } from './attachments';
import { outboxMessageId, parseSender, type MailMessage } from './mime';
import { claimDueMails, markMailsFailed, markMailsSent, releaseMails, type ClaimedMail } from './outbox-repository';
import type { MailTransport } from './transport';

export interface OutboxWorkerOptions {
  handle: DatabaseHandle;
  transport: MailTransport;
  from: string;
  logger: FastifyBaseLogger;
  pollMs: number;
  /** Makes the files a mail names (an invoice's PDF); without it, a mail naming any fails. */
  attachments?: AttachmentResolver;
  batchSize?: number;
  /** How long to wait after a failed attempt, and when to stop (MAIL_RETRY_FIRST_MS, MAIL_RETRY_MAX_MS, MAIL_GIVE_UP_HOURS). */
  retry?: RetryPolicy;
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
// The longest the worker runs before it lets requests in: building and writing mail is synchronous work (SQLite
// queries and file writes are too), and a batch of it at once would hold the event loop for tens of milliseconds.
const SLICE_MS = 8;
const DEFER_RECHECK_MS = 250;
// The SMTP transport gives up after 10 s connecting, 10 s waiting for the greeting and 20 s of silence.
const SEND_BUDGET_MS = 45_000;

/**
 * Splits a batch into `count` lanes that run side by side, each in id order, every recipient in one lane: mails
 * to one address are handed over one after the other, in the order they were queued.
 */
export function lanes<T extends { to_address: string }>(batch: readonly T[], count: number): T[][] {
  if (count <= 1) return batch.length ? [[...batch]] : [];
  const result: T[][] = Array.from({ length: Math.max(1, count) }, () => []);
  for (const row of batch) {
    // FNV-1a of the lower-cased address: mailbox names differ in a letter or two, and this spreads them.
    const address = row.to_address.toLowerCase();
    let hash = 0x811c9dc5;
    for (let i = 0; i < address.length; i += 1) hash = Math.imul(hash ^ address.charCodeAt(i), 0x01000193);
    result[(hash >>> 0) % result.length]?.push(row);
  }
  return result.filter((lane) => lane.length > 0);
}

export interface RetryPolicy {
  /** The wait after the first failed attempt; each next one doubles… */
  firstMs: number;
  /** …up to this, the interval at which a mail is then tried for as long as it may be. */
  maxMs: number;
  /** A mail still undelivered this long after it was queued is given up (failed, for the admin to retry). */
  giveUpAfterMs: number;
}

/**
 * An SMTP outage of any length up to days loses no mail (DESIGN.md §8.8): after a few quick retries a mail is tried
 * every 10 minutes for 3 days, so it goes out at most 10 minutes after the server is back. Eight attempts (about
 * 10.6 minutes) used to be all a mail got.
 */
export const DEFAULT_RETRY: RetryPolicy = { firstMs: 5_000, maxMs: 10 * 60_000, giveUpAfterMs: 72 * 60 * 60_000 };

export function mailRetryPolicy(config: Pick<Config, 'MAIL_RETRY_FIRST_MS' | 'MAIL_RETRY_MAX_MS' | 'MAIL_GIVE_UP_HOURS'>): RetryPolicy {
  return { firstMs: config.MAIL_RETRY_FIRST_MS, maxMs: config.MAIL_RETRY_MAX_MS, giveUpAfterMs: config.MAIL_GIVE_UP_HOURS * 60 * 60_000 };
}

/** Backoff between attempts: 5 s, 10 s, 20 s … then every `maxMs`. */
export function retryDelayMs(attempts: number, policy: Pick<RetryPolicy, 'firstMs' | 'maxMs'> = DEFAULT_RETRY): number {
  return Math.min(policy.firstMs * 2 ** Math.min(30, Math.max(0, attempts - 1)), policy.maxMs);
}

/**
 * A refusal that no retry changes: the receiving server said the recipient does not exist or will never take the
 * mail (a 5xx answer to RCPT TO). Given up at once, so one bad address does not read as an outage for days.
 */
export function isPermanentFailure(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { handle, transport, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const retry = options.retry ?? DEFAULT_RETRY;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const sendBudgetMs = options.sendBudgetMs ?? SEND_BUDGET_MS;
  const domain = parseSender(options.from).domain;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let followUp: Promise<number> | undefined;
  let stopped = true;
  let deferredSince: number | undefined;
  let sliceStarted = performance.now();

  /** Lets the event loop run whatever waits (requests, timers) once the worker has held it for a slice. */
  async function breathe(): Promise<void> {
    if (performance.now() - sliceStarted < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  }

  const message = async (row: ClaimedMail): Promise<MailMessage> => ({
    id: row.id,
    messageId: outboxMessageId(row.id, row.created_at, domain),
    from: options.from,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    ...(row.attachments ? { attachments: await resolveAttachments(row.attachments, options.attachments) } : {}),
  });

  /** Sends a claimed batch; records every outcome in a few statements (one per kind, not one per mail). */
  async function deliverBatch(batch: ClaimedMail[], lease: string, leaseEnds: number): Promise<{ sent: number; released: boolean }> {
    const sent: number[] = [];
    const failures = new Map<string, { ids: number[]; attempts: number; error: string; giveUp: boolean }>();
    const unsent: number[] = [];
    let started = 0;
    await Promise.all(
      lanes(batch, transport.lanes).map(async (lane) => {
        for (const row of lane) {
          // A batch behind a slow mail server can outlast its lease; a row started after that could be taken over
          // and sent by another worker as well, so what is left goes back unsent instead.
          if (started > 0 && Date.now() > leaseEnds - sendBudgetMs) {
            unsent.push(row.id);
            continue;
          }
          started += 1;
          try {
            await breathe();
            await transport.send(await message(row));
            sent.push(row.id);
          } catch (error) {
            const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
            const giveUp = isPermanentFailure(error) || Date.parse(row.created_at) + retry.giveUpAfterMs <= Date.now();
            const key = `${row.attempts}\n${giveUp}\n${text}`;
            const group = failures.get(key) ?? { ids: [], attempts: row.attempts, error: text, giveUp };
            group.ids.push(row.id);
            failures.set(key, group);
            logger.warn({ mailId: row.id, attempts: row.attempts, err: text }, 'mail delivery failed');
          }
        }
      }),
    );
    await markMailsSent(handle, sent, nowIso());
    for (const group of failures.values()) {
      await markMailsFailed(handle, group.ids, {
        lastError: group.error,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(group.attempts, retry)).toISOString(),
        giveUp: group.giveUp,
      });
    }
    await releaseMails(handle, unsent, lease);
    return { sent: sent.length, released: unsent.length > 0 };
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    // Each claim of a run starts above the last row the run took. On PostgreSQL the unsent index keeps an entry
    // for every mail sent since the last VACUUM, and a claim from the start would step over all of them. A row
    // below that comes due meanwhile (a retry, an expired lease) waits for the next run, a poll away.
    let after = 0;
    for (;;) {
      const leaseEnds = Date.now() + leaseMs;
      const lease = new Date(leaseEnds).toISOString();
      const batch = await claimDueMails(handle, { now: nowIso(), lease, limit: batchSize, after });
      if (batch.length === 0) return sent;
      await breathe();
      const outcome = await deliverBatch(batch, lease, leaseEnds);
      sent += outcome.sent;
      // Rows handed back go out before anything newer to the same address.
      after = outcome.released ? 0 : (batch.at(-1)?.id ?? after);
      if (!outcome.released && batch.length < batchSize) return sent;
      await breathe();
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
