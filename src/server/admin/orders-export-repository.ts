import type { AdminOrdersQuery } from '../../domain/schemas/order';
import type { Dialect, Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { adminListCondition } from '../orders/admin-order-repository';

export type OrderExportFilters = Pick<AdminOrdersQuery, 'status' | 'q' | 'sort' | 'payment'>;

export interface ExportCursor {
  createdAt: string;
  id: number;
}

/**
 * One batch of filtered orders after `cursor`, in the requested order. Keyset paging on
 * (created_at, id) keeps every batch an index range read, however deep into the export.
 */
export async function exportBatch(
  db: Executor,
  dialect: Dialect,
  filters: OrderExportFilters,
  cursor: ExportCursor | null,
  size: number,
): Promise<OrderRow[]> {
  const newest = filters.sort !== 'oldest';
  const dir = newest ? 'desc' : 'asc';
  let q = db
    .selectFrom('orders')
    .selectAll()
    .where(() => adminListCondition(dialect, filters) as never);
  if (cursor) {
    const past = newest ? '<' : '>';
    q = q.where((eb) =>
      eb.or([
        eb('created_at', past, cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb('id', past, cursor.id)]),
      ]),
    );
  }
  return q.orderBy('created_at', dir).orderBy('id', dir).limit(size).execute();
}
