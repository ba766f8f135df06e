import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRow } from '../db/schema';

/** A mailed sign-in link works this long, and a new one is mailed at most this often while the lock goes on. */
export const UNLOCK_LINK_HOURS = 24;
export const UNLOCK_MAIL_EVERY_HOURS = 12;

type LinkUser = Pick<UserRow, 'id' | 'password_changed_at'>;

function signature(secret: string, user: LinkUser, expiresAtMs: number): string {
  // Bound to the password's version: a reset (the owner's or, after a takeover, the thief's) voids every link.
  return createHmac('sha256', secret)
    .update(`login-unlock|${user.id}|${expiresAtMs}|${user.password_changed_at ?? ''}`)
    .digest('base64url');
}

/**
 * The token of a link that lets the account's owner sign in while wrong passwords from elsewhere keep the account
 * locked (decision 051): the account, when it ends, and a signature with the shop's secret. Nothing is stored; the
 * wrong passwords a link may take are counted under its signature.
 */
export function issueUnlockToken(secret: string, user: LinkUser, nowMs = Date.now()): string {
  const expiresAtMs = nowMs + UNLOCK_LINK_HOURS * 60 * 60 * 1000;
  return `${user.id}.${expiresAtMs}.${signature(secret, user, expiresAtMs)}`;
}

/** Whether `token` is a live link of this account, for its current password. */
export function unlockTokenFits(secret: string, token: string, user: LinkUser, nowMs = Date.now()): boolean {
  const [id, expires, given] = token.split('.');
  const expiresAtMs = Number(expires);
  if (id !== String(user.id) || !given || !Number.isSafeInteger(expiresAtMs) || expiresAtMs <= nowMs) return false;
  const expected = Buffer.from(signature(secret, user, expiresAtMs));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What the link's own failures are counted under. */
export function unlockTokenId(token: string): string {
  return token.slice(token.lastIndexOf('.') + 1);
}

/** The login page with the address filled in and the link's token, which the page sends along with the password. */
export function unlockLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/login?email=${encodeURIComponent(email)}&unlock=${encodeURIComponent(token)}`;
}
