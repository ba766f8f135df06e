import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from './errors';

export interface RateLimitSetup {
  /** A shared store for every server process; without it each process counts on its own. */
  redis?: Redis | undefined;
}

/**
 * Adds @fastify/rate-limit to the given scope without limiting anything by itself: routes opt in with
 * `config: { rateLimit: perIpPerMinute(n) }`. Passing `redis` is all it takes to share them between processes.
 * Limits on outcomes (failed logins, unknown codes) are counted by limits/attempts.ts instead.
 */
export async function registerRateLimit(app: FastifyInstance, setup: RateLimitSetup = {}): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not lock customers out of the shop: counting pauses instead, and the log says so.
    skipOnError: true,
    ...(setup.redis ? { redis: setup.redis, nameSpace: 'ghee-rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl, 'Too many requests from your network.'),
  });
}

/** Route config for a per-IP limit: `max` requests per minute. */
export function perIpPerMinute(max: number) {
  return { max, timeWindow: 60_000, hook: 'onRequest' as const };
}

/** The 429 answer: says how long to wait, in words and in `retryAfter` seconds. */
export function tooManyRequests(resetInMs: number, what: string, hint = ''): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const message = `${what} Please try again in ${describeWait(seconds)}.${hint ? ` ${hint}` : ''}`;
  return new HttpError(429, 'RATE_LIMITED', message, undefined, { retryAfter: seconds });
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * A Redis client for shared rate limits, closed with the app. Commands fail fast while Redis is unreachable
 * (no offline queue), so a request never waits on it.
 */
export async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set: the client costs memory and start-up time a single process never needs.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis unavailable: rate limits are not counted'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}
