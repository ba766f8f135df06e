import { sql, type ExpressionBuilder } from 'kysely';
import { ORDER_ID_PREFIX } from '../../domain/constants';
import type { AdminOrdersQuery, Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import type { Database } from '../db/schema';
import { withLines } from './order-repository';

/** Sales are paid online orders and cash-on-delivery orders; `payment=pending` asks for unpaid online ones. */
const SALE_STATUSES = ['PAID', 'COD'];
const UNPAID_STATUSES = ['PENDING', 'FAILED'];

/** `%`, `_` and `\` typed by the admin are matched literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Admins search the short order id (as displayed) or the customer's name; a pasted full id works too. */
function searchTerm(q: string | undefined): string | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const short = term.toLowerCase().startsWith(ORDER_ID_PREFIX) ? term.slice(ORDER_ID_PREFIX.length) : term;
  return short || undefined;
}

function filters(query: AdminOrdersQuery) {
  const term = searchTerm(query.q);
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const conditions = [
      eb('payment_status', 'in', query.payment === 'pending' ? UNPAID_STATUSES : SALE_STATUSES),
      ...(query.payment === 'pending' ? [eb('paymentmode', '=', 'ONLINE')] : []),
      ...(query.status ? [eb('status', '=', query.status)] : []),
    ];
    if (term) {
      const pattern = containsPattern(term);
      // substr from 7 drops the 6-character 'order_' prefix, so 'order' alone does not match every order.
      conditions.push(
        eb.or([
          sql<boolean>`lower(substr(${eb.ref('orderid')}, ${ORDER_ID_PREFIX.length + 1})) like ${pattern} escape '\\'`,
          sql<boolean>`lower(${eb.ref('username')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/**
 * One page of the admin order list and the total matching, both computed by the database. The search is a
 * case-insensitive contains (LIKE over lower()); kept in this one function so an indexed search (trigrams)
 * can replace it without touching callers.
 */
export async function searchAdminOrders(
  executor: Executor,
  query: AdminOrdersQuery,
): Promise<{ orders: Order[]; total: number }> {
  const where = filters(query);
  const direction = query.sort === 'oldest' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    executor
      .selectFrom('orders')
      .selectAll()
      .where(where)
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    executor
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { orders: await withLines(executor, rows), total: Number(count.total) };
}
