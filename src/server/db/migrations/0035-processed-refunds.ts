import { sql, type Kysely } from 'kysely';

/**
 * What of an order's refunds the gateway has processed, beside `refunded_amount` (refunded or on its way, the cap
 * that keeps refunds within what was paid). An order reads "Refunded" only for money that went back; what is asked
 * for and not processed yet is on its way. A refund of a payment that paid nothing is never part of it.
 *
 * Kept on the order rather than summed from `refunds` when read: the customer's order list is built from the
 * orders table alone, and a write to the order moves the account's orders_version, so a kept list follows it.
 * The orders refunded before this migration get what their processed refunds add up to.
 */
export function processedRefundsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('refund_processed_amount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update orders set refund_processed_amount = (
          select coalesce(sum(r.amount), 0) from refunds r
          where r.order_id = orders.id and r.status = 'PROCESSED' and r.stray_payment = 0)
        where refunded_amount > 0`.execute(db);
    },
  };
}
