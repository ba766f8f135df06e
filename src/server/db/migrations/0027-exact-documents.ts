import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Copied, not imported: a migration is frozen history and imports no live code.
const GHEE_NUTRITION = { energyKcal: 897, fatG: 99.7, saturatedFatG: 62, transFatG: 2.5, carbohydrateG: 0, sugarsG: 0, proteinG: 0, sodiumMg: 0 };
const STORAGE = 'Store in a cool, dry place away from direct sunlight. Close the lid after use and use a dry spoon. No need to refrigerate.';
const SEED_INGREDIENTS: Readonly<Record<string, string>> = {
  'A2 Desi Cow Ghee': "Milk fat (from cow's milk)",
  'Bilona Gir Cow Ghee': "Milk fat (from cow's milk)",
  'Buffalo Ghee': "Milk fat (from buffalo's milk)",
  'Cultured Cow Ghee': "Milk fat (from cultured cow's milk)",
  'Danedar Desi Ghee': "Milk fat (from cow's milk)",
  'Himalayan Badri Cow Ghee': "Milk fat (from cow's milk)",
};
const OLD_TERMS_LINE = '- Prices are MRP, inclusive of all taxes, and are confirmed on the order summary before you pay.';
const NEW_TERMS_LINE =
  '- Prices include GST. You pay the selling price shown (after any offer), confirmed on the order summary before you pay; the crossed-out MRP is the most the jar may be sold for.';

/**
 * Exact documents (DESIGN.md §8.2): a business buyer's GSTIN and name on the order; the signatory in the business
 * details; the food label of each product (the seed catalogue's ghee gets its label; the owner's own products start
 * empty, to be filled in the studio); the signed PDF of each invoice and credit note, kept as first printed; and the
 * default Terms without "Prices are MRP", where the owner has not changed that text.
 */
export function exactDocumentsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('gstin', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('orders').addColumn('business_name', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('business_details').addColumn('signatory_name', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('business_details').addColumn('signatory_title', 'text', (c) => c.notNull().defaultTo('')).execute();
      for (const column of ['ingredients', 'allergens', 'storage'] as const) {
        await db.schema.alterTable('products').addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
      }
      await db.schema.alterTable('products').addColumn('veg_mark', 'text', (c) => c.notNull().defaultTo('VEG')).execute();
      // JSON of the eight figures; null until declared.
      await db.schema.alterTable('products').addColumn('nutrition', 'text').execute();
      for (const [name, ingredients] of Object.entries(SEED_INGREDIENTS)) {
        await sql`update products set ingredients = ${ingredients}, allergens = ${'Contains milk'}, storage = ${STORAGE},
          nutrition = ${JSON.stringify(GHEE_NUTRITION)} where name = ${name} and ingredients = ''`.execute(db);
      }
      await db.schema
        .createTable('document_pdfs')
        .addColumn('number', 'text', (c) => c.primaryKey())
        .addColumn('pdf', sql.raw(dialect === 'postgres' ? 'bytea' : 'blob') as never, (c) => c.notNull())
        .addColumn('signed', 'integer', (c) => c.notNull())
        .addColumn('printed_at', 'text', (c) => c.notNull())
        .execute();
      const terms = await sql<{ body: string }>`select body from policies where key = 'terms'`.execute(db);
      const body = terms.rows[0]?.body;
      if (body?.includes(OLD_TERMS_LINE) && isDefaultTerms(body)) {
        await sql`update policies set body = ${body.replace(OLD_TERMS_LINE, NEW_TERMS_LINE)} where key = 'terms'`.execute(db);
      }
    },
  };
}

// The whole default Terms as shipped before (saving any policy stores all five pages, unedited ones included).
const OLD_DEFAULT_TERMS = `# Terms of use

This shop is run by {{legalName}}, {{addressLine}}, {{city}}, {{state}} {{pincode}}. By placing an order you agree to
these terms, to our Shipping policy and to our Cancellation & Refunds policy.

${OLD_TERMS_LINE}
- We may refuse or cancel an order we cannot fulfil; any amount paid is then refunded in full.
- Product pictures are illustrative; the label on the jar is authoritative.
- These terms are governed by the laws of India; courts at {{city}} have jurisdiction.

Questions or complaints: see **Contact us**.`;

const isDefaultTerms = (body: string) => body.replace(/\r\n/g, '\n').trim() === OLD_DEFAULT_TERMS;
