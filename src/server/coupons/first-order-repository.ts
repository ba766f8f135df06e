import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/**
 * Claims "the customer's first order" for an order using a first-order-only code, inside the order's transaction.
 * The claim is a row keyed by the customer: of orders placed at once, the first to insert it wins and the others
 * wait for its commit and find it taken (PostgreSQL's unique index; SQLite serialises writers). An order of theirs
 * already stored (or written earlier in the same group) also means this is not the first.
 */
export async function claimFirstOrder(executor: Executor, userId: number, orderId: number): Promise<boolean> {
  const claimed = await executor
    .insertInto('first_order_claims')
    .values({ user_id: userId, order_id: orderId, created_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  const earlier = await executor.selectFrom('orders').select('id').where('user_id', '=', userId).where('id', '<>', orderId).limit(1).executeTakeFirst();
  return earlier === undefined;
}
