import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { tooManyRequests } from '../http/rate-limit';
import { claimAttempt, type Attempt, type AttemptLimit } from '../limits/attempts';

// Guessing codes is how a "secret" influencer code leaks: codes that do not exist are counted per account and per IP.
export const COUPON_FAILURES_PER_ACCOUNT = 10;
export const COUPON_FAILURES_PER_IP = 30;
export const COUPON_FAILURES_WINDOW_MS = 15 * 60_000;

/** Bound to one request: what checkout pricing calls around looking a code up. */
export interface CouponGuard {
  /** Counts this try before the code is looked up; 429 once the account or the IP has tried too many unknown codes. */
  claim(): Promise<void>;
  /** The code exists: the try does not count. */
  release(): Promise<void>;
}

/**
 * Every try at a code is counted before the code is looked up and taken back when the code exists, so of 100
 * simultaneous quotes with made-up codes exactly the limit's number are looked up (DESIGN.md §8.8).
 */
export function createCouponThrottle(ctx: Pick<AppContext, 'counters'>) {
  const limitsOf = (request: FastifyRequest, userId: number): AttemptLimit[] => {
    const refuse = (resetInMs: number) => tooManyRequests(resetInMs, 'Too many codes that do not exist were tried.');
    return [
      { key: `coupon-failures:user:${userId}`, max: COUPON_FAILURES_PER_ACCOUNT, windowMs: COUPON_FAILURES_WINDOW_MS, refuse },
      { key: `coupon-failures:ip:${request.ip}`, max: COUPON_FAILURES_PER_IP, windowMs: COUPON_FAILURES_WINDOW_MS, refuse },
    ];
  };
  return {
    guardFor(request: FastifyRequest, userId: number): CouponGuard {
      let attempt: Attempt | undefined;
      return {
        async claim() {
          attempt = await claimAttempt(ctx.counters, limitsOf(request, userId));
        },
        async release() {
          await attempt?.release();
        },
      };
    },
  };
}
