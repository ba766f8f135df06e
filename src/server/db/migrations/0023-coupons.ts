import type { Kysely } from 'kysely';

/**
 * Discount codes (DESIGN.md §7.3). `used` counts live claims and is raised only by a conditional update inside the
 * order's transaction, so concurrent orders cannot over-use a code; coupon_customer_uses does the same per
 * customer. coupon_uses keeps one row per order that used a code, so a use can be given back once (released_at).
 */
export function couponsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('coupons')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('min_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_discount', 'integer')
        .addColumn('valid_from', 'text')
        .addColumn('valid_to', 'text')
        .addColumn('total_uses', 'integer')
        .addColumn('per_customer', 'integer')
        .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('coupon_customer_uses')
        .addColumn('code', 'text', (c) => c.notNull().references('coupons.code').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('coupon_customer_uses_pk', ['code', 'user_id'])
        .execute();
      await db.schema
        .createTable('coupon_uses')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull().references('coupons.code').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('released_at', 'text')
        .execute();
      await db.schema.createIndex('coupon_uses_code_idx').on('coupon_uses').column('code').execute();
    },
  };
}
