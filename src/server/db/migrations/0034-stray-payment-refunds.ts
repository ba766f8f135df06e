import type { Kysely } from 'kysely';

/**
 * A refund may give back a payment that paid nothing: one captured after its order was switched to cash on
 * delivery, or a second payment of an order already paid. It returns that payment whole, so it is not part of what
 * was refunded of the order (`orders.refunded_amount`) and reverses no tax (no credit note).
 */
export function strayPaymentRefundsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('refunds').addColumn('stray_payment', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
