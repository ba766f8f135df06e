import { describe, expect, it } from 'vitest';
import { createReadBatcher, perDatabase } from './read-batcher';

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

  it('a load that arrives while a fetch is under way waits for a fetch of its own, sent after it', async () => {
    const calls: string[][] = [];
    let release: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    let value = 1;
    const batcher = createReadBatcher(async (keys: string[]) => {
      calls.push(keys);
      const seen = value;
      if (calls.length === 1) await firstHeld;
      return new Map(keys.map((k) => [k, seen]));
    });
    const first = batcher.load('a');
    await new Promise((resolve) => setImmediate(resolve));
    value = 2;
    const second = batcher.load('a');
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('fails only the waiters of the batch whose fetch failed', async () => {
    const batcher = createReadBatcher(
      async (keys: string[]) => {
        if (keys.includes('bad')) throw new Error('connection lost');
        return new Map(keys.map((k) => [k, k.length]));
      },
      { maxBatch: 1 },
    );
    const results = await Promise.allSettled([batcher.load('good'), batcher.load('bad'), batcher.load('fine')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('connection lost'));
  });

  it('fails every waiter of a failed fetch, and a later load fetches again', async () => {
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

  it('fails its waiters when the answer cannot be read, instead of leaving them waiting', async () => {
    const batcher = createReadBatcher(async () => null as unknown as Map<string, number>);
    await expect(batcher.load('a')).rejects.toThrow(TypeError);
  });

  it('perDatabase makes one value per database and keeps it', () => {
    let made = 0;
    const forDb = perDatabase((_db: object) => ({ n: (made += 1) }));
    const one = {} as never;
    const other = {} as never;
    expect(forDb(one)).toBe(forDb(one));
    expect(forDb(other)).not.toBe(forDb(one));
    expect(made).toBe(2);
  });
});
