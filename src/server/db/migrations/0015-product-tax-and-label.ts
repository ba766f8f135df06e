import type { Kysely } from 'kysely';

/**
 * What a GST invoice and a food label need of each product (DESIGN.md §7.2): HSN code, GST rate in percent,
 * best-before in months and country of origin. Existing and seeded products get ghee's values (HSN 0405 at 5%,
 * nine months, India) for the owner to confirm in the studio.
 */
export function productTaxAndLabelMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('hsn', 'text', (c) => c.notNull().defaultTo('0405')).execute();
      await db.schema.alterTable('products').addColumn('gst_rate', 'integer', (c) => c.notNull().defaultTo(5)).execute();
      await db.schema
        .alterTable('products')
        .addColumn('best_before_months', 'integer', (c) => c.notNull().defaultTo(9))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('country_of_origin', 'text', (c) => c.notNull().defaultTo('India'))
        .execute();
    },
  };
}
