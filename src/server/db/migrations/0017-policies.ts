import type { Kysely } from 'kysely';

/** The policy pages the owner has edited (DESIGN.md §7.2); a page without a row shows its built-in default. */
export function policiesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('policies')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
