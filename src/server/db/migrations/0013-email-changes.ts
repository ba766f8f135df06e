import type { Kysely } from 'kysely';

/**
 * A change of the account's e-mail waits here until the new address follows its confirmation link (DESIGN.md §7.1):
 * the account keeps its address meanwhile. Only the link's SHA-256 digest is stored, as for reset links.
 */
export function emailChangesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_changes')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('old_email', 'text', (c) => c.notNull())
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
    },
  };
}
