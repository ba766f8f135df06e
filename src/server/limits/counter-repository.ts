import { sql } from 'kysely';
import type { Executor } from '../db/database';

/**
 * Adds one to `key`'s count in its window, opening a new window of `windowMs` when there is none or it has ended, and
 * answers the new count. One statement (an upsert), so concurrent callers each get their own number on SQLite and
 * on PostgreSQL (the conflicting row is locked until the first commits). Every SET expression reads the row as it
 * was, so `reset_at` is tested before either column changes.
 */
export async function incrementCounter(db: Executor, key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAt: number }> {
  const resetAt = nowMs + windowMs;
  const ended = sql<boolean>`attempt_counters.reset_at <= cast(${nowMs} as bigint)`;
  const row = await db
    .insertInto('attempt_counters')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else attempt_counters.count + 1 end`,
        reset_at: sql<number>`case when ${ended} then cast(${resetAt} as bigint) else attempt_counters.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** `key`'s count in its open window (0 when none is open): a read, for checks that must not write. */
export async function readCounter(db: Executor, key: string, nowMs: number): Promise<{ count: number; resetAt: number }> {
  const row = await db.selectFrom('attempt_counters').select(['count', 'reset_at']).where('key', '=', key).where('reset_at', '>', nowMs).executeTakeFirst();
  return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : { count: 0, resetAt: nowMs };
}

/** Takes one back from `key`'s count, while its window is still open (a new window owes nothing). */
export async function decrementCounter(db: Executor, key: string, nowMs: number): Promise<void> {
  await db
    .updateTable('attempt_counters')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .where('reset_at', '>', nowMs)
    .execute();
}

/** Deletes the rows whose window has ended; answers how many. */
export async function purgeEndedCounters(db: Executor, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('attempt_counters').where('reset_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

