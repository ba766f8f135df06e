import { SHOP_TIME_ZONE } from '../../domain/constants';
import { HttpError } from '../http/errors';
import { describeWait, tooManyRequests } from '../http/rate-limit';
import { claimAttempt } from '../limits/attempts';
import type { CounterStore } from '../limits/counters';
import { UNLOCK_LINK_HOURS } from './unlock-links';

// Per account, whatever AUTH_RATE_LIMIT says: guessing one person's password stays slow even from many IPs.
export const FAILED_LOGINS_MAX = 5;
export const FAILED_LOGINS_WINDOW_MS = 15 * 60_000;
/** Wrong passwords one mailed sign-in link may take in its life; past them it is refused like the lock. */
export const UNLOCK_LINK_FAILURES_MAX = 5;

const lockEnd = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: SHOP_TIME_ZONE });

/** "4:05 pm": when a lock ends, in the shop's time, for the 429 and the mail. */
export function lockEndsAt(resetAtMs: number): string {
  return lockEnd.format(new Date(resetAtMs));
}

/**
 * The locked account's 429 (DESIGN.md §7.1, decision 051). The same for every address, with an account or without,
 * so it tells nobody which addresses have one. The owner was mailed a link that signs in despite the lock, so wrong
 * passwords from elsewhere cannot keep them out; a password reset works too.
 */
export function accountLocked(resetInMs: number, nowMs = Date.now()): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const endsAt = new Date(nowMs + seconds * 1000);
  const message =
    `Too many failed logins for this account, so signing in with its password is paused until ${lockEnd.format(endsAt)} India time ` +
    `(in ${describeWait(seconds)}). If the account is yours, open the sign-in link we have e-mailed to it: it lets you in now, ` +
    'despite the pause. Or use "Forgot password" to reset your password by e-mail, which lifts the pause at once.';
  return new HttpError(429, 'RATE_LIMITED', message, undefined, { retryAfter: seconds, lockedUntil: endsAt.toISOString() });
}

export interface LoginAttempt {
  /** The password was right: this try does not count. */
  succeeded(): Promise<void>;
  /** The password was wrong: the try stays counted. `locked` is true for the one failure that locked the account. */
  failed(): { locked: boolean; lockedUntilMs: number };
}

/**
 * Counts a try at an account's password before it is checked (`lockKey` is accountLockKey's), so of many
 * simultaneous guesses only FAILED_LOGINS_MAX are checked at all; 429 while the account is locked.
 */
export async function claimLogin(counters: CounterStore, lockKey: string): Promise<LoginAttempt> {
  const attempt = await claimAttempt(counters, [
    {
      key: `login-failures:${lockKey}`,
      max: FAILED_LOGINS_MAX,
      windowMs: FAILED_LOGINS_WINDOW_MS,
      refuse: (resetInMs) => accountLocked(resetInMs),
    },
  ]);
  return {
    succeeded: () => attempt.release(),
    failed: () => ({ locked: attempt.counts[0] === FAILED_LOGINS_MAX, lockedUntilMs: attempt.resetAt[0] ?? Date.now() }),
  };
}

/** A try through a mailed sign-in link: the account's lock does not apply, the link's own limit does. */
export async function claimLoginWithLink(counters: CounterStore, tokenId: string): Promise<LoginAttempt> {
  const attempt = await claimAttempt(counters, [
    {
      key: `unlock-link-failures:${tokenId}`,
      max: UNLOCK_LINK_FAILURES_MAX,
      windowMs: UNLOCK_LINK_HOURS * 60 * 60 * 1000,
      refuse: (resetInMs) =>
        tooManyRequests(resetInMs, 'This sign-in link was used with too many wrong passwords.', 'Use "Forgot password" to reset your password by e-mail.'),
    },
  ]);
  return { succeeded: () => attempt.release(), failed: () => ({ locked: false, lockedUntilMs: 0 }) };
}
