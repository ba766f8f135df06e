import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/database';
import { insertResetToken } from './reset-token-repository';

/** Only this digest is stored: a leaked database does not hand out working reset links. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a one-time token (32 random bytes) for the account, valid for `ttlMs`; returns the raw token. */
export async function issueResetToken(db: Executor, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertResetToken(db, {
    userId,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(now + ttlMs).toISOString(),
    createdAt: new Date(now).toISOString(),
  });
  return token;
}
