import { sql, type Kysely } from 'kysely';

/**
 * Every product gets the slug of its crawlable page (/products/{slug}, DESIGN.md §7.5), unique, kept while its name
 * stays; the slugs a product had before a rename live on in product_old_slugs, so old links redirect to the new page.
 * Existing products get theirs from their names here, in display order.
 */
export function productSlugsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('slug', 'text', (c) => c.notNull().defaultTo('')).execute();
      const rows = (
        await sql<{ id: number; name: string }>`select id, name from products order by position, id`.execute(db)
      ).rows;
      const slugs = slugsFor(rows.map((r) => r.name));
      for (const [i, row] of rows.entries()) {
        await sql`update products set slug = ${slugs[i]} where id = ${row.id}`.execute(db);
      }
      await db.schema.createIndex('products_slug_unique').on('products').column('slug').unique().execute();
      await db.schema
        .createTable('product_old_slugs')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_old_slugs_product').on('product_old_slugs').column('product_id').execute();
    },
  };
}

// The slug rule as it stood when this migration was written, copied, not imported: a migration is frozen
// history and imports no live code, so a later change of the rule never changes what this step did.
const SLUG_MAX_LENGTH = 80;

function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return cut(slug) || 'product';
}

function cut(slug: string): string {
  const chars = [...slug];
  if (chars.length <= SLUG_MAX_LENGTH) return slug;
  const head = chars.slice(0, SLUG_MAX_LENGTH).join('');
  const lastHyphen = head.lastIndexOf('-');
  return (lastHyphen > SLUG_MAX_LENGTH / 2 ? head.slice(0, lastHyphen) : head).replace(/-+$/, '');
}

function slugsFor(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = slugify(name);
    let slug = base;
    for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  });
}
