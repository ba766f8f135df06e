import { sql, type Kysely } from 'kysely';

/**
 * Cancelling (DESIGN.md §7.3): who cancelled, why and when. A shop whose templates were seeded before CANCELLED
 * existed gets its default cancellation template here; a new shop gets it from the seed with the others.
 */
export function cancellationMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('cancel_reason', 'text').execute();
      await db.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();
      await db.schema.alterTable('orders').addColumn('cancelled_by', 'text').execute();
      const seeded = (await sql<{ key: string }>`select key from app_meta where key = 'templates_seeded'`.execute(db)).rows.length > 0;
      const has = (await sql<{ id: number }>`select id from email_templates where status = 'CANCELLED' and isdefault = 1`.execute(db)).rows.length > 0;
      if (seeded && !has) {
        const now = new Date().toISOString();
        await sql`insert into email_templates (title, subject, body, status, isdefault, created_at, updated_at)
          values (${t.title}, ${t.subject}, ${t.body}, 'CANCELLED', 1, ${now}, ${now})`.execute(db);
      }
    },
  };
}

// The default cancellation mail as it read when this migration was written. Copied, not imported: a migration is
// frozen history and imports no live code; the shop owner edits the live copy in the dashboard.
const t = {
  title: 'Order cancelled',
  subject: 'Your order {{orderId}} was cancelled',
  body: 'Namaste {{customerName}},\n\nYour order {{orderId}} ({{receipt}}) was cancelled.\n\n{{items}}\n\nIf you paid online, the full {{totalAmount}} is refunded to your card or account; banks take 5-7 working days to show it.\n\nThe Ghee Shop family',
};
