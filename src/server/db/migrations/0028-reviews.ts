import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Reviews from real buyers (DESIGN.md §8.4). One review per customer and product; the product keeps its count
 * (`ratings`), average (`rating_star`, one decimal) and the count of each star, written with every change to its
 * published reviews, so no page computes them. The numbers the owner typed are cleared. `review_requests` has one
 * row per order asked for a review: orders delivered before this migration count as asked, so a shop upgrading
 * does not mail every past customer at once.
 */
export function reviewsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const idType = dialect === 'postgres' ? 'serial' : 'integer';
      await db.schema
        .createTable('reviews')
        .addColumn('id', sql.raw(idType) as never, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The delivered order that made the customer a buyer (kept as a number: orders are not deleted).
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull())
        // First name and last initial, fixed when written.
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('hidden_reason', 'text')
        .addColumn('reply', 'text')
        .addColumn('reply_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('reviews_product_user_unique', ['product_id', 'user_id'])
        .execute();
      await db.schema.createIndex('reviews_product_status_idx').on('reviews').columns(['product_id', 'status', 'created_at']).execute();
      await db.schema.createIndex('reviews_status_idx').on('reviews').columns(['status', 'created_at']).execute();

      if (dialect === 'postgres') {
        await sql`alter table products alter column rating_star type double precision using rating_star::double precision`.execute(db);
      }
      for (const star of [1, 2, 3, 4, 5]) {
        await db.schema.alterTable('products').addColumn(`stars_${star}`, 'integer', (c) => c.notNull().defaultTo(0)).execute();
      }
      // When the product's published reviews (or a reply to one) last changed: its crawlable page shows them.
      await db.schema.alterTable('products').addColumn('reviews_updated_at', 'text').execute();
      await sql`update products set ratings = 0, rating_star = 0`.execute(db);

      await db.schema.alterTable('settings').addColumn('reviews_need_approval', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('settings').addColumn('review_request_days', 'integer', (c) => c.notNull().defaultTo(3)).execute();

      await db.schema
        .createTable('review_requests')
        .addColumn('order_id', 'integer', (c) => c.primaryKey())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into review_requests (order_id, sent_at) select id, updated_at from orders where status = 'DELIVERED'`.execute(db);
    },
  };
}
