import { sql, type RawBuilder } from 'kysely';
import type { DatabaseHandle } from '../db/database';

/** What the worker needs of a claimed row. */
export interface ClaimedMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** What to attach (mail/attachments.ts), or null. */
  attachments: string | null;
  /** Counting this claim. */
  attempts: number;
  created_at: string;
}

// The literal list matches the predicate of the partial index `mail_outbox_unsent_idx` word for word, which is
// how SQLite knows it may use that index (a bound parameter would not do).
const UNSENT = sql`status in ('pending', 'sending')`;

/** One SQL text whatever the number of ids: an array parameter (PostgreSQL) or a JSON one (SQLite). */
function idIn(handle: DatabaseHandle, ids: readonly number[]): RawBuilder<boolean> {
  return handle.dialect === 'postgres' ? sql<boolean>`id = any(${ids})` : sql<boolean>`id in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * Takes up to `limit` due rows above id `after` (0: all), oldest first, under a lease until `lease`, in one
 * statement: a row is due when it is pending and its next attempt has come, or when the lease of the worker that
 * took it ran out (that worker died). The unsent rows are read in id order from their own small index, stopping
 * after `limit`, so a claim costs the same behind a backlog of a million sent mails or of fifty thousand unsent ones.
 */
export async function claimDueMails(handle: DatabaseHandle, options: { now: string; lease: string; limit: number; after?: number }): Promise<ClaimedMail[]> {
  const { now, lease, limit } = options;
  const due = sql`${UNSENT} and id > ${options.after ?? 0} and ((status = 'pending' and next_attempt_at <= ${now}) or (status = 'sending' and locked_until < ${now}))`;
  const claim = (source: RawBuilder<unknown>, lock: RawBuilder<unknown>) => sql<ClaimedMail>`
    update mail_outbox set status = 'sending', locked_until = ${lease}, attempts = attempts + 1
    where id in (select id from ${source} where ${due} order by id limit ${limit} ${lock})
    returning id, to_address, subject, text_body, html_body, attachments, attempts, created_at`;
  let rows: ClaimedMail[];
  if (handle.dialect === 'postgres') {
    // PostgreSQL's planner, which rarely has statistics for a table that filled up in seconds, would rather read
    // every unsent row through a bitmap of the index and sort them, on every claim, which made a burst's mail
    // drain slowly behind a large backlog. Read in index order it stops after `limit` rows.
    // The settings last until this transaction ends. SKIP LOCKED lets several processes share the outbox without
    // ever claiming the same row twice.
    rows = await handle.db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`.execute(trx);
      return (await claim(sql`mail_outbox`, sql`for update skip locked`).execute(trx)).rows;
    });
  } else {
    // SQLite has one writer at a time, so there the single UPDATE is already atomic. Its planner would rather
    // combine two ranges of the status index and sort everything due, so it is told which index to read.
    rows = (await claim(sql`mail_outbox indexed by mail_outbox_unsent_idx`, sql``).execute(handle.db)).rows;
  }
  // RETURNING promises no order; oldest first keeps mail in the order it was queued.
  return rows.sort((a, b) => a.id - b.id);
}

export async function markMailsSent(handle: DatabaseHandle, ids: readonly number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await sql`update mail_outbox set status = 'sent', sent_at = ${at}, locked_until = null, last_error = null
    where ${idIn(handle, ids)}`.execute(handle.db);
}

/** Rows that failed alike (same attempt count, same error): pending again at `nextAttemptAt`, or failed for good. */
export async function markMailsFailed(
  handle: DatabaseHandle,
  ids: readonly number[],
  outcome: { lastError: string; nextAttemptAt: string; giveUp: boolean },
): Promise<void> {
  if (ids.length === 0) return;
  await sql`update mail_outbox set status = ${outcome.giveUp ? 'failed' : 'pending'}, last_error = ${outcome.lastError},
    locked_until = null, next_attempt_at = ${outcome.nextAttemptAt}
    where ${idIn(handle, ids)}`.execute(handle.db);
}

/**
 * Hands rows back unsent, their claim not counted as an attempt. Only rows still under this lease change, so a
 * row another worker has since taken over is left to it.
 */
export async function releaseMails(handle: DatabaseHandle, ids: readonly number[], lease: string): Promise<void> {
  if (ids.length === 0) return;
  await sql`update mail_outbox set status = 'pending', locked_until = null, attempts = attempts - 1
    where ${idIn(handle, ids)} and status = 'sending' and locked_until = ${lease}`.execute(handle.db);
}
