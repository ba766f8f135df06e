import { sql } from 'kysely';
import type { CouponRules } from '../../domain/pricing';
import type { Coupon, CouponInput } from '../../domain/schemas/delivery';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { Selectable } from 'kysely';
import type { CouponsTable } from '../db/schema';

type CouponRow = Selectable<CouponsTable>;

function toCoupon(row: CouponRow): Coupon {
  return {
    code: row.code,
    kind: row.kind === 'FLAT' ? 'FLAT' : 'PERCENT',
    value: row.value,
    minOrder: row.min_order,
    maxDiscount: row.max_discount,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    totalUses: row.total_uses,
    perCustomer: row.per_customer,
    firstOrderOnly: row.first_order_only === 1,
    active: row.active === 1,
    used: row.used,
  };
}

function columns(c: CouponInput) {
  return {
    kind: c.kind,
    value: c.value,
    min_order: c.minOrder,
    max_discount: c.maxDiscount,
    valid_from: c.validFrom,
    valid_to: c.validTo,
    total_uses: c.totalUses,
    per_customer: c.perCustomer,
    first_order_only: c.firstOrderOnly ? 1 : 0,
    active: c.active ? 1 : 0,
    updated_at: nowIso(),
  };
}

export async function listCoupons(executor: Executor): Promise<Coupon[]> {
  const rows = await executor.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').orderBy('code').execute();
  return rows.map(toCoupon);
}

export async function findCoupon(executor: Executor, code: string): Promise<Coupon | null> {
  const row = await executor.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
  return row ? toCoupon(row) : null;
}

/** False when the code exists already. */
export async function insertCoupon(executor: Executor, c: CouponInput): Promise<boolean> {
  const result = await executor
    .insertInto('coupons')
    .values({ code: c.code, ...columns(c), created_at: nowIso() })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updateCoupon(executor: Executor, code: string, c: CouponInput): Promise<boolean> {
  const result = await executor.updateTable('coupons').set(columns(c)).where('code', '=', code).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deactivateCoupon(executor: Executor, code: string): Promise<boolean> {
  const result = await executor.updateTable('coupons').set({ active: 0, updated_at: nowIso() }).where('code', '=', code).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function usedByCustomer(executor: Executor, code: string, userId: number): Promise<number> {
  const row = await executor
    .selectFrom('coupon_customer_uses')
    .select('used')
    .where('code', '=', code)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.used ?? 0;
}

/** Whether the customer has placed any order: one index probe, however many orders they have. */
export async function hasOrders(executor: Executor, userId: number): Promise<boolean> {
  const row = await executor.selectFrom('orders').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one use of a code for an order, inside the order's transaction. Each counter moves only by a conditional
 * update that re-checks its limit, so concurrent orders can never take more uses than are left: on PostgreSQL the
 * second writer waits for the row and re-reads it, on SQLite writers are serialised. False: nothing was taken
 * (the caller must roll the transaction back, since the first counter may have moved).
 */
export async function claimCouponUse(
  executor: Executor,
  claim: { rules: CouponRules; userId: number; orderId: number },
): Promise<boolean> {
  const { rules, userId, orderId } = claim;
  const total = await executor
    .updateTable('coupons')
    .set({ used: sql`used + 1` })
    .where('code', '=', rules.code)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('total_uses', 'is', null), eb('used', '<', eb.ref('total_uses'))]))
    .executeTakeFirst();
  if (Number(total.numUpdatedRows) !== 1) return false;
  await executor
    .insertInto('coupon_customer_uses')
    .values({ code: rules.code, user_id: userId, used: 0 })
    .onConflict((oc) => oc.columns(['code', 'user_id']).doNothing())
    .execute();
  const perCustomer = await executor
    .updateTable('coupon_customer_uses')
    .set({ used: sql`used + 1` })
    .where('code', '=', rules.code)
    .where('user_id', '=', userId)
    .where((eb) => (rules.perCustomer === null ? eb.lit(true) : eb('used', '<', rules.perCustomer)))
    .executeTakeFirst();
  if (Number(perCustomer.numUpdatedRows) !== 1) return false;
  await executor.insertInto('coupon_uses').values({ order_id: orderId, code: rules.code, user_id: userId, created_at: nowIso() }).execute();
  return true;
}

/** Gives an order's use of a code back, once however often it is called. True when a use was returned. */
export async function releaseCouponUse(executor: Executor, orderId: number): Promise<boolean> {
  const use = await executor
    .updateTable('coupon_uses')
    .set({ released_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .returning(['code', 'user_id'])
    .executeTakeFirst();
  if (!use) return false;
  await executor.updateTable('coupons').set({ used: sql`used - 1` }).where('code', '=', use.code).where('used', '>', 0).execute();
  await executor
    .updateTable('coupon_customer_uses')
    .set({ used: sql`used - 1` })
    .where('code', '=', use.code)
    .where('user_id', '=', use.user_id)
    .where('used', '>', 0)
    .execute();
  return true;
}

/** Online orders still unpaid since before `createdBefore` that hold a use: their checkout was abandoned. */
export async function listExpiredCouponHolds(executor: Executor, createdBefore: string, limit: number): Promise<number[]> {
  const rows = await executor
    .selectFrom('coupon_uses')
    .innerJoin('orders', 'orders.id', 'coupon_uses.order_id')
    .select('orders.id')
    .where('coupon_uses.released_at', 'is', null)
    .where('orders.paymentmode', '=', 'ONLINE')
    .where('orders.payment_status', 'in', ['PENDING', 'FAILED'])
    .where('orders.created_at', '<', createdBefore)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Releases the hold only if the order is still unpaid at this moment (a payment may land meanwhile). */
export async function releaseIfStillUnpaid(executor: Executor, orderId: number): Promise<boolean> {
  // A write that changes nothing, to hold the order's row: a payment settling at the same moment waits for us.
  const still = await executor
    .updateTable('orders')
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', orderId)
    .where('payment_status', 'in', ['PENDING', 'FAILED'])
    .executeTakeFirst();
  if (Number(still.numUpdatedRows) !== 1) return false;
  return releaseCouponUse(executor, orderId);
}
