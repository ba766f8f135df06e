import type { Kysely } from 'kysely';

/**
 * Stock per product size (DESIGN.md §7.3). A size without a row is not tracked, so a shop that never counts its
 * bottles behaves as before and its orders pay for no stock statement at all. The count lives beside
 * product_sizes, not in it, because a studio save rewrites a product's sizes and must not reset what is on the shelf.
 * order_lines.stock_taken says which lines took bottles; orders.stock_returned_at marks an order whose bottles went back (hold expired, cancelled), so they go back once.
 */
export function stockMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stock_levels')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('size_ml', 'integer', (c) => c.notNull())
        .addColumn('stock', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_levels_pk', ['product_id', 'size_ml'])
        .execute();
      await db.schema.alterTable('order_lines').addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('stock_returned_at', 'text').execute();
      await db.schema.alterTable('settings').addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(5)).execute();
    },
  };
}
