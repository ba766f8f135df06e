import type { Executor } from '../db/database';
import type { SessionsTable } from '../db/schema';

export type SessionRow = Omit<SessionsTable, 'ended_at'> & { ended_at: string | null };

export async function insertSession(db: Executor, row: Omit<SessionRow, 'ended_at'>): Promise<void> {
  await db.insertInto('sessions').values({ ...row, ended_at: null }).execute();
}

/** Ends one of the account's sessions; false when it is not the account's or had already ended. */
export async function endSession(db: Executor, userId: number, sessionId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every open session of the account (but `keep`, when given). */
export async function endSessionsOf(db: Executor, userId: number, now: string, keep?: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .$if(keep !== undefined, (q) => q.where('id', '<>', keep ?? ''))
    .execute();
}

/** The account's sessions that still let someone in, the most recently used first. */
export function activeSessionsOf(db: Executor, userId: number, now: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Records use of the session, unless another request (or process) already did since `seenBefore`. */
export async function touchSession(db: Executor, sessionId: string, now: string, seenBefore: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', seenBefore)
    .execute();
}
