import { sql, type SelectQueryBuilder } from 'kysely';
import { ORDER_ID_PREFIX } from '../../domain/constants';
import type { AdminOrdersQuery } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import type { Database, OrderRow } from '../db/schema';
import { SALE_PAYMENT_STATUSES, UNPAID_PAYMENT_STATUSES } from './payment-scope';

export type OrderExportFilters = Pick<AdminOrdersQuery, 'status' | 'q' | 'sort' | 'payment'>;

/** LIKE treats % and _ as wildcards; a search for "50%" means the text "50%". */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** As the order list does: the short id as displayed is searched, and a pasted full id works too. */
function searchTerm(q: string | undefined): string | undefined {
  const term = q?.trim() ?? '';
  const short = term.toLowerCase().startsWith(ORDER_ID_PREFIX) ? term.slice(ORDER_ID_PREFIX.length) : term;
  return short || undefined;
}

/** The filters of GET /api/order/admin: sales or unpaid online, status, and order id / name search. */
function filtered<O>(query: SelectQueryBuilder<Database, 'orders', O>, filters: OrderExportFilters) {
  let q = query;
  if (filters.payment === 'pending') {
    q = q.where('paymentmode', '=', 'ONLINE').where('payment_status', 'in', UNPAID_PAYMENT_STATUSES);
  } else {
    q = q.where('payment_status', 'in', SALE_PAYMENT_STATUSES);
  }
  if (filters.status) q = q.where('status', '=', filters.status);
  const term = searchTerm(filters.q);
  if (term) {
    const pattern = likeContains(term);
    // The id is searched without its 'order_' prefix, as the dashboard shows it.
    const idStart = ORDER_ID_PREFIX.length + 1;
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(substr(orderid, ${sql.lit(idStart)})) like ${pattern} escape '\\'`,
        sql<boolean>`lower(username) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return q;
}

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
  filters: OrderExportFilters,
  cursor: ExportCursor | null,
  size: number,
): Promise<OrderRow[]> {
  const newest = filters.sort !== 'oldest';
  const dir = newest ? 'desc' : 'asc';
  let q = filtered(db.selectFrom('orders').selectAll(), filters);
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
