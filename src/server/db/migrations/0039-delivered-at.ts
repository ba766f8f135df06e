import { sql, type Kysely } from 'kysely';

/**
 * When an order was first delivered. An admin may set any status at any time (SPEC), so an order delivered and then
 * set back to preparation by mistake looked cancellable again: its bottles came back and a paid order was refunded
 * in full. A delivered order keeps this mark whatever its status says later. Orders delivered before this are
 * found by their status, their courier's delivered scan or the admin's status change in the audit log.
 */
export function deliveredAtMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
      await sql`update orders set delivered_at = updated_at where status = 'DELIVERED'`.execute(db);
      await sql`update orders set delivered_at = (
          select min(shipments.updated_at) from shipments where shipments.order_id = orders.id and shipments.status = 'DELIVERED')
        where delivered_at is null and exists (select 1 from shipments where shipments.order_id = orders.id and shipments.status = 'DELIVERED')`.execute(db);
      // The audit names the order with its display prefix (order_…), which a stored id may already carry.
      await sql`update orders set delivered_at = (
          select min(audit_log.created_at) from audit_log
          where audit_log.action = 'order.status' and audit_log.target in (orders.orderid, 'order_' || orders.orderid) and audit_log.details like '%"to":"DELIVERED"%')
        where delivered_at is null and exists (
          select 1 from audit_log
          where audit_log.action = 'order.status' and audit_log.target in (orders.orderid, 'order_' || orders.orderid) and audit_log.details like '%"to":"DELIVERED"%')`.execute(db);
    },
  };
}
