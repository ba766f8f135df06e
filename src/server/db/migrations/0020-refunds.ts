import type { Kysely } from 'kysely';

/**
 * Refunds (DESIGN.md §7.3). A row is written before the gateway is asked (status CREATED) and completed after,
 * so a crash in between is finished by reconciliation. orders.refunded_amount is what is refunded or on its way;
 * raising it is one conditional UPDATE, so no two refunds together pass the amount paid. The sandbox keeps its
 * own refunds like Razorpay, and remembers each payment's card, whose test number may make refunds fail.
 */
export function refundsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('payment_id', 'text', (c) => c.notNull())
        .addColumn('gateway_refund_id', 'text', (c) => c.unique())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('actor_user_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
      await db.schema.createIndex('refunds_status_idx').on('refunds').columns(['status', 'updated_at']).execute();
      await db.schema
        .createTable('sandbox_refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('payment_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('fails', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sandbox_refunds_payment_idx').on('sandbox_refunds').column('payment_id').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('card_last4', 'text').execute();
    },
  };
}
