import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { claimAttempt, refuseWhenLimitReached, type AttemptLimit } from './attempts';
import { createCounterStore, databaseCounters, redisCounters, type CounterStore } from './counters';
import { HttpError } from '../http/errors';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let keyCounter = 0;
const freshKey = () => `test:${process.pid}:${Date.now()}:${(keyCounter += 1)}`;

const limit = (key: string, max: number, windowMs = 60_000): AttemptLimit => ({
  key,
  max,
  windowMs,
  refuse: (resetInMs) => new HttpError(429, 'RATE_LIMITED', `over ${key}`, undefined, { resetInMs }),
});

/** The same checks for every store: atomic counts under concurrency, windows, and taking counts back. */
function storeContract(name: string, store: () => CounterStore) {
  describe(name, () => {
    it('100 simultaneous increments each get their own count', async () => {
      const key = freshKey();
      const counts = await Promise.all(Array.from({ length: 100 }, () => store().increment(key, 60_000).then((r) => r.count)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    });

    it('a window ends and the next attempt opens a new one; a decrement never goes below zero', async () => {
      const key = freshKey();
      expect((await store().increment(key, 150)).count).toBe(1);
      expect((await store().increment(key, 150)).count).toBe(2);
      await sleep(250);
      const fresh = await store().increment(key, 150);
      expect(fresh.count).toBe(1);
      expect(fresh.resetAt - Date.now()).toBeGreaterThan(0);
      await store().decrement(key);
      await store().decrement(key);
      expect((await store().increment(key, 150)).count).toBe(1);
    });

    it('of 60 simultaneous claims on a limit of 5, exactly 5 pass; released ones free their place', async () => {
      const key = freshKey();
      const outcomes = await Promise.allSettled(Array.from({ length: 60 }, () => claimAttempt(store(), [limit(key, 5)])));
      const passed = outcomes.filter((o) => o.status === 'fulfilled');
      expect(passed).toHaveLength(5);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ statusCode: 429 });
      await (passed[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
      await expect(claimAttempt(store(), [limit(key, 5)])).resolves.toBeTruthy();
      await expect(claimAttempt(store(), [limit(key, 5)])).rejects.toMatchObject({ statusCode: 429 });
    });

    it("a read tells the open window's count without adding to it; a limit reached refuses without counting", async () => {
      const key = freshKey();
      expect((await store().read(key)).count).toBe(0);
      await store().increment(key, 60_000);
      await store().increment(key, 60_000);
      expect((await store().read(key)).count).toBe(2);
      expect((await store().read(key)).count).toBe(2);
      await expect(refuseWhenLimitReached(store(), [limit(key, 3)])).resolves.toBeUndefined();
      await store().increment(key, 60_000);
      const refused = await refuseWhenLimitReached(store(), [limit(key, 3)]).catch((error: unknown) => error);
      expect(refused).toMatchObject({ statusCode: 429 });
      expect((await store().read(key)).count).toBe(3);
    });

    it('a read after the window ended counts nothing', async () => {
      const key = freshKey();
      await store().increment(key, 100);
      await sleep(200);
      expect((await store().read(key)).count).toBe(0);
    });
  });
}

describeEachDatabase('attempt counters in the database', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());
  storeContract('database', () => databaseCounters(shop.app.ctx.db));

  it('ended windows are purged', async () => {
    const counters = databaseCounters(shop.app.ctx.db);
    const key = freshKey();
    await counters.increment(key, 1);
    await sleep(10);
    expect(await counters.purge()).toBeGreaterThanOrEqual(1);
    const left = await shop.app.ctx.db.selectFrom('attempt_counters').select('key').where('key', '=', key).execute();
    expect(left).toEqual([]);
  });

  it('with Redis unreachable, counting goes on in the database', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    dead.on('error', () => {});
    const silent = { warn: () => {} } as unknown as Parameters<typeof createCounterStore>[0]['log'];
    const store = createCounterStore({ db: shop.app.ctx.db, redis: dead, jwtSecret: 'x'.repeat(32), log: silent });
    const key = freshKey();
    expect((await store.increment(key, 60_000)).count).toBe(1);
    expect((await store.increment(key, 60_000)).count).toBe(2);
    dead.disconnect();
  });
});

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`attempt counters: the Redis store's tests are skipped: no Redis answers at ${REDIS_URL}.`);

describe.skipIf(!redisUp)('attempt counters in Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.ping();
  });
  afterAll(() => redis.disconnect());
  storeContract('redis', () => redisCounters(redis, 'counters-test'));
});
