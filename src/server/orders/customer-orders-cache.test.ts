import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCustomerOrdersCache } from './customer-orders-cache';

/** A list of 20 made-up orders for a customer, about 600 bytes each, and a count of how often each was built. */
function lists() {
  const built = new Map<number, number>();
  const load = async (userId: number) => {
    built.set(userId, (built.get(userId) ?? 0) + 1);
    const orders = Array.from({ length: 20 }, (_, i) => ({ orderid: `order_${userId}_${i}`, note: `${'x'.repeat(500)}${Math.random()}` }));
    return JSON.stringify(orders);
  };
  return { load, built: (userId: number) => built.get(userId) ?? 0 };
}

describe('customer orders cache', () => {
  it('answers a customer again from memory until the orders version changes', async () => {
    const { load, built } = lists();
    const cache = createCustomerOrdersCache(load);
    const first = await cache.answer(1, 5, 'br');
    expect(await cache.answer(1, 5, 'br')).toEqual(first);
    expect(built(1)).toBe(1);
    const next = await cache.answer(1, 6, 'br');
    expect(next.etag).not.toBe(first.etag);
    expect(built(1)).toBe(2);
  });

  it('peeks at a kept answer only at its version and in an encoding already made', async () => {
    const { load, built } = lists();
    const cache = createCustomerOrdersCache(load);
    expect(cache.peek(1, 5, 'br')).toBeNull();
    const first = await cache.answer(1, 5, 'br');
    expect(cache.peek(1, 5, 'br')).toEqual(first);
    expect(cache.peek(1, 5, 'gzip')).toBeNull();
    expect(cache.peek(1, 6, 'br')).toBeNull();
    expect(cache.peek(2, 5, 'br')).toBeNull();
    expect(built(1)).toBe(1);
  });

  it('compresses only the encoding asked for, and keeps a second one beside it when the list is the same', async () => {
    let builds = 0;
    const cache = createCustomerOrdersCache(async () => {
      builds += 1;
      return JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ orderid: `order_${i}`, note: 'x'.repeat(500) })));
    });
    const br = await cache.answer(1, 1, 'br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toHaveLength(20);
    const gzip = await cache.answer(1, 1, 'gzip');
    expect(gzip.etag).toBe(br.etag);
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toHaveLength(20);
    expect(builds).toBe(2);
    expect((await cache.answer(1, 1, 'br')).bytes).toBe(br.bytes);
    expect((await cache.answer(1, 1, 'gzip')).bytes).toBe(gzip.bytes);
    expect(builds).toBe(2);
  });

  it('drops the least recently asked lists once their bytes pass the limit, however few customers there are', async () => {
    const { load, built } = lists();
    const one = await createCustomerOrdersCache(load).answer(99, 1, 'identity');
    // Room for two lists and a half: the third customer's list pushes the first one out.
    const cache = createCustomerOrdersCache(load, { maxEntries: 500, maxBytes: Math.round((one.bytes.length + 256) * 2.5) });
    await cache.answer(1, 1, 'identity');
    await cache.answer(2, 1, 'identity');
    await cache.answer(3, 1, 'identity');
    await cache.answer(2, 1, 'identity');
    await cache.answer(3, 1, 'identity');
    expect([built(1), built(2), built(3)]).toEqual([1, 1, 1]);
    await cache.answer(1, 1, 'identity');
    expect(built(1)).toBe(2);
    // Asking for the first again made room by dropping the least recently asked of the others (2).
    await cache.answer(3, 1, 'identity');
    await cache.answer(2, 1, 'identity');
    expect([built(2), built(3)]).toEqual([2, 1]);
  });

  it('keeps the bytes already made when a new version leaves the list as it was', async () => {
    let builds = 0;
    const cache = createCustomerOrdersCache(async () => {
      builds += 1;
      return JSON.stringify([{ orderid: 'order_1', status: 'Order Placed' }]);
    });
    const first = await cache.answer(1, 1, 'br');
    const next = await cache.answer(1, 2, 'br');
    expect(builds).toBe(2);
    expect(next.etag).toBe(first.etag);
    expect(next.bytes).toBe(first.bytes);
  });

  it('keeps small answers in memory of their own size, so the byte bound counts what is held', async () => {
    const cache = createCustomerOrdersCache(async () => JSON.stringify([{ orderid: 'order_1' }]));
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const { bytes } = await cache.answer(1, 1, encoding);
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
  });

  it('does not file a list read at an older version over one read at a newer version that finished first', async () => {
    const releases: ((body: string) => void)[] = [];
    const cache = createCustomerOrdersCache(() => new Promise<string>((resolve) => releases.push(resolve)));
    const older = cache.answer(1, 1, 'identity');
    const newer = cache.answer(1, 2, 'identity');
    releases[1]?.('["two orders"]');
    await newer;
    releases[0]?.('["one order"]');
    expect((await older).bytes.toString()).toBe('["one order"]');
    // The newer list is the one kept: asked at version 2, it answers without another read.
    const again = cache.answer(1, 2, 'identity');
    expect((await again).bytes.toString()).toBe('["two orders"]');
    expect(releases).toHaveLength(2);
  });
});
