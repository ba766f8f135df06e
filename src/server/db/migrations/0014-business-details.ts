import { sql, type Kysely } from 'kysely';

/**
 * The shop's business details (DESIGN.md §7.2) in a row of their own, id 1, created here with placeholders that
 * say "set me" so that a new installation shows what is missing instead of inventing a seller.
 */
export function businessDetailsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      const text = ['legal_name', 'address_line', 'city', 'state', 'pincode', 'gstin', 'fssai', 'care_phone', 'care_email',
        'grievance_name', 'grievance_email', 'grievance_phone'] as const;
      let table = db.schema.createTable('business_details').addColumn('id', 'integer', (c) => c.primaryKey());
      for (const column of text) table = table.addColumn(column, 'text', (c) => c.notNull());
      await table.addColumn('updated_at', 'text', (c) => c.notNull()).execute();
      const placeholder = 'set me';
      await sql`insert into business_details (id, legal_name, address_line, city, state, pincode, gstin, fssai, care_phone,
        care_email, grievance_name, grievance_email, grievance_phone, updated_at)
        values (1, ${placeholder}, ${placeholder}, ${placeholder}, ${placeholder}, ${placeholder}, '', ${placeholder},
        ${placeholder}, ${placeholder}, ${placeholder}, ${placeholder}, ${placeholder}, ${new Date().toISOString()})`.execute(db);
    },
  };
}
