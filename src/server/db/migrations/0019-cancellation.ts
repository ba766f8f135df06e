import { sql, type Kysely } from 'kysely';
import { DEFAULT_STATUS_TEMPLATES } from '../../email-templates/default-mail-copy';

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
        const t = DEFAULT_STATUS_TEMPLATES.CANCELLED;
        const now = new Date().toISOString();
        await sql`insert into email_templates (title, subject, body, status, isdefault, created_at, updated_at)
          values (${t.title}, ${t.subject}, ${t.body}, 'CANCELLED', 1, ${now}, ${now})`.execute(db);
      }
    },
  };
}
