import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { DB } from '../db/database';
import { createHash } from 'node:crypto';
import { decrementCounter, incrementCounter, purgeEndedCounters, readCounter } from './counter-repository';

/**
 * Counts attempts that a rule limits, in fixed windows, shared by every process of the shop: in Redis when REDIS_URL
 * is set, in the database otherwise (and while Redis is unreachable, so a Redis outage neither stops the limits nor
 * locks customers out). Both count atomically: each of many simultaneous attempts gets its own number.
 */
export interface CounterStore {
  /** Adds one to `key` within its window (a new one of `windowMs` when none is open) and answers the new count. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Takes one back from `key`'s open window: an attempt that turned out not to count. */
  decrement(key: string): Promise<void>;
  /** `key`'s count in its open window (0 when none is open), without adding to it. */
  read(key: string): Promise<{ count: number; resetAt: number }>;
}

const REDIS_PREFIX = 'ghee-attempts:';
// INCR, and the window's expiry set by the attempt that opened it (or mended, should a key ever lack one).
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
// Never below zero, and never on a key whose window has ended (that would leave a key without expiry).
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;
// The count and how long its window has left, or nothing for a key without an open window.
const READ = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

const WARN_EVERY_MS = 60_000;

export function databaseCounters(db: DB): CounterStore & { purge(): Promise<number> } {
  return {
    increment: (key, windowMs) => incrementCounter(db, key, windowMs, Date.now()),
    decrement: (key) => decrementCounter(db, key, Date.now()),
    read: (key) => readCounter(db, key, Date.now()),
    purge: () => purgeEndedCounters(db, Date.now()),
  };
}

/**
 * A shop's own name for its counters in a shared Redis. Every process of one shop has the same JWT_SECRET (they must,
 * to accept each other's tokens), so they count together, while another shop on the same Redis (a test shop beside
 * the real one) never shares a count with it. A digest: the secret itself never leaves the process.
 */
export function counterNamespace(jwtSecret: string): string {
  return createHash('sha256').update(`attempt-counters|${jwtSecret}`).digest('hex').slice(0, 16);
}

/** Counters in Redis under `namespace`, each key expiring with its window. */
export function redisCounters(redis: Redis, namespace: string): CounterStore {
  const keyOf = (key: string) => `${REDIS_PREFIX}${namespace}:${key}`;
  return {
    async increment(key, windowMs) {
      const [count, ttl] = (await redis.eval(INCREMENT, 1, keyOf(key), String(windowMs))) as [number, number];
      return { count: Number(count), resetAt: Date.now() + Number(ttl) };
    },
    async decrement(key) {
      await redis.eval(DECREMENT, 1, keyOf(key));
    },
    async read(key) {
      const [count, ttl] = (await redis.eval(READ, 1, keyOf(key))) as [number, number];
      return { count: Number(count), resetAt: Date.now() + Math.max(0, Number(ttl)) };
    },
  };
}

/** Redis first; the database when Redis fails a command (said in the log at most once a minute). */
export function createCounterStore(options: { db: DB; redis?: Redis | undefined; jwtSecret: string; log: FastifyBaseLogger }): CounterStore {
  const database = databaseCounters(options.db);
  if (!options.redis) return database;
  const redis = redisCounters(options.redis, counterNamespace(options.jwtSecret));
  let warnedAt = -Infinity;
  const fallBack = (error: unknown) => {
    const now = performance.now();
    if (now - warnedAt >= WARN_EVERY_MS) {
      warnedAt = now;
      options.log.warn({ err: error }, 'Redis unavailable: attempt limits are counted in the database meanwhile');
    }
  };
  return {
    async increment(key, windowMs) {
      try {
        return await redis.increment(key, windowMs);
      } catch (error) {
        fallBack(error);
        return database.increment(key, windowMs);
      }
    },
    async decrement(key) {
      try {
        await redis.decrement(key);
      } catch (error) {
        fallBack(error);
        await database.decrement(key);
      }
    },
    async read(key) {
      try {
        return await redis.read(key);
      } catch (error) {
        fallBack(error);
        return database.read(key);
      }
    },
  };
}

const PURGE_EVERY_MS = 10 * 60_000;

/** Deletes ended windows from the database every few minutes; answers the function that stops it. */
export function startCounterPurge(db: DB, log: FastifyBaseLogger): () => void {
  const store = databaseCounters(db);
  const timer = setInterval(() => {
    store.purge().catch((error: unknown) => log.warn({ err: error }, 'could not delete ended attempt counters'));
  }, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
