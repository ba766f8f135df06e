import { sql, type Kysely } from 'kysely';

/**
 * The default cancellation mail said a paid order's money "is refunded" when the mail is written before the gateway
 * is even asked (decision 082): it now says the money is on its way back. Only a body still exactly as seeded is
 * changed; a template the owner edited keeps its own words.
 */
export function cancelMailOnItsWayMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update email_templates set body = ${ON_ITS_WAY} where body = ${REFUNDED}`.execute(db);
    },
  };
}

// The seeded body before and after. Copied, not imported: a migration is frozen history and imports no live code.
const REFUNDED =
  'Namaste {{customerName}},\n\nYour order {{orderNumber}} ({{receipt}}) was cancelled.\n\n{{items}}\n\nIf you paid online, the full {{totalAmount}} is refunded to your card or account; banks take 5-7 working days to show it.\n\nThe Ghee Shop family';
const ON_ITS_WAY =
  'Namaste {{customerName}},\n\nYour order {{orderNumber}} ({{receipt}}) was cancelled.\n\n{{items}}\n\nIf you paid online, the full {{totalAmount}} is on its way back to your card or account; banks take 5-7 working days to show it.\n\nThe Ghee Shop family';
