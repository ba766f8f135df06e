import type { Kysely } from 'kysely';

/**
 * Server-side sessions (DESIGN.md §7.1): every token names a row here, so logging out, "sign out everywhere" and a
 * password reset end tokens that are still within their signed lifetime. `last_seen_at` is written at most once a
 * minute per session (auth/session-touch.ts), so reads stay reads.
 */
export function sessionsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'ended_at']).execute();
    },
  };
}
