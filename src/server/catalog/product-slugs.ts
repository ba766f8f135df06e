// The slug of each product's crawlable page (/products/{slug}), written with its name in the same transaction.
import { sql } from 'kysely';
import { slugify, uniqueSlug } from '../../domain/slug';
import type { Dialect, Executor } from '../db/database';
import { nowIso } from '../db/database';

/**
 * Gives a product the slug of its name: unique among products, kept while the name gives the same slug (a change of
 * case or punctuation keeps the address), and, after a real rename, the old slug is kept as a redirect to the new
 * one. A slug that is now some product's own address stops redirecting: current pages win over old links.
 */
export async function saveProductSlug(
  trx: Executor,
  dialect: Dialect,
  product: { id: number; name: string; previous?: { name: string; slug: string } },
): Promise<string> {
  const base = slugify(product.name);
  const previous = product.previous;
  if (previous?.slug && slugify(previous.name) === base) return previous.slug;
  // Two transactions on PostgreSQL could both find the same slug free; here they take turns (product writes are
  // rare admin actions). SQLite runs one write transaction at a time already.
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('ghee-shop:product-slugs'))`.execute(trx);
  const others = await trx
    .selectFrom('products')
    .select('slug')
    .where('id', '<>', product.id)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(others.map((r) => r.slug));
  const slug = uniqueSlug(base, (s) => taken.has(s));
  await trx.updateTable('products').set({ slug }).where('id', '=', product.id).execute();
  await trx.deleteFrom('product_old_slugs').where('slug', '=', slug).execute();
  if (previous?.slug && previous.slug !== slug) {
    const at = nowIso();
    await trx
      .insertInto('product_old_slugs')
      .values({ slug: previous.slug, product_id: product.id, created_at: at })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ product_id: product.id, created_at: at }))
      .execute();
  }
  return slug;
}
