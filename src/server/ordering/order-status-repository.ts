import type { OrderStatus } from '../../domain/order-status';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/** Sets an order's status; answers false when no such order exists or it is cancelled (nothing leaves CANCELLED). */
export async function setOrderStatus(executor: Executor, orderid: string, status: OrderStatus): Promise<boolean> {
  const result = await executor
    .updateTable('orders')
    .set({ status, updated_at: nowIso() })
    .where('orderid', '=', orderid)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
