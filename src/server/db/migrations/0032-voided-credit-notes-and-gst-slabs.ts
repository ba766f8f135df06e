import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * A credit note knows the refund it was issued with, and can be voided when that refund fails at the gateway: a
 * numbered tax document never disappears, it is shown voided and no longer counts against the invoice. GST rates
 * of 0.25% and 3% exist since the September 2025 slabs, so the product's rate takes fractions on PostgreSQL
 * (SQLite stores a fraction in an integer column as it is). A customer's first order claims a row of its own when it
 * uses a first-order-only code, so two orders placed at once cannot both be "the first". The limits on placing
 * orders (DESIGN.md §8.8) are numbers the owner can change, in a row of their own. A refund by lines records which
 * bottles it refunded, so no bottle is refunded twice.
 */
export function voidedCreditNotesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('credit_notes').addColumn('refund_id', 'text').execute();
      await db.schema.alterTable('credit_notes').addColumn('voided_at', 'text').execute();
      await db.schema.alterTable('credit_notes').addColumn('void_reason', 'text').execute();
      await db.schema.createIndex('credit_notes_refund_idx').on('credit_notes').column('refund_id').execute();
      await db.schema
        .createTable('first_order_claims')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      let limits = db.schema.createTable('order_limits').addColumn('id', 'integer', (c) => c.primaryKey());
      for (const column of ['per_account_per_hour', 'per_ip_per_hour', 'unpaid_online_per_account', 'held_bottles_per_account', 'open_cod_new_account']) {
        limits = limits.addColumn(column, 'integer', (c) => c.notNull());
      }
      await limits.addColumn('updated_at', 'text', (c) => c.notNull()).execute();
      // Copied, not imported (a migration is frozen): the defaults of the day.
      await sql`insert into order_limits (id, per_account_per_hour, per_ip_per_hour, unpaid_online_per_account, held_bottles_per_account, open_cod_new_account, updated_at)
        values (1, 10, 30, 3, 30, 3, ${new Date().toISOString()})`.execute(db);
      await db.schema
        .createTable('refund_lines')
        .addColumn('refund_id', 'text', (c) => c.notNull().references('refunds.id').onDelete('cascade'))
        .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('restocked', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('refund_lines_pk', ['refund_id', 'order_line_id'])
        .execute();
      await db.schema.createIndex('refund_lines_line_idx').on('refund_lines').column('order_line_id').execute();
      if (dialect === 'postgres') await sql`alter table products alter column gst_rate type double precision`.execute(db);
    },
  };
}
