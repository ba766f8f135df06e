import type { AdminOrdersQuery, Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { refundFailedColumn, withLinesForAdmin } from './order-repository';

/**
 * The admin's "COD to confirm" list: orders still waiting for the customer's answer, the soonest to expire first.
 * They are few (a day's COD orders at most) and have their own partial index, so a plain count and page do.
 */
export async function pendingConfirmationOrders(executor: Executor, query: Pick<AdminOrdersQuery, 'offset' | 'limit'>): Promise<{ orders: Order[]; total: number }> {
  const waiting = executor.selectFrom('orders').where('confirmation', '=', 'PENDING').where('status', '!=', 'CANCELLED');
  const counted = await waiting.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await waiting.selectAll().select(refundFailedColumn).orderBy('confirm_by').orderBy('id').offset(query.offset).limit(query.limit).execute();
  return { orders: await withLinesForAdmin(executor, rows), total: Number(counted?.n ?? 0) };
}
