import type { AdminOrdersQuery, Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { refundFailedColumn, withLinesForAdmin } from './order-repository';

/**
 * The admin's "Refund failed" list: orders with a refund the gateway failed and nobody retried yet. They are few
 * (a failure is rare, and each one is retried or settled by hand), found through the refunds' status index, so a
 * plain count and page do; the other filters do not apply, as for "COD to confirm".
 */
export async function failedRefundOrders(executor: Executor, query: Pick<AdminOrdersQuery, 'offset' | 'limit' | 'sort'>): Promise<{ orders: Order[]; total: number }> {
  const failed = executor
    .selectFrom('orders')
    .where('id', 'in', (eb) => eb.selectFrom('refunds').select('order_id').where('status', '=', 'FAILED'));
  const counted = await failed.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const direction = query.sort === 'oldest' ? 'asc' : 'desc';
  const rows = await failed
    .selectAll()
    .select(refundFailedColumn)
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .offset(query.offset)
    .limit(query.limit)
    .execute();
  return { orders: await withLinesForAdmin(executor, rows), total: Number(counted?.n ?? 0) };
}

