import type { Kysely } from 'kysely';

/**
 * Tokens are stateless, so a password reset alone does not end the sessions already open (ASVS 5.0 V7.4.3).
 * Recording when the password last changed lets the guard refuse every token issued before that moment.
 * Null for accounts whose password never changed: nothing of theirs is stale.
 */
export function passwordChangedAtMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('password_changed_at', 'text').execute();
    },
  };
}
