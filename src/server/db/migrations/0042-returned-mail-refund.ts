import { sql, type Kysely } from 'kysely';

/**
 * The default mail for a parcel the courier returned told a customer who paid online to write in "and we will refund
 * you or send it again": a returned order is never sent again, and the owner refunds the payment from the order page
 * (decision 028). It now says the payment will be refunded and that a new order brings the ghee. Only a body still
 * exactly as seeded is changed; a template the owner edited keeps its own words (the mail replaces the old sentence).
 */
export function returnedMailRefundMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update email_templates set body = ${REFUNDED_AND_ORDER_AGAIN} where body = ${SEND_IT_AGAIN}`.execute(db);
    },
  };
}

// The seeded body before and after. Copied, not imported: a migration is frozen history and imports no live code.
const SEND_IT_AGAIN =
  'Namaste {{customerName}},\n\nThe courier could not deliver your order {{orderNumber}} ({{receipt}}) and has returned it to us.\n\n{{items}}\n\nIf you paid online, write to us and we will refund you or send it again. A cash-on-delivery order costs you nothing.\n\nThe Ghee Shop family';
const REFUNDED_AND_ORDER_AGAIN =
  'Namaste {{customerName}},\n\nThe courier could not deliver your order {{orderNumber}} ({{receipt}}) and has returned it to us.\n\n{{items}}\n\nIf you paid online, we will refund your payment to your card or account and write to you when the refund is on its way. A cash-on-delivery order costs you nothing.\n\nA returned parcel is not sent again: if you would still like your ghee, please place a new order.\n\nThe Ghee Shop family';
