import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/** The serialized public product list, its entity tag, and its bytes ready to send in each encoding. */
export interface CataloguePayload {
  body: string;
  etag: string;
  encoded: { identity: Buffer; br: Buffer; gzip: Buffer };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed once per change of the list, at the highest levels (on the thread pool, off the event loop), so
 * serving it costs no compression at all. A refresh that finds the same list reuses the previous bytes.
 */
async function encode(body: string, previous: CataloguePayload | null): Promise<CataloguePayload> {
  const etag = entityTag(body);
  if (previous && previous.etag === etag) return previous;
  const identity = Buffer.from(body);
  const [br, gz] = await Promise.all([
    brotliAsync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  return { body, etag, encoded: { identity, br, gzip: gz } };
}

export interface CatalogueCache {
  /** The cached list, loading it when there is none or it is older than the time to live. */
  get(): Promise<CataloguePayload>;
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

/** The tag depends only on the content, so every process answers the same tag for the same list. */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

export function createCatalogueCache(load: () => Promise<unknown>, options: CatalogueCacheOptions): CatalogueCache {
  const now = options.now ?? Date.now;
  let current: (CataloguePayload & { loadedAt: number }) | null = null;
  let lastGood: CataloguePayload | null = null;
  let inFlight: Promise<CataloguePayload> | null = null;
  // Bumped by invalidate(), so a load that started before a change never stores its (older) result.
  let generation = 0;

  async function refresh(): Promise<CataloguePayload> {
    const startedIn = generation;
    const startedAt = now();
    try {
      const payload = await encode(JSON.stringify(await load()), lastGood);
      lastGood = payload;
      if (startedIn === generation) current = { ...payload, loadedAt: startedAt };
      return payload;
    } catch (error) {
      if (!lastGood) throw error;
      options.onStaleServed?.(error);
      return lastGood;
    }
  }

  return {
    get() {
      if (current && now() - current.loadedAt < options.ttlMs) return Promise.resolve(current);
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
