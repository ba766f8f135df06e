import { describe, expect, it } from 'vitest';
import { createCustomerOrdersCache } from './customer-orders-cache';

/** A list of `orders` made-up orders for a customer, about 600 bytes each, and a count of how often each was built. */
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
    const first = await cache.answer(1, 5);
    expect(await cache.answer(1, 5)).toBe(first);
    expect(built(1)).toBe(1);
    expect(await cache.answer(1, 6)).not.toBe(first);
    expect(built(1)).toBe(2);
  });

  it('keeps what is sent, not the JSON text it was made from', async () => {
    const { load } = lists();
    const answer = await createCustomerOrdersCache(load).answer(1, 1);
    expect(Object.keys(answer).sort()).toEqual(['encoded', 'etag']);
    expect(JSON.parse(answer.encoded.identity.toString('utf8'))).toHaveLength(20);
  });

  it('drops the least recently asked lists once their bytes pass the limit, however few customers there are', async () => {
    const { load, built } = lists();
    const one = await createCustomerOrdersCache(load).answer(99, 1);
    const perList = one.encoded.identity.length + one.encoded.br.length + one.encoded.gzip.length;
    // Room for two lists and a half: the third customer's list pushes the first one out.
    const cache = createCustomerOrdersCache(load, { maxEntries: 500, maxBytes: Math.round(perList * 2.5) });
    await cache.answer(1, 1);
    await cache.answer(2, 1);
    await cache.answer(3, 1);
    await cache.answer(2, 1);
    await cache.answer(3, 1);
    expect([built(1), built(2), built(3)]).toEqual([1, 1, 1]);
    await cache.answer(1, 1);
    expect(built(1)).toBe(2);
    // Asking for the first again made room by dropping the least recently asked of the others (2).
    await cache.answer(3, 1);
    await cache.answer(2, 1);
    expect([built(2), built(3)]).toEqual([2, 1]);
  });
});
