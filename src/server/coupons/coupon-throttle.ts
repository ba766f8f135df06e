import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCounter, tooManyRequests } from '../http/rate-limit';

// Guessing codes is how a "secret" influencer code leaks: unknown codes are counted per account and per IP.
export const COUPON_FAILURES_PER_ACCOUNT = 10;
export const COUPON_FAILURES_PER_IP = 30;
export const COUPON_FAILURES_WINDOW_MS = 15 * 60_000;

export interface CouponThrottle {
  /** Throws 429 once the account or the IP has tried too many unknown codes. */
  assertAllowed(request: FastifyRequest, userId: number): Promise<void>;
  recordUnknown(request: FastifyRequest, userId: number): Promise<void>;
}

/** Needs registerRateLimit in the same scope; create once per app (the counters live in the rate-limit store). */
export function createCouponThrottle(app: FastifyInstance): CouponThrottle {
  const userOf = new WeakMap<FastifyRequest, number>();
  const perAccount = createCounter(app, {
    max: COUPON_FAILURES_PER_ACCOUNT,
    windowMs: COUPON_FAILURES_WINDOW_MS,
    key: (request) => `coupon-failures:user:${userOf.get(request) ?? 0}`,
  });
  const perIp = createCounter(app, {
    max: COUPON_FAILURES_PER_IP,
    windowMs: COUPON_FAILURES_WINDOW_MS,
    key: (request) => `coupon-failures:ip:${request.ip}`,
  });
  return {
    async assertAllowed(request, userId) {
      userOf.set(request, userId);
      for (const [counter, max] of [
        [perAccount, COUPON_FAILURES_PER_ACCOUNT],
        [perIp, COUPON_FAILURES_PER_IP],
      ] as const) {
        const { count, resetInMs } = await counter.peek(request);
        if (count >= max) throw tooManyRequests(resetInMs, 'Too many codes that do not exist were tried.');
      }
    },
    async recordUnknown(request, userId) {
      userOf.set(request, userId);
      await Promise.all([perAccount.hit(request), perIp.hit(request)]);
    },
  };
}
