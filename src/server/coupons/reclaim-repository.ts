import { sql } from 'kysely';
import type { Executor } from '../db/database';

export type ReclaimOutcome = 'nothing-released' | 'reclaimed' | 'taken';

/**
 * A late payment for an order whose unpaid hold gave its use of a code back: the use is taken again, in the
 * settling transaction, under the same conditional updates as the first claim, so a use that someone else took
 * meanwhile is not taken twice. 'taken': no use was left (nothing changed). The code's rules are read as they
 * are now; a code retired since the order was placed still counts the use the order was priced with.
 */
export async function reclaimReleasedCouponUse(executor: Executor, orderId: number): Promise<ReclaimOutcome> {
  const use = await executor
    .selectFrom('coupon_uses')
    .innerJoin('coupons', 'coupons.code', 'coupon_uses.code')
    .select(['coupon_uses.code', 'coupon_uses.user_id', 'coupons.total_uses', 'coupons.per_customer'])
    .where('coupon_uses.order_id', '=', orderId)
    .where('coupon_uses.released_at', 'is not', null)
    .executeTakeFirst();
  if (!use) return 'nothing-released';
  if (use.total_uses !== null) {
    const total = await executor
      .updateTable('coupons')
      .set({ used: sql`used + 1` })
      .where('code', '=', use.code)
      .where('used', '<', use.total_uses)
      .executeTakeFirst();
    if (Number(total.numUpdatedRows) !== 1) return 'taken';
  }
  if (use.per_customer !== null) {
    await executor
      .insertInto('coupon_customer_uses')
      .values({ code: use.code, user_id: use.user_id, used: 0 })
      .onConflict((oc) => oc.columns(['code', 'user_id']).doNothing())
      .execute();
    const mine = await executor
      .updateTable('coupon_customer_uses')
      .set({ used: sql`used + 1` })
      .where('code', '=', use.code)
      .where('user_id', '=', use.user_id)
      .where('used', '<', use.per_customer)
      .executeTakeFirst();
    if (Number(mine.numUpdatedRows) !== 1) {
      // The total counter moved above; it goes back, since this order takes no use after all.
      if (use.total_uses !== null) await executor.updateTable('coupons').set({ used: sql`used - 1` }).where('code', '=', use.code).execute();
      return 'taken';
    }
  }
  await executor.updateTable('coupon_uses').set({ released_at: null }).where('order_id', '=', orderId).execute();
  return 'reclaimed';
}
