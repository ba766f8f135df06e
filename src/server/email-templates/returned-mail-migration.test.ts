import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { withMigrationDb } from '../../../tests/support/migration-db';
import { describeEachDatabase } from '../../../tests/support/test-shop';
import { DEFAULT_STATUS_TEMPLATES } from './default-mail-copy';

// The default returned-parcel mail as a shop was seeded with before 0042.
const OLD_BODY =
  'Namaste {{customerName}},\n\nThe courier could not deliver your order {{orderNumber}} ({{receipt}}) and has returned it to us.\n\n{{items}}\n\nIf you paid online, write to us and we will refund you or send it again. A cash-on-delivery order costs you nothing.\n\nThe Ghee Shop family';
// The owner changed the greeting and kept the sentence: their words stay theirs (the mail itself replaces the sentence).
const EDITED = OLD_BODY.replace('Namaste {{customerName}},', 'Dear {{customerName}},');

describeEachDatabase('migration 0042-returned-mail-refund', (dialect) => {
  it('moves the seeded returned mail off "send it again" and leaves an edited one word for word', async () => {
    await withMigrationDb(dialect, async ({ handle, migrateTo, migrateToLatest }) => {
      await migrateTo('0040-confirmed-by-shop');
      const now = new Date().toISOString();
      await sql`insert into email_templates (title, subject, body, status, isdefault, created_at, updated_at)
        values ('Order returned to us', 'Your order {{orderNumber}} came back to us', ${OLD_BODY}, 'RETURNED', 1, ${now}, ${now}),
               ('Returned, our words', 'About {{orderNumber}}', ${EDITED}, 'RETURNED', 0, ${now}, ${now})`.execute(handle.db);

      await migrateToLatest();

      const bodies = await handle.db.selectFrom('email_templates').select(['title', 'body']).orderBy('id').execute();
      expect(bodies).toEqual([
        { title: 'Order returned to us', body: DEFAULT_STATUS_TEMPLATES.RETURNED.body },
        { title: 'Returned, our words', body: EDITED },
      ]);
      expect(DEFAULT_STATUS_TEMPLATES.RETURNED.body).not.toContain('send it again');
      expect(DEFAULT_STATUS_TEMPLATES.RETURNED.body).toContain('please place a new order');
    });
  });
});
