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
  const entries = new Map<string, CatalogueEntry>();
  const products = await executor
    .selectFrom('products')
    .select(['id', 'name', 'offerpercentage', 'instock'])
    .where('name', 'in', unique)
    .execute();
  if (products.length === 0) return entries;
  const sizes = await executor
    .selectFrom('product_sizes')
    .select(['product_id', 'size_ml', 'price'])
    .where(
      'product_id',
      'in',
      products.map((p) => p.id),
    )
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const p of products) {
    entries.set(p.name, {
      id: p.id,
      name: p.name,
      offerpercentage: p.offerpercentage,
      instock: p.instock === 1,
      sizes: sizes.filter((s) => s.product_id === p.id).map((s) => ({ size: s.size_ml, price: s.price })),
    });
  }
  return entries;
}
