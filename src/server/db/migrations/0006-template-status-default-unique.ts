import type { Kysely } from 'kysely';

/**
 * SPEC.md §5: no two templates may share both status and isdefault. The rule is checked in the service for a
 * clear message; this index makes it hold under concurrent requests too (the loser gets the same 409).
 */
export function templateStatusDefaultUniqueMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('email_templates_status_default_uq')
        .on('email_templates')
        .columns(['status', 'isdefault'])
        .unique()
        .execute();
      // The unique index serves every lookup the plain one did.
      await db.schema.dropIndex('email_templates_status_default_idx').execute();
    },
  };
}
