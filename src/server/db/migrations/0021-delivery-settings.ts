import { sql, type Kysely } from 'kysely';

/**
 * Delivery rules (DESIGN.md §7.3): one row, like settings. Lists of pincodes and prefixes are JSON text so both
 * databases store them alike; they are short (a shop lists tens, not thousands). The row starts with the defaults
 * (every pincode, no fees, cash on delivery everywhere), so existing shops price exactly as before.
 */
export function deliverySettingsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('delivery_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('pincodes_allowed', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('pincodes_blocked', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('delivery_fee', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('free_delivery_from', 'integer')
        .addColumn('estimate_min_days', 'integer', (c) => c.notNull().defaultTo(3))
        .addColumn('estimate_max_days', 'integer', (c) => c.notNull().defaultTo(7))
        .addColumn('cod_enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('cod_max_order_value', 'integer')
        .addColumn('cod_fee', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cod_blocked', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into delivery_settings (id, updated_at) values (1, ${new Date().toISOString()})`.execute(db);
    },
  };
}
