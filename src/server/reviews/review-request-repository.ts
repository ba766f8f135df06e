// The SQL of the review-request mail: delivered orders not yet asked, and the one row per order that says it was.
import type { Executor } from '../db/database';

export interface OrderToAsk {
  id: number;
  orderid: string;
  username: string;
  emailaddress: string;
}

/**
 * DELIVERED orders not yet asked for a review whose last change is older than `deliveredBefore`. The delivery time
 * is the order's updated_at: a delivered order changes rarely afterwards (a refund), which only delays its mail.
 */
export async function ordersToAsk(db: Executor, deliveredBefore: string, limit: number): Promise<OrderToAsk[]> {
  return db
    .selectFrom('orders')
    .select(['orders.id', 'orders.orderid', 'orders.username', 'orders.emailaddress'])
    .where('orders.status', '=', 'DELIVERED')
    .where('orders.updated_at', '<=', deliveredBefore)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('review_requests').select('review_requests.order_id').whereRef('review_requests.order_id', '=', 'orders.id'))),
    )
    .orderBy('orders.id')
    .limit(limit)
    .execute();
}

/** Records the request; false when another process recorded it first (then it sends nothing). */
export async function claimRequest(db: Executor, orderId: number, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('review_requests')
    .values({ order_id: orderId, sent_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .execute();
  return rows.length === 1;
}

/** The products of the order that are still in the shop, once each, in line order. */
export async function orderedProducts(db: Executor, orderId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select(['products.id', 'products.name', 'order_lines.position'])
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.position')
    .execute();
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => ({ id: r.id, name: r.name }));
}
