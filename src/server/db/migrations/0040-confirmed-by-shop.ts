import { sql, type Kysely } from 'kysely';

/**
 * A COD confirmation the owner recorded (after a call), or made by shipping or moving the order on, was stored as
 * the customer's own: the messages said "Answered: the order is confirmed" and the overview counted it with the
 * customers' answers. Such confirmations read CONFIRMED_BY_SHOP from now on; those before this are every CONFIRMED
 * without a customer's answer (by the link or WhatsApp) in the audit log.
 */
export function confirmedByShopMigration() {
  return {
    async up(db: Kysely<unknown>) {
      // The audit names the order with its display prefix (order_…), which a stored id may already carry.
      await sql`update orders set confirmation_result = 'CONFIRMED_BY_SHOP'
        where confirmation_result = 'CONFIRMED' and not exists (
          select 1 from audit_log
          where audit_log.action = 'order.cod-confirm' and audit_log.target in (orders.orderid, 'order_' || orders.orderid)
            and audit_log.details like '%"answer":"CONFIRM"%'
            and (audit_log.details like '%"by":"link"%' or audit_log.details like '%"by":"whatsapp"%'))`.execute(db);
    },
  };
}
