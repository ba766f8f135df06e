import { encodeAnswer, type EncodedAnswer } from '../http/encoded-answer';

/** The serialized public product list, its entity tag, and its bytes ready to send in each encoding. */
export type CataloguePayload = EncodedAnswer;

export interface CatalogueCache {
  /** The cached list, loading it when there is none or it is older than the time to live. */
  get(): Promise<CataloguePayload>;
  /** The cached list when it is within its time to live, else null (then call `get`). */
  peek(): CataloguePayload | null;
  /** Drops the cached list; the next `get` loads a fresh one. Call it after every catalogue change. */
  invalidate(): void;
}

export interface CatalogueCacheOptions {
  /**
   * Another process may change the catalogue without telling this one, so a cached list is trusted only this
   * long: every process shows a change within that time.
   */
  ttlMs: number;
  now?: () => number;
  /** A failed load serves the last good list when there is one (the source may be a remote service). */
  onStaleServed?: (error: unknown) => void;
}

export function createCatalogueCache(load: () => Promise<unknown>, options: CatalogueCacheOptions): CatalogueCache {
  // Read at each call, not kept, so a test that holds the clock still holds the cache's.
  const now = options.now ?? (() => Date.now());
  let current: (CataloguePayload & { loadedAt: number }) | null = null;
  let lastGood: CataloguePayload | null = null;
  let inFlight: Promise<CataloguePayload> | null = null;
  // Bumped by invalidate(), so a load that started before a change never stores its (older) result.
  let generation = 0;

  async function refresh(): Promise<CataloguePayload> {
    const startedIn = generation;
    const startedAt = now();
    try {
      const payload = await encodeAnswer(JSON.stringify(await load()), lastGood);
      lastGood = payload;
      if (startedIn === generation) current = { ...payload, loadedAt: startedAt };
      return payload;
    } catch (error) {
      if (!lastGood) throw error;
      options.onStaleServed?.(error);
      return lastGood;
    }
  }

  const fresh = () => (current && now() - current.loadedAt < options.ttlMs ? current : null);

  return {
    peek: fresh,
    get() {
      const cached = fresh();
      if (cached) return Promise.resolve(cached);
      // Requests arriving together share one load instead of each querying the source.
      if (inFlight) return inFlight;
      const loading = refresh().finally(() => {
        if (inFlight === loading) inFlight = null;
      });
      inFlight = loading;
      return loading;
    },
    invalidate() {
      generation += 1;
      current = null;
      inFlight = null;
    },
  };
}
