import type { Kysely } from 'kysely';

/**
 * A refund retried after it failed is asked of the gateway again, as a new gateway refund under the same row. Each
 * ask is numbered (`attempt`, carried in the gateway's notes), so a late word about an earlier, failed ask is known
 * as such and cannot fail the ask that is live. Rows before this are their first ask.
 */
export function refundAttemptsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('refunds').addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    },
  };
}
