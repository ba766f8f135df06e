import type { Product } from '../../domain/schemas/product';
import type { CatalogueSourceHandle } from '../catalog/catalogue-source';
import type { Executor } from '../db/database';
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
