import type { Executor } from '../db/database';

export interface ResetTokenRow {
  id: number;
  user_id: number;
  expires_at: string;
  used_at: string | null;
}

export async function insertResetToken(
  db: Executor,
  token: { userId: number; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      used_at: null,
      created_at: token.createdAt,
    })
    .execute();
}

export function findResetToken(db: Executor, tokenHash: string): Promise<ResetTokenRow | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the token used if it still is unused and unexpired. Returns false when another request got there
 * first, so a link clicked twice at once sets the password only once.
 */
export async function claimResetToken(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every outstanding link of the account: once the password is set, older mails must not work. */
export async function invalidateResetTokens(db: Executor, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
