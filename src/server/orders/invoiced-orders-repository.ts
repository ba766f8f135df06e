import { sql } from 'kysely';
import type { AdminOrdersQuery, Order } from '../../domain/schemas/order';
import type { Dialect, Executor } from '../db/database';
import { adminListCondition } from './admin-order-repository';
import { refundFailedColumn, withLinesForAdmin } from './order-repository';

/**
 * The admin list narrowed to invoiced (or not yet invoiced) orders. The trigger-kept counts behind the fast list
 * do not know about invoices, so this counts and pages directly, through the index on orders.invoice_number; it
 * is a bookkeeping view read now and then, not the list the dashboard opens on.
 */
export async function searchOrdersByInvoice(
  executor: Executor,
  dialect: Dialect,
  query: AdminOrdersQuery & { invoiced: 'yes' | 'no' },
): Promise<{ orders: Order[]; total: number }> {
  const condition = sql`${adminListCondition(dialect, query)} and ${sql.raw(
    query.invoiced === 'yes' ? 'invoice_number is not null' : 'invoice_number is null',
  )}`;
  const direction = sql.raw(query.sort === 'oldest' ? 'asc' : 'desc');
  const [count, page] = await Promise.all([
    sql<{ n: number | string }>`select count(*) as n from orders where ${condition}`.execute(executor),
    sql<{ id: number }>`select id from orders where ${condition}
      order by created_at ${direction}, id ${direction} limit ${query.limit} offset ${query.offset}`.execute(executor),
  ]);
  const ids = page.rows.map((r) => Number(r.id));
  if (ids.length === 0) return { orders: [], total: Number(count.rows[0]?.n ?? 0) };
  const rows = await executor.selectFrom('orders').selectAll().select(refundFailedColumn).where('id', 'in', ids).execute();
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { orders: await withLinesForAdmin(executor, rows), total: Number(count.rows[0]?.n ?? 0) };
}
