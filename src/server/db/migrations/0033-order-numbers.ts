import { sql, type Kysely } from 'kysely';

/**
 * Orders get a number people can read and say (GS-1043), offered to mail templates as `{{orderNumber}}`. The
 * shop's own default mails switch from the gateway's id to it; a template or first-order mail the owner has
 * edited is left exactly as written, since only text equal to a default of the day is changed.
 */
export function orderNumbersMigration() {
  return {
    async up(db: Kysely<unknown>) {
      for (const before of DEFAULT_TEXTS_WITH_ORDER_ID) {
        const after = before.replaceAll('{{orderId}}', '{{orderNumber}}');
        await sql`update email_templates set subject = ${after} where subject = ${before}`.execute(db);
        await sql`update email_templates set body = ${after} where body = ${before}`.execute(db);
        await sql`update settings set intialsubject = ${after} where intialsubject = ${before}`.execute(db);
        await sql`update settings set intialbody = ${after} where intialbody = ${before}`.execute(db);
      }
    },
  };
}

// The default subjects and bodies that named the order by `{{orderId}}` when this migration was written. Copied,
// not imported: a migration is frozen history and imports no live code.
const DEFAULT_TEXTS_WITH_ORDER_ID: readonly string[] = [
  "Thank you for your order {{orderId}}",
  "Namaste {{customerName}},\n\nThank you for ordering from Ghee Shop. We have received your order {{orderId}} ({{receipt}}).\n\n{{items}}\n\nTotal: {{totalAmount}}\nDelivering to: {{address}}, {{district}}, {{state}} {{pincode}}\n\nWe will write again when it is on its way.\nWith warmth, the Ghee Shop family",
  "Your order {{orderId}} is being prepared",
  "Namaste {{customerName}},\n\nYour order {{orderId}} is being prepared in our kitchen.\n\n{{items}}\n\nTotal: {{totalAmount}}\n\nThe Ghee Shop family",
  "Your order {{orderId}} is packed and ready",
  "Namaste {{customerName}},\n\nYour order {{orderId}} is packed and ready to leave.\n\nThe Ghee Shop family",
  "Your order {{orderId}} is out for delivery",
  "Namaste {{customerName}},\n\nYour order {{orderId}} is on its way to {{address}}, {{district}} {{pincode}}.\nPlease keep {{mobileNumber}} reachable.\n\nThe Ghee Shop family",
  "Your order {{orderId}} was delivered",
  "Namaste {{customerName}},\n\nYour order {{orderId}} has been delivered. We hope you enjoy every spoonful.\n\nThe Ghee Shop family",
  "Your order {{orderId}} was cancelled",
  "Namaste {{customerName}},\n\nYour order {{orderId}} ({{receipt}}) was cancelled.\n\n{{items}}\n\nIf you paid online, the full {{totalAmount}} is refunded to your card or account; banks take 5-7 working days to show it.\n\nThe Ghee Shop family",
  "Your order {{orderId}} came back to us",
  "Namaste {{customerName}},\n\nThe courier could not deliver your order {{orderId}} ({{receipt}}) and has returned it to us.\n\n{{items}}\n\nIf you paid online, write to us and we will refund you or send it again. A cash-on-delivery order costs you nothing.\n\nThe Ghee Shop family",
];
