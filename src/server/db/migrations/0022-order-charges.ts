import { sql, type Kysely } from 'kysely';

/**
 * Each order keeps what it was charged besides its lines (DESIGN.md §7.6): total_amount stays the amount to pay,
 * now subtotal + delivery_fee + cod_fee − discount. Orders placed before had only lines, so their subtotal is
 * their total.
 */
export function orderChargesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('subtotal', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('delivery_fee', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('cod_fee', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
      await sql`update orders set subtotal = total_amount`.execute(db);
    },
  };
}
