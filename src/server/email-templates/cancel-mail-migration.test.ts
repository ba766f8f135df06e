import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { withMigrationDb } from '../../../tests/support/migration-db';
import { describeEachDatabase } from '../../../tests/support/test-shop';
import { DEFAULT_STATUS_TEMPLATES } from './default-mail-copy';

// The default cancellation mail as a shop was seeded with before 0036.
const OLD_BODY =
  'Namaste {{customerName}},\n\nYour order {{orderNumber}} ({{receipt}}) was cancelled.\n\n{{items}}\n\nIf you paid online, the full {{totalAmount}} is refunded to your card or account; banks take 5-7 working days to show it.\n\nThe Ghee Shop family';
// The owner changed the greeting and kept the sentence: their words stay theirs.
const EDITED = OLD_BODY.replace('Namaste {{customerName}},', 'Dear {{customerName}},');

describeEachDatabase('migration 0036-cancel-mail-on-its-way', (dialect) => {
  it('moves the seeded cancellation mail to "on its way back" and leaves an edited one word for word', async () => {
    await withMigrationDb(dialect, async ({ handle, migrateTo, migrateToLatest }) => {
      await migrateTo('0035-processed-refunds');
      const now = new Date().toISOString();
      await sql`insert into email_templates (title, subject, body, status, isdefault, created_at, updated_at)
        values ('Order cancelled', 'Your order {{orderNumber}} was cancelled', ${OLD_BODY}, 'CANCELLED', 1, ${now}, ${now}),
               ('Cancelled, our words', 'Sorry about {{orderNumber}}', ${EDITED}, 'CANCELLED', 0, ${now}, ${now}),
               ('Cancelled, padded', 'Your order {{orderNumber}} was cancelled', ${`${OLD_BODY}\n`}, 'PREPARATION', 0, ${now}, ${now})`.execute(handle.db);

      await migrateToLatest();

      const bodies = await handle.db.selectFrom('email_templates').select(['title', 'body']).orderBy('id').execute();
      expect(bodies).toEqual([
        { title: 'Order cancelled', body: DEFAULT_STATUS_TEMPLATES.CANCELLED.body },
        { title: 'Cancelled, our words', body: EDITED },
        { title: 'Cancelled, padded', body: `${OLD_BODY}\n` },
      ]);
      expect(DEFAULT_STATUS_TEMPLATES.CANCELLED.body).toContain('is on its way back to your card or account');
    });
  });
});
