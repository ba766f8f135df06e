import type { Kysely } from 'kysely';

/**
 * GST tax invoices and credit notes (DESIGN.md §7.2). Numbers come from document_series, one row per series
 * (GS = invoices, CN = credit notes) and financial year, bumped with UPDATE … RETURNING inside the transaction
 * that stores the document, so a rolled-back issue never burns a number and concurrent issues queue on the row
 * lock. Each document is stored whole (JSON) as it was issued: a reprint next year is the same document.
 * orders.invoice_number says at a glance which orders are invoiced (the admin list filters on it).
 */
export function invoicesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('document_series')
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_series_pk', ['series', 'financial_year'])
        .execute();
      await db.schema
        .createTable('invoices')
        .addColumn('number', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addColumn('total_paise', 'integer', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('credit_notes')
        .addColumn('number', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('invoice_number', 'text', (c) => c.notNull().references('invoices.number'))
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addColumn('amount_paise', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('credit_notes_order_idx').on('credit_notes').column('order_id').execute();
      await db.schema.alterTable('orders').addColumn('invoice_number', 'text').execute();
      await db.schema.createIndex('orders_invoice_number_idx').on('orders').column('invoice_number').execute();
    },
  };
}
