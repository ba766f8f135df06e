import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHOP_TIME_ZONE } from '../../domain/constants';
import { HttpError } from '../http/errors';
import { createCounter, describeWait } from '../http/rate-limit';
import type { LoginGuard } from './account-service';

// Per account, whatever AUTH_RATE_LIMIT says: guessing one person's password stays slow even from many IPs.
export const FAILED_LOGINS_MAX = 5;
export const FAILED_LOGINS_WINDOW_MS = 15 * 60_000;

const lockEnd = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: SHOP_TIME_ZONE });

/**
 * The locked account's 429 (DESIGN.md §7.1): the owner can get in at once by resetting the password by e-mail (a
 * reset lifts the lock, see account-lock.ts), and learns when the lock ends on its own.
 */
export function accountLocked(resetInMs: number, nowMs = Date.now()): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const endsAt = new Date(nowMs + seconds * 1000);
  const message =
    'Too many failed logins for this account. To sign in now, use "Forgot password" and reset your password by e-mail: ' +
    `that lifts the lock at once. Otherwise try again in ${describeWait(seconds)} (at ${lockEnd.format(endsAt)} India time).`;
  return new HttpError(429, 'RATE_LIMITED', message, undefined, { retryAfter: seconds, lockedUntil: endsAt.toISOString() });
}

export type LoginGuardFactory = (request: FastifyRequest, reply: FastifyReply) => LoginGuard;

/**
 * Counts failed logins per account lock key (accountLockKey: for every address, existing or not, so the limit never
 * reveals which addresses have accounts). Create once per app: the counter lives in the rate-limit store.
 */
export function createLoginThrottle(app: FastifyInstance): LoginGuardFactory {
  const accountOf = new WeakMap<FastifyRequest, string>();
  const counter = createCounter(app, {
    max: FAILED_LOGINS_MAX,
    windowMs: FAILED_LOGINS_WINDOW_MS,
    key: (request) => `login-failures:${accountOf.get(request) ?? ''}`,
  });
  return (request, reply) => ({
    async assertAllowed(lockKey) {
      accountOf.set(request, lockKey);
      const { count, resetInMs } = await counter.peek(request);
      if (count >= FAILED_LOGINS_MAX) {
        reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
        throw accountLocked(resetInMs);
      }
    },
    async recordFailure(lockKey) {
      accountOf.set(request, lockKey);
      await counter.hit(request);
    },
  });
}
