import { sql } from 'kysely';
import type { Order } from '../../domain/schemas/order';
import type { Dialect, Executor } from '../db/database';
import type { OrderLineRow, OrderRow } from '../db/schema';
import { shipmentViews } from './shipment-view-repository';

/** An order row and its lines in the wire shape of SPEC.md §3 (Order as returned). */
export function toOrderView(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    id: row.id,
    orderid: row.orderid,
    paymentid: row.paymentid,
    status: row.status,
    paymentmode: row.paymentmode,
    paymentstatus: row.payment_status,
    address: row.address,
    district: row.district,
    state: row.state,
    pincode: row.pincode,
    mobilenumber: row.mobilenumber,
    totalAmount: row.total_amount,
    items: lines
      .sort((a, b) => a.position - b.position)
      .map((l) => ({ name: l.name, quantity: l.size_ml, itemQty: l.item_qty, finalPrice: l.unit_price })),
    createdAt: row.created_at,
    username: row.username,
    emailaddress: row.emailaddress,
    note: row.note,
    receipt: row.receipt,
    subtotal: row.subtotal,
    deliveryFee: row.delivery_fee,
    codFee: row.cod_fee,
    discount: row.discount,
    couponCode: row.coupon_code,
    invoiceNumber: row.invoice_number,
    gstin: row.gstin,
    businessName: row.business_name,
    confirmation: row.confirmation === 'PENDING' || row.confirmation === 'CONFIRMED' ? row.confirmation : null,
    confirmBy: row.confirmation === 'PENDING' ? (row.confirm_by ?? null) : null,
    whatsappOptIn: row.whatsapp_opt_in === 1,
    deliveredAt: row.delivered_at,
  };
}

/** Attaches lines and shipments to many orders with a query each (no N+1). */
export async function withLines(executor: Executor, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await executor
    .selectFrom('order_lines')
    .selectAll()
    .where(
      'order_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byOrder = new Map<number, OrderLineRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.order_id) ?? [];
    list.push(line);
    byOrder.set(line.order_id, list);
  }
  const shipments = await shipmentViews(
    executor,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...toOrderView(row, byOrder.get(row.id) ?? []), shipment: shipments.get(row.id) ?? null }));
}

/**
 * Orders as the admin list and Your Orders show them: with lines, what was refunded of each or is on its way
 * (DESIGN.md §7.3), and how much of that the gateway has processed, so an order reads "Refunded" or "Part refunded"
 * only for money that went back.
 */
export async function withLinesForAdmin(executor: Executor, rows: (OrderRow & RefundFailedFlag)[]): Promise<Order[]> {
  const orders = await withLines(executor, rows);
  return orders.map((order, i) => {
    const row = rows[i];
    return {
      ...order,
      refundedAmount: row?.refunded_amount ?? 0,
      refundProcessedAmount: row?.refund_processed_amount ?? 0,
      // Only lists that selected the flag carry it (the admin's); the customer's own list does not.
      ...(row && 'refund_failed' in row ? { refundFailed: Boolean(Number(row.refund_failed)) } : {}),
    };
  });
}

/** `refund_failed` as the admin list selects it: a boolean on PostgreSQL, 0 or 1 on SQLite. */
export interface RefundFailedFlag {
  refund_failed?: boolean | number | null;
}

/**
 * Whether the order has a refund FAILED now (not retried since), selected with the admin list's rows: one EXISTS
 * per row of the page, through the refunds' order index, instead of a query per order.
 */
export const refundFailedColumn = sql<boolean | number>`exists (select 1 from refunds where refunds.order_id = orders.id and refunds.status = 'FAILED')`.as('refund_failed');

/** An order's own lines in their order, as stored (with the product each was priced from). */
export function orderLineRows(executor: Executor, orderRowId: number): Promise<OrderLineRow[]> {
  return executor.selectFrom('order_lines').selectAll().where('order_id', '=', orderRowId).orderBy('position').execute();
}

export async function findOrderByOrderId(executor: Executor, orderid: string): Promise<Order | null> {
  const row = await executor.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirst();
  if (!row) return null;
  const [order] = await withLines(executor, [row]);
  return order ?? null;
}

export async function findOrderRow(executor: Executor, orderid: string): Promise<OrderRow | undefined> {
  return executor.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirst();
}

/** The order's row by its row id (shipments and refunds hold that id). */
export async function findOrderRowById(executor: Executor, orderRowId: number): Promise<OrderRow | undefined> {
  return executor.selectFrom('orders').selectAll().where('id', '=', orderRowId).executeTakeFirst();
}

/**
 * The order's row, locked until the transaction ends on PostgreSQL (SQLite has one writer at a time anyway): what
 * changes an order after reading it (an invoice, a booking) and a concurrent change of the same order then run one
 * after the other.
 */
export async function lockOrderRowById(trx: Executor, dialect: Dialect, orderRowId: number): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', orderRowId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function findOrderRowByGatewayOrderId(executor: Executor, gatewayOrderId: string): Promise<OrderRow | undefined> {
  return executor.selectFrom('orders').selectAll().where('gateway_order_id', '=', gatewayOrderId).executeTakeFirst();
}

/** The order a user placed with this receipt, if any: receipts are unique per user. */
export async function findOrderByReceipt(executor: Executor, userId: number, receipt: string): Promise<Order | null> {
  const row = await executor
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('receipt', '=', receipt)
    .executeTakeFirst();
  if (!row) return null;
  const [order] = await withLines(executor, [row]);
  return order ?? null;
}

/**
 * A customer's orders, newest first, read row by row. GET /api/order answers customerOrdersJson (the same list
 * built by the database); this stays as the reference its test compares that JSON with.
 */
export async function listOrdersOfUser(executor: Executor, userId: number): Promise<Order[]> {
  const rows = await executor
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return withLinesForAdmin(executor, rows);
}
