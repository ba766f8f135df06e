import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * WhatsApp messages and cash on delivery confirmed before it ships (DESIGN.md §8.6).
 *
 * Orders gain the customer's opt-in and the COD confirmation: `confirmation` is PENDING or CONFIRMED while it
 * matters (null for orders that need none), `confirm_by` is when an unconfirmed order is cancelled, and
 * `confirmation_result` keeps how it ended (CONFIRMED, CANCELLED, EXPIRED) for the overview. Existing orders need
 * no confirmation and have no opt-in, so nothing is sent to anyone who did not ask.
 *
 * `message_outbox` is the mail outbox's twin: rows written in the order's transaction, claimed under a lease,
 * retried with backoff. `idempotency_key` (order and kind) is unique, so a message is queued once however often
 * the step that queues it runs, and `provider_id` is the id the WhatsApp Cloud API gave, which its delivery
 * statuses name. `message_templates` holds the template name and language of each kind (Settings → Messages).
 */
export function messagesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('whatsapp_opt_in', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('confirmation', 'text').execute();
      await db.schema.alterTable('orders').addColumn('confirm_by', 'text').execute();
      await db.schema.alterTable('orders').addColumn('confirmation_result', 'text').execute();
      // The expiry job reads only the few orders still waiting.
      await sql`create index orders_confirmation_pending_idx on orders (confirm_by) where confirmation = 'PENDING'`.execute(db);

      await db.schema.alterTable('settings').addColumn('cod_confirmation', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('settings').addColumn('cod_confirm_hours', 'integer', (c) => c.notNull().defaultTo(24)).execute();
      // The profile's choice; a STOP reply clears it with the opt-in of every order of the account.
      await db.schema.alterTable('users').addColumn('whatsapp_opt_in', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      const idType = dialect === 'postgres' ? 'serial' : 'integer';
      await db.schema
        .createTable('message_outbox')
        .addColumn('id', sql.raw(idType) as never, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('orderid', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_number', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('provider_id', 'text')
        .addColumn('template', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('message_outbox_order_idx').on('message_outbox').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('message_outbox_provider_idx').on('message_outbox').column('provider_id').execute();
      await sql`create index message_outbox_unsent_idx on message_outbox (id) where status in ('QUEUED', 'SENDING')`.execute(db);

      await db.schema
        .createTable('message_templates')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .execute();
      const kinds: [string, string][] = [
        ['PLACED', 'order_placed'],
        ['COD_CONFIRMATION', 'cod_confirmation'],
        ['SHIPPED', 'order_shipped'],
        ['OUT_FOR_DELIVERY', 'out_for_delivery'],
        ['DELIVERED', 'order_delivered'],
        ['REFUND_PROCESSED', 'refund_processed'],
      ];
      for (const [kind, name] of kinds) {
        await sql`insert into message_templates (kind, name, language) values (${kind}, ${name}, ${'en'})`.execute(db);
      }
    },
  };
}
