import { describe, expect, it } from 'vitest';
import { createReadBatcher } from './read-batcher';

function recordingFetch(values: Record<string, number>) {
  const calls: string[][] = [];
  const fetch = async (keys: string[]) => {
    calls.push(keys);
    return new Map(keys.flatMap((k) => (k in values ? [[k, values[k] as number] as const] : [])));
  };
  return { calls, fetch };
}

describe('read batcher', () => {
  it('sends the keys asked for in one turn of the event loop as one fetch, each key once', async () => {
    const { calls, fetch } = recordingFetch({ a: 1, b: 2 });
    const batcher = createReadBatcher(fetch);
    const answers = await Promise.all([batcher.load('a'), batcher.load('b'), batcher.load('a'), batcher.load('missing')]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
  });

  it('never answers a load from an earlier batch: a key asked again later is fetched again', async () => {
    const values = { a: 1 };
    const { calls, fetch } = recordingFetch(values);
    const batcher = createReadBatcher(fetch);
    expect(await batcher.load('a')).toBe(1);
    values.a = 2;
    expect(await batcher.load('a')).toBe(2);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('splits a large turn into batches of at most maxBatch keys', async () => {
    const { calls, fetch } = recordingFetch({ a: 1, b: 2, c: 3, d: 4, e: 5 });
    const batcher = createReadBatcher(fetch, { maxBatch: 2 });
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => batcher.load(k)))).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails every waiter of a failed fetch, and only those', async () => {
    let fail = true;
    const batcher = createReadBatcher(async (keys: string[]) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, k.length]));
    });
    const failed = await Promise.allSettled([batcher.load('a'), batcher.load('bb')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).toEqual(new Error('connection lost'));
    fail = false;
    expect(await batcher.load('bb')).toBe(2);
  });

  it('fails the waiters of a fetch that throws before returning a promise', async () => {
    const batcher = createReadBatcher((): Promise<Map<string, number>> => {
      throw new Error('bad query');
    });
    await expect(batcher.load('a')).rejects.toThrow('bad query');
  });
});
