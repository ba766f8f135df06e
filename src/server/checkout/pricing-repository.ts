import type { Executor } from '../db/database';
import type { CatalogueEntry } from './order-pricing';

/** The named products with their sizes, in two queries whatever the number of lines. */
export async function loadCatalogueEntries(
  executor: Executor,
  names: readonly string[],
): Promise<Map<string, CatalogueEntry>> {
  const unique = [...new Set(names)];
  const entries = new Map<string, CatalogueEntry>();
  if (unique.length === 0) return entries;
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
