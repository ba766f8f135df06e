// The one product list of an app, built once and shared: the public catalogue serves it and checkout prices
// orders from it, so a customer is always charged from the list they were shown.
import type { FastifyBaseLogger } from 'fastify';
import type { Product } from '../../domain/schemas/product';
import type { Config } from '../config';
import type { Executor } from '../db/database';
import { createCatalogueCache, type CataloguePayload } from './catalogue-cache';
import { listCatalogue } from './product-repository';
import { createSanitySource, sanitySettingsOf } from './sanity-source';

/**
 * How long one process trusts its cached list. Changes made through this process drop the cache at once;
 * this bounds how long a change made through another process takes to show here.
 */
export const CATALOGUE_CACHE_TTL_MS = 2000;

export interface CatalogueSourceHandle {
  kind: 'database' | 'sanity';
  /** Where products are edited when they live in Sanity; null otherwise. */
  studioUrl: string | null;
  /** The public list, serialized and compressed, from the cache. */
  payload(): Promise<CataloguePayload>;
  /** The cached list when it is fresh, else null (then call `payload`). */
  cachedPayload(): CataloguePayload | null;
  /** The same cached list as objects. Throws when the source fails and no earlier list is known. */
  list(): Promise<Product[]>;
  /** Drops the cached list; call it after every catalogue change made here. */
  invalidate(): void;
}

export function createCatalogueSource(config: Config, db: Executor, log: FastifyBaseLogger): CatalogueSourceHandle {
  const sanity = sanitySettingsOf(config);
  const source = sanity ? createSanitySource(sanity, log) : { list: () => listCatalogue(db) };
  const cache = createCatalogueCache(() => source.list(), {
    ttlMs: CATALOGUE_CACHE_TTL_MS,
    onStaleServed: (err) => log.warn({ err }, 'product source failed; serving the last product list'),
  });
  // Parsed again only when the list changed, so pricing an order costs no Sanity call and no parse.
  let parsed: { etag: string; products: Product[] } | null = null;
  return {
    kind: sanity ? 'sanity' : 'database',
    studioUrl: sanity?.studioUrl ?? null,
    payload: () => cache.get(),
    cachedPayload: () => cache.peek(),
    async list() {
      const payload = await cache.get();
      if (parsed?.etag !== payload.etag) parsed = { etag: payload.etag, products: JSON.parse(payload.body) as Product[] };
      return parsed.products;
    },
    invalidate: () => cache.invalidate(),
  };
}
