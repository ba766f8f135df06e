import type { Kysely } from 'kysely';

/**
 * A size's own picture: one of the product's photos, shown on the product page when the size is picked.
 * Beside product_sizes, not in it, like stock_levels: a studio save that leaves the pictures out keeps them. The
 * service keeps every row's picture among the product's photos (product_images is rewritten on each reorder, so
 * no foreign key to it); images rows are never deleted.
 */
export function sizePicturesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('product_size_images')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('size_ml', 'integer', (c) => c.notNull())
        .addColumn('image_hash', 'text', (c) => c.notNull().references('images.hash'))
        .addPrimaryKeyConstraint('product_size_images_pk', ['product_id', 'size_ml'])
        .execute();
    },
  };
}
