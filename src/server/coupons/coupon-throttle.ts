import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { tooManyRequests } from '../http/rate-limit';
import { claimAttempt, refuseWhenLimitReached, type AttemptLimit } from '../limits/attempts';

// Guessing codes is how a "secret" influencer code leaks: codes that do not exist are counted per account and per IP.
export const COUPON_FAILURES_PER_ACCOUNT = 10;
export const COUPON_FAILURES_PER_IP = 30;
export const COUPON_FAILURES_WINDOW_MS = 15 * 60_000;

/** Bound to one request: what checkout pricing calls once it has looked a code up. */
export interface CouponGuard {
  /** The code does not exist: the try counts; 429 (instead of "no such code") once the account or the IP is past its limit. */
  unknown(): Promise<void>;
  /** The code exists: the try does not count, but a client past its limit is refused all the same. */
  known(): Promise<void>;
}

/**
 * Tries at codes that do not exist are counted with an atomic increment before the answer is given, so of 100
 * simultaneous quotes with made-up codes exactly the limit's number are told "no such code" (DESIGN.md §8.8). A code
 * that exists only reads the counts: an order with a good code, the common case, writes no counter, and a client past
 * its limit cannot tell a right code from a wrong one, since both are refused.
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
      return {
        async unknown() {
          await claimAttempt(ctx.counters, limitsOf(request, userId));
        },
        async known() {
          await refuseWhenLimitReached(ctx.counters, limitsOf(request, userId));
        },
      };
    },
  };
}
