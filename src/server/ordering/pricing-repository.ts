import type { Product } from '../../domain/schemas/product';
import type { CatalogueSourceHandle } from '../catalog/catalogue-source';
import type { DB, Executor } from '../db/database';
import { createReadBatcher, perDatabase } from '../db/read-batcher';
import type { CatalogueEntry } from './order-pricing';

/**
 * The named products with their sizes, from the list the customer was shown: the database's (one query whatever
 * the number of lines) or Sanity's cached list.
 */
async function loadCatalogueEntries(
  catalogue: Pick<CatalogueSourceHandle, 'kind' | 'list'>,
  executor: Executor,
  names: readonly string[],
): Promise<Map<string, CatalogueEntry>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  if (catalogue.kind === 'sanity') return entriesFromList(await catalogue.list(), unique);
  return entriesFromDatabase(executor, unique);
}

/** The names of one checkout, as one key: a checkout's prices always come from a single query. */
const checkoutKey = (names: readonly string[]) => JSON.stringify([...new Set(names)].sort());

const checkoutBatcher = perDatabase((db: DB) =>
  createReadBatcher(async (keys: string[]) => {
    const lists = keys.map((key) => JSON.parse(key) as string[]);
    const entries = await entriesFromDatabase(db, [...new Set(lists.flat())]);
    const entriesOf = (names: readonly string[]) =>
      new Map(names.map((name) => entries.get(name)).filter((e) => e !== undefined).map((e) => [e.name, e] as const));
    return new Map(keys.map((key, i) => [key, entriesOf(lists[i] ?? [])]));
  }),
);

/**
 * loadCatalogueEntries for a checkout outside any transaction: the checkouts of one turn of the event loop share
 * one query (see read-batcher); it runs after every one of them arrived, so a price changed before a checkout is
 * always the price it sees, and each checkout is priced from one query, never from two moments.
 */
export async function loadCatalogueEntriesBatched(
  catalogue: Pick<CatalogueSourceHandle, 'kind' | 'list'>,
  db: DB,
  names: readonly string[],
): Promise<ReadonlyMap<string, CatalogueEntry>> {
  if (catalogue.kind === 'sanity' || names.length === 0) return loadCatalogueEntries(catalogue, db, names);
  return (await checkoutBatcher(db).load(checkoutKey(names))) ?? new Map();
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
    .leftJoin('stock_levels', (join) =>
      join.onRef('stock_levels.product_id', '=', 'product_sizes.product_id').onRef('stock_levels.size_ml', '=', 'product_sizes.size_ml'),
    )
    .select([
      'products.id',
      'products.name',
      'products.offerpercentage',
      'products.instock',
      'product_sizes.size_ml',
      'product_sizes.price',
      'stock_levels.stock',
    ])
    .where('products.name', 'in', unique)
    .orderBy('products.id')
    .orderBy('product_sizes.position')
    .execute();
  const products = new Map<string, Omit<CatalogueEntry, 'sizes'>>();
  const sizes = new Map<string, { size: number; price: number; stock: number | null }[]>();
  for (const row of rows) {
    if (!products.has(row.name)) {
      products.set(row.name, { id: row.id, name: row.name, offerpercentage: row.offerpercentage, instock: row.instock === 1 });
      sizes.set(row.name, []);
    }
    if (row.size_ml !== null && row.price !== null) sizes.get(row.name)?.push({ size: row.size_ml, price: row.price, stock: row.stock });
  }
  return new Map([...products].map(([name, product]) => [name, { ...product, sizes: sizes.get(name) ?? [] }]));
}
