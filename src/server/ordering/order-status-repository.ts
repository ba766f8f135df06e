import type { PaymentStatus } from '../../domain/constants';
import type { OrderStatus } from '../../domain/order-status';
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/**
 * Sets an order's status; answers false when no such order exists or it is cancelled (nothing leaves CANCELLED). The
 * first delivery is kept (`delivered_at`), whatever status is set after it.
 */
export async function setOrderStatus(executor: Executor, orderid: string, status: OrderStatus): Promise<boolean> {
  const now = nowIso();
  const result = await executor
    .updateTable('orders')
    .set({ status, updated_at: now, ...(status === 'DELIVERED' ? { delivered_at: sql<string>`coalesce(delivered_at, ${now})` } : {}) })
    .where('orderid', '=', orderid)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Cancels the order if it still has the status and payment status that were read: a payment settling meanwhile
 * changes what cancelling owes the customer, so the attempt loses and is retried. Answers whether it was cancelled.
 * A COD order still waiting for its confirmation stops waiting: its question ended in this cancel, by whoever made it.
 */
export async function markOrderCancelled(
  executor: Executor,
  read: { id: number; status: OrderStatus; payment_status: PaymentStatus },
  cancel: { reason: string; by: 'ADMIN' | 'CUSTOMER' },
): Promise<boolean> {
  const now = nowIso();
  const changed = await executor
    .updateTable('orders')
    .set({
      status: 'CANCELLED',
      cancel_reason: cancel.reason,
      cancelled_at: now,
      cancelled_by: cancel.by,
      confirmation: sql<string | null>`case when confirmation = 'PENDING' then null else confirmation end`,
      confirmation_result: sql<string | null>`case when confirmation = 'PENDING' then 'CANCELLED' else confirmation_result end`,
      updated_at: now,
    })
    .where('id', '=', read.id)
    .where('status', '=', read.status)
    .where('payment_status', '=', read.payment_status)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}
