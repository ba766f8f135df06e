import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCounter, tooManyRequests } from '../http/rate-limit';
import type { LoginGuard } from './account-service';

// Per account, whatever AUTH_RATE_LIMIT says: guessing one person's password stays slow even from many IPs.
export const FAILED_LOGINS_MAX = 5;
export const FAILED_LOGINS_WINDOW_MS = 15 * 60_000;

const TOO_MANY_FAILURES = 'Too many failed logins for this account.';
const FORGOT_HINT = 'Or use "Forgot password" to set a new password.';

export type LoginGuardFactory = (request: FastifyRequest, reply: FastifyReply) => LoginGuard;

/**
 * Counts failed logins per email address (existing or not, so the limit never reveals which addresses have
 * accounts). Create once per app: the counter lives in the rate-limit store.
 */
export function createLoginThrottle(app: FastifyInstance): LoginGuardFactory {
  const accountOf = new WeakMap<FastifyRequest, string>();
  const counter = createCounter(app, {
    max: FAILED_LOGINS_MAX,
    windowMs: FAILED_LOGINS_WINDOW_MS,
    key: (request) => `login-failures:${accountOf.get(request) ?? ''}`,
  });
  return (request, reply) => ({
    async assertAllowed(email) {
      accountOf.set(request, email);
      const { count, resetInMs } = await counter.peek(request);
      if (count >= FAILED_LOGINS_MAX) {
        reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
        throw tooManyRequests(resetInMs, TOO_MANY_FAILURES, FORGOT_HINT);
      }
    },
    async recordFailure(email) {
      accountOf.set(request, email);
      await counter.hit(request);
    },
  });
}
