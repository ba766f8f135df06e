import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Shipping with a courier (DESIGN.md §8.5): one shipment per order with its scans, a packed weight per size seeded
 * from the size, and the default "returned to us" status mail for a shop whose templates were seeded before RETURNED
 * existed (a new shop gets it from the seed with the others).
 */
export function shipmentsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const idType = dialect === 'postgres' ? 'serial' : 'integer';
            await db.schema.alterTable('product_sizes').addColumn('weight_grams', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // Ghee weighs about 0.91 g per ml; the jar and its box about 150 g (the rule as it read when this was written).
      await sql`update product_sizes set weight_grams = cast(round(size_ml * 0.91) as integer) + 150`.execute(db);

      await db.schema
        .createTable('shipments')
        .addColumn('id', sql.raw(idType) as never, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('courier', 'text', (c) => c.notNull())
        .addColumn('awb', 'text')
        .addColumn('tracking_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_order_id', 'text')
        .addColumn('provider_shipment_id', 'text')
        .addColumn('weight_grams', 'integer', (c) => c.notNull())
        // Which booking of the order this is: a booking cancelled before pickup and made again is a new one.
        .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('pickup_scheduled_at', 'text')
        .addColumn('last_news_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shipments_awb').on('shipments').column('awb').unique().where(sql.ref('awb'), 'is not', null).execute();
      await db.schema.createIndex('shipments_news').on('shipments').columns(['status', 'last_news_at']).execute();

      await db.schema
        .createTable('shipment_events')
        .addColumn('id', sql.raw(idType) as never, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('shipment_id', 'integer', (c) => c.notNull())
        .addColumn('scan_key', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('shipment_events_once', ['shipment_id', 'scan_key'])
        .execute();

      const seeded = (await sql<{ key: string }>`select key from app_meta where key = 'templates_seeded'`.execute(db)).rows.length > 0;
      const has = (await sql<{ id: number }>`select id from email_templates where status = 'RETURNED' and isdefault = 1`.execute(db)).rows.length > 0;
      if (seeded && !has) {
        const now = new Date().toISOString();
        await sql`insert into email_templates (title, subject, body, status, isdefault, created_at, updated_at)
          values (${t.title}, ${t.subject}, ${t.body}, 'RETURNED', 1, ${now}, ${now})`.execute(db);
      }
    },
  };
}

// The default "returned" mail as it read when this migration was written. Copied, not imported: a migration is
// frozen history and imports no live code; the shop owner edits the live copy in the dashboard.
const t = {
  title: 'Order returned to us',
  subject: 'Your order {{orderId}} came back to us',
  body: 'Namaste {{customerName}},\n\nThe courier could not deliver your order {{orderId}} ({{receipt}}) and has returned it to us.\n\n{{items}}\n\nIf you paid online, write to us and we will refund you or send it again. A cash-on-delivery order costs you nothing.\n\nThe Ghee Shop family',
};
