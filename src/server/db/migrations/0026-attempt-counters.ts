import { sql, type Kysely } from 'kysely';

/**
 * Counters of attempts that rules limit (failed logins per account, unknown coupon codes, reset mails per address…)
 * when no Redis is configured: one row per key, counting within a window that ends at `reset_at` (milliseconds since
 * 1970). A single upsert adds one and answers the new count, so concurrent attempts on either database each see
 * their own number. Rows whose window has ended are deleted from time to time (the reset_at index).
 */
export function attemptCountersMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('attempt_counters')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`create index attempt_counters_reset_at on attempt_counters (reset_at)`.execute(db);
    },
  };
}
