import { sql, type Kysely } from 'kysely';
import { slugsFor } from '../../../domain/slug';

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
