import type { OutboxMail, OutboxQuery, OutboxStatus } from '../../domain/schemas/mail-outbox';
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { MailRow } from '../db/schema';

function toOutboxMail(row: MailRow): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    status: (row.status === 'sending' ? 'pending' : row.status) as OutboxStatus,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
  };
}

/** Newest first, one page of them, and how many match in all; the bodies stay in the database. */
export async function listOutbox(executor: Executor, query: OutboxQuery): Promise<{ mails: OutboxMail[]; total: number }> {
  const statuses = query.status === 'pending' ? ['pending', 'sending'] : query.status ? [query.status] : null;
  let select = executor.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(query.limit).offset(query.offset);
  let count = executor.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n'));
  if (statuses) {
    select = select.where('status', 'in', statuses);
    count = count.where('status', 'in', statuses);
  }
  const [rows, counted] = await Promise.all([select.execute(), count.executeTakeFirstOrThrow()]);
  return { mails: rows.map(toOutboxMail), total: Number(counted.n) };
}

export async function findOutboxMail(executor: Executor, id: number): Promise<OutboxMail | null> {
  const row = await executor.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toOutboxMail(row) : null;
}

/**
 * Puts a failed mail back in the queue, due now, with a fresh round of attempts (the admin retries because
 * the cause was fixed). Only a failed row changes, so a retry racing the worker never resends a sent mail.
 */
export async function requeueFailedMail(executor: Executor, id: number): Promise<boolean> {
  const result = await executor
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: nowIso(), locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * How the outbox is doing: unsent mails whose last attempt failed (read through the unsent rows' partial index, whose
 * predicate is repeated word for word), the oldest of them, the newest error, and mails given up since `failedSince`.
 */
export async function outboxTroubles(executor: Executor, failedSince: string) {
  const unsentWithError = sql<boolean>`status in ('pending', 'sending') and last_error is not null`;
  const [retrying, newest, failed] = await Promise.all([
    executor
      .selectFrom('mail_outbox')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('since')])
      .where(unsentWithError)
      .executeTakeFirstOrThrow(),
    executor.selectFrom('mail_outbox').select('last_error').where(unsentWithError).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    executor
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'failed')
      .where('created_at', '>=', failedSince)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    retrying: Number(retrying.n),
    retryingSince: (retrying.since as string | null) ?? null,
    lastError: newest?.last_error ?? null,
    failed: Number(failed.n),
  };
}
