// The SQL of the crawlable pages: where an old slug leads, when each product last changed, and the stored
// link-preview pictures.
import type { Executor } from '../db/database';

/** The current slug of the product that had `oldSlug` before a rename, or null. */
export async function currentSlugOf(db: Executor, oldSlug: string): Promise<string | null> {
  const row = await db
    .selectFrom('product_old_slugs')
    .innerJoin('products', 'products.id', 'product_old_slugs.product_id')
    .select('products.slug')
    .where('product_old_slugs.slug', '=', oldSlug)
    .executeTakeFirst();
  return row?.slug ?? null;
}

/** When each product (by slug) last changed; empty when the catalogue lives in Sanity. */
export async function productChangeDates(db: Executor): Promise<Map<string, string>> {
  const rows = await db.selectFrom('products').select(['slug', 'updated_at']).execute();
  return new Map(rows.map((r) => [r.slug, r.updated_at]));
}

export async function storedVariant(db: Executor, hash: string, variant: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom('image_variants')
    .select('data')
    .where('hash', '=', hash)
    .where('variant', '=', variant)
    .executeTakeFirst();
  return row ? Buffer.from(row.data) : null;
}

export async function saveVariant(
  db: Executor,
  variant: { hash: string; variant: string; width: number; height: number; data: Buffer },
): Promise<void> {
  await db
    .insertInto('image_variants')
    .values({ ...variant, bytes: variant.data.length })
    .onConflict((oc) => oc.columns(['hash', 'variant']).doNothing())
    .execute();
}
