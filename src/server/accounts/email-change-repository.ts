import type { Executor } from '../db/database';
import type { EmailChangesTable } from '../db/schema';

export type EmailChangeRow = EmailChangesTable;

export async function insertEmailChange(db: Executor, row: Omit<EmailChangeRow, 'used_at'>): Promise<void> {
  await db.insertInto('email_changes').values({ ...row, used_at: null }).execute();
}

export function findEmailChange(db: Executor, tokenHash: string): Promise<EmailChangeRow | undefined> {
  return db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the link used if it still is unused and unexpired; false when another request got there first. */
export async function claimEmailChange(db: Executor, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels every change of the account still waiting: a newer request, a confirmed change or a password reset. */
export async function cancelEmailChanges(db: Executor, userId: number, now: string): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function setEmail(db: Executor, userId: number, email: string, now: string): Promise<void> {
  await db.updateTable('users').set({ email, updated_at: now }).where('id', '=', userId).execute();
}
