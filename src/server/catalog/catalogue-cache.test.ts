import { describe, expect, it } from 'vitest';
import { entityTag } from '../http/encoded-answer';
import { createCatalogueCache } from './catalogue-cache';

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('catalogue cache', () => {
  it('loads once within the time to live, and again after it', async () => {
    const c = clock();
    let loads = 0;
    const cache = createCatalogueCache(async () => [++loads], { ttlMs: 2000, now: c.now });
    expect((await cache.get()).body).toBe('[1]');
    c.advance(1999);
    expect((await cache.get()).body).toBe('[1]');
    c.advance(1);
    expect((await cache.get()).body).toBe('[2]');
  });

  it('peeks at the list only while it is within its time to live, and drops it on a change', async () => {
    const c = clock();
    let loads = 0;
    const cache = createCatalogueCache(async () => [++loads], { ttlMs: 2000, now: c.now });
    expect(cache.peek()).toBeNull();
    const loaded = await cache.get();
    expect(cache.peek()?.etag).toBe(loaded.etag);
    c.advance(2000);
    expect(cache.peek()).toBeNull();
    await cache.get();
    cache.invalidate();
    expect(cache.peek()).toBeNull();
  });

  it('shares one load between requests that arrive together', async () => {
    let loads = 0;
    const cache = createCatalogueCache(async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return ['x'];
    }, { ttlMs: 1000 });
    const all = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(loads).toBe(1);
    expect(new Set(all.map((p) => p.etag)).size).toBe(1);
  });

  it('never keeps a list that was being loaded while the catalogue changed', async () => {
    let version = 1;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const cache = createCatalogueCache(async () => {
      const seen = version;
      if (seen === 1) await gate;
      return [seen];
    }, { ttlMs: 60_000 });
    const slow = cache.get();
    version = 2;
    cache.invalidate();
    release();
    expect((await slow).body).toBe('[1]');
    expect((await cache.get()).body).toBe('[2]');
  });

  it('serves the last good list when the source fails, and fails when there is none', async () => {
    const c = clock();
    let fail = true;
    const stale: unknown[] = [];
    const cache = createCatalogueCache(
      async () => {
        if (fail) throw new Error('source down');
        return ['ok'];
      },
      { ttlMs: 10, now: c.now, onStaleServed: (e) => stale.push(e) },
    );
    await expect(cache.get()).rejects.toThrow('source down');
    fail = false;
    expect((await cache.get()).body).toBe('["ok"]');
    fail = true;
    c.advance(11);
    expect((await cache.get()).body).toBe('["ok"]');
    expect(stale).toHaveLength(1);
  });

  it('tags by content only', () => {
    expect(entityTag('[1]')).toBe(entityTag('[1]'));
    expect(entityTag('[1]')).not.toBe(entityTag('[2]'));
    expect(entityTag('[1]')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });
});
