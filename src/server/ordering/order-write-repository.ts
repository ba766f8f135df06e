import { sql, type Insertable } from 'kysely';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { NewOrder, OrderLinesTable } from '../db/schema';
import { toOrderView } from '../orders/order-repository';

export type NewOrderLine = Omit<Insertable<OrderLinesTable>, 'order_id' | 'id'>;

/** Inserts an order and its own copy of each line; throws on a duplicate (user_id, receipt). */
export async function insertOrder(executor: Executor, order: NewOrder, lines: NewOrderLine[]): Promise<Order> {
  const row = await executor.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
  const lineRows = lines.length
    ? await executor
        .insertInto('order_lines')
        .values(lines.map((line) => ({ ...line, order_id: row.id })))
        .returningAll()
        .execute()
    : [];
  return toOrderView(row, lineRows);
}

/**
 * PENDING or FAILED → PAID in one conditional UPDATE. Under any number of concurrent confirmations, webhooks
 * and reconciliations exactly one caller wins, and only that caller queues the order-placed mail.
 * A FAILED order may still be paid: Razorpay lets the customer retry on the same order.
 * Answers the order's status as the winning update left it (read under the row's lock, so a cancellation that
 * committed first is seen), or null for a caller that did not win.
 */
export async function markOrderPaid(executor: Executor, orderRowId: number, paymentId: string): Promise<string | null> {
  const now = nowIso();
  const row = await executor
    .updateTable('orders')
    .set({ payment_status: 'PAID', paymentid: paymentId, paid_at: now, updated_at: now })
    .where('id', '=', orderRowId)
    .where('paymentmode', '=', 'ONLINE')
    .where('payment_status', 'in', ['PENDING', 'FAILED'])
    .returning('status')
    .executeTakeFirst();
  return row?.status ?? null;
}

/** The shop cancels an order of its own accord (no one's request): the reason is kept, the status mail follows. */
export async function cancelPaidOrderForShop(executor: Executor, orderRowId: number, reason: string): Promise<void> {
  const now = nowIso();
  await executor
    .updateTable('orders')
    .set({ status: 'CANCELLED', cancel_reason: reason, cancelled_at: now, cancelled_by: 'SHOP', updated_at: now })
    .where('id', '=', orderRowId)
    .execute();
}

/** Records a failed attempt; never touches an order that is already paid. */
export async function markOrderPaymentFailed(executor: Executor, orderRowId: number): Promise<boolean> {
  const result = await executor
    .updateTable('orders')
    .set({ payment_status: 'FAILED', updated_at: nowIso() })
    .where('id', '=', orderRowId)
    .where('payment_status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * An unpaid online order the customer turned into cash on delivery (dialog closed, mode switched, same
 * checkout). Conditional like markOrderPaid, so a payment or a cancellation landing at the same moment wins or
 * loses cleanly; a cancelled order stays as it was cancelled. Null for a caller that did not win; the winner learns
 * whether the order's hold had already given its bottles back (read under the row's lock, as the update left it).
 */
export async function switchUnpaidOrderToCod(
  executor: Executor,
  orderRowId: number,
  charges: { codFee: number; total: number },
  confirmation: Pick<NewOrder, 'confirmation' | 'confirm_by'> = {},
): Promise<{ stockReturned: boolean } | null> {
  const row = await executor
    .updateTable('orders')
    .set({ paymentmode: 'CASHONDELIVERY', payment_status: 'COD', cod_fee: charges.codFee, total_amount: charges.total, ...confirmation, updated_at: nowIso() })
    .where('id', '=', orderRowId)
    .where('paymentmode', '=', 'ONLINE')
    .where('payment_status', 'in', ['PENDING', 'FAILED'])
    .where('status', '<>', 'CANCELLED')
    .returning('stock_returned_at')
    .executeTakeFirst();
  return row ? { stockReturned: row.stock_returned_at !== null } : null;
}

/**
 * A write to the order's row that changes none of its fields, for the two things any write to it does. It holds the
 * row's lock until the transaction ends, so two refunds by lines of one order take turns at counting the bottles
 * left (refund-by-lines.ts). And it moves the account's orders_version (a trigger, migration 0009), which is what
 * makes the customer's kept order list be built again: news kept in other tables, a shipment and its scans, shows
 * there only after it.
 */
export async function lockOrderAndRefreshCustomerList(executor: Executor, orderRowId: number): Promise<void> {
  await executor.updateTable('orders').set({ updated_at: sql`updated_at` }).where('id', '=', orderRowId).execute();
}

export async function markOrderVerified(executor: Executor, orderRowId: number): Promise<void> {
  const now = nowIso();
  await executor.updateTable('orders').set({ verified_at: now, updated_at: now }).where('id', '=', orderRowId).execute();
}

/**
 * Orders switched to cash on delivery after their payment dialog opened, in the window, whose gateway order may
 * still take a payment, and whose such payment was not given back yet (decision 081; orders_payment_created_idx).
 */
export async function listSwitchedToCodOrders(executor: Executor, window: { createdAfter: string; createdBefore: string; limit: number }) {
  return executor
    .selectFrom('orders')
    .select(['id', 'orderid', 'gateway_order_id', 'total_amount', 'payment_status'])
    .where('payment_status', '=', 'COD')
    .where('paymentmode', '=', 'CASHONDELIVERY')
    .where('gateway_order_id', 'is not', null)
    .where('created_at', '>', window.createdAfter)
    .where('created_at', '<=', window.createdBefore)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('refunds').select('refunds.id').whereRef('refunds.order_id', '=', 'orders.id').where('refunds.stray_payment', '=', 1))),
    )
    .orderBy('created_at', 'desc')
    .limit(window.limit)
    .execute();
}

/** Online orders still unpaid that were created inside the window, newest first (orders_payment_created_idx). */
export async function listUnpaidOnlineOrders(
  executor: Executor,
  window: { createdAfter: string; createdBefore: string; limit: number },
) {
  return executor
    .selectFrom('orders')
    .select(['id', 'orderid', 'gateway_order_id', 'total_amount', 'payment_status'])
    .where('payment_status', 'in', ['PENDING', 'FAILED'])
    .where('paymentmode', '=', 'ONLINE')
    .where('created_at', '>', window.createdAfter)
    .where('created_at', '<=', window.createdBefore)
    .orderBy('created_at', 'desc')
    .limit(window.limit)
    .execute();
}
