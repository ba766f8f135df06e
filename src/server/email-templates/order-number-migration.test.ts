import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { withMigrationDb } from '../../../tests/support/migration-db';
import { describeEachDatabase } from '../../../tests/support/test-shop';
import { DEFAULT_STATUS_TEMPLATES, INITIAL_ORDER_MAIL } from './default-mail-copy';

// The defaults as a shop seeded before order numbers stored them.
const OLD_SUBJECT = 'Thank you for your order {{orderId}}';
const OLD_BODY =
  'Namaste {{customerName}},\n\nThank you for ordering from Ghee Shop. We have received your order {{orderId}} ({{receipt}}).\n\n{{items}}\n\nTotal: {{totalAmount}}\nDelivering to: {{address}}, {{district}}, {{state}} {{pincode}}\n\nWe will write again when it is on its way.\nWith warmth, the Ghee Shop family';
const OLD_READY_SUBJECT = 'Your order {{orderId}} is packed and ready';
const OLD_READY_BODY = 'Namaste {{customerName}},\n\nYour order {{orderId}} is packed and ready to leave.\n\nThe Ghee Shop family';
const EDITED = 'Hello {{customerName}}, order {{orderId}} is packed. Call us any time.';

describeEachDatabase('migration 0033-order-numbers', (dialect) => {
  it('moves the default mails to the order number and leaves what the owner wrote alone', async () => {
    await withMigrationDb(dialect, async ({ handle, migrateTo, migrateToLatest }) => {
      await migrateTo('0032-voided-credit-notes-and-gst-slabs');
      const now = new Date().toISOString();
      await sql`insert into settings (id, emailsetting, customeremail, intialsubject, intialbody, updated_at)
        values (1, 1, 1, ${OLD_SUBJECT}, ${OLD_BODY}, ${now})`.execute(handle.db);
      await sql`insert into email_templates (title, subject, body, status, isdefault, created_at, updated_at)
        values ('Order ready', ${OLD_READY_SUBJECT}, ${OLD_READY_BODY}, 'READY', 1, ${now}, ${now}),
               ('Rider note', ${OLD_READY_SUBJECT}, ${EDITED}, 'READY', 0, ${now}, ${now})`.execute(handle.db);

      await migrateToLatest();

      const settings = await handle.db.selectFrom('settings').select(['intialsubject', 'intialbody']).executeTakeFirstOrThrow();
      expect(settings).toEqual({ intialsubject: INITIAL_ORDER_MAIL.subject, intialbody: INITIAL_ORDER_MAIL.body });
      const templates = await handle.db.selectFrom('email_templates').select(['title', 'subject', 'body']).orderBy('id').execute();
      expect(templates).toEqual([
        { title: 'Order ready', subject: DEFAULT_STATUS_TEMPLATES.READY.subject, body: DEFAULT_STATUS_TEMPLATES.READY.body },
        // A default subject is switched wherever it stands; the owner's own body is kept word for word.
        { title: 'Rider note', subject: DEFAULT_STATUS_TEMPLATES.READY.subject, body: EDITED },
      ]);
      expect(DEFAULT_STATUS_TEMPLATES.READY.subject).toContain('{{orderNumber}}');
    });
  });
});
