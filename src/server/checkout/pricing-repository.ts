import type { Product } from '../../domain/schemas/product';
import type { CatalogueSourceHandle } from '../catalog/catalogue-source';
import type { DB, Executor } from '../db/database';
import { createReadBatcher, type ReadBatcher } from '../db/read-batcher';
import type { CatalogueEntry } from './order-pricing';

/**
 * The named products with their sizes, from the list the customer was shown: the database's (two queries
 * whatever the number of lines, inside the caller's transaction when given one) or Sanity's cached list.
 */
export async function loadCatalogueEntries(
  catalogue: Pick<CatalogueSourceHandle, 'kind' | 'list'>,
  executor: Executor,
  names: readonly string[],
): Promise<Map<string, CatalogueEntry>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  if (catalogue.kind === 'sanity') return entriesFromList(await catalogue.list(), unique);
  return entriesFromDatabase(executor, unique);
}

const batchers = new WeakMap<DB, ReadBatcher<string, CatalogueEntry>>();

/**
 * loadCatalogueEntries for a checkout outside any transaction: the checkouts of one turn of the event loop share
 * one query (see read-batcher); it still runs after every one of them arrived, so a price changed before a
 * checkout is always the price it sees.
 */
export async function loadCatalogueEntriesNow(
  catalogue: Pick<CatalogueSourceHandle, 'kind' | 'list'>,
  db: DB,
  names: readonly string[],
): Promise<Map<string, CatalogueEntry>> {
  if (catalogue.kind === 'sanity') return loadCatalogueEntries(catalogue, db, names);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createReadBatcher((keys: string[]) => entriesFromDatabase(db, keys));
    batchers.set(db, batcher);
  }
  const unique = [...new Set(names)];
  const found = await Promise.all(unique.map((name) => batcher.load(name)));
  return new Map(found.flatMap((entry) => (entry ? [[entry.name, entry] as const] : [])));
}

/** Sanity products have no database row, so their lines keep no product id. */
function entriesFromList(products: readonly Product[], names: readonly string[]): Map<string, CatalogueEntry> {
  const wanted = new Set(names);
  const entries = new Map<string, CatalogueEntry>();
  for (const p of products) {
    // Names are how order lines find their product; with two of one name, the first listed (shown first) wins.
    if (!wanted.has(p.name) || entries.has(p.name)) continue;
    entries.set(p.name, {
      id: null,
      name: p.name,
      offerpercentage: p.offerpercentage,
      instock: p.instock,
      sizes: p.quantitysize.flatMap((size, i) => {
        const price = p.price[i];
        return price === undefined ? [] : [{ size, price }];
      }),
    });
  }
  return entries;
}

async function entriesFromDatabase(executor: Executor, unique: readonly string[]): Promise<Map<string, CatalogueEntry>> {
  // One round trip: a row per size (one with null size for a product without any), sizes in their order.
  const rows = await executor
    .selectFrom('products')
    .leftJoin('product_sizes', 'product_sizes.product_id', 'products.id')
    .select(['products.id', 'products.name', 'products.offerpercentage', 'products.instock', 'product_sizes.size_ml', 'product_sizes.price'])
    .where('products.name', 'in', unique)
    .orderBy('products.id')
    .orderBy('product_sizes.position')
    .execute();
  const entries = new Map<string, CatalogueEntry>();
  for (const row of rows) {
    let entry = entries.get(row.name);
    if (!entry) {
      entry = { id: row.id, name: row.name, offerpercentage: row.offerpercentage, instock: row.instock === 1, sizes: [] };
      entries.set(row.name, entry);
    }
    if (row.size_ml !== null && row.price !== null) entry.sizes.push({ size: row.size_ml, price: row.price });
  }
  return entries;
}
