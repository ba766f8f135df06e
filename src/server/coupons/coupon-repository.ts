import { sql } from 'kysely';
import type { CouponRules } from '../../domain/pricing';
import type { Coupon, CouponInput } from '../../domain/schemas/delivery';
import type { DB, Executor } from '../db/database';
import { createReadBatcher, perDatabase } from '../db/read-batcher';
import { nowIso } from '../db/database';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { CouponsTable, Database } from '../db/schema';
import { claimFirstOrder } from './first-order-repository';

/**
 * 'used-up': no use of the code was left; 'used-by-customer': the customer's own uses of it were taken (by another of
 * their orders placed at the same time); 'not-first-order': a first-order-only code on a customer's later order.
 */
export type ClaimOutcome = 'claimed' | 'used-up' | 'used-by-customer' | 'not-first-order';

type CouponRow = Selectable<CouponsTable>;

/** `used`: uses held now (released ones not counted). The column counts them only while a total limit needs it. */
function toCoupon(row: CouponRow, used: number = row.used): Coupon {
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
    used,
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

/** The uses a code holds now (released ones not counted); without `code`, those of the coupons row being read. */
const heldUses = (code?: string) => (eb: ExpressionBuilder<Database, 'coupons'>) => {
  const held = eb.selectFrom('coupon_uses').select((e) => e.fn.countAll<number>().as('n')).where('coupon_uses.released_at', 'is', null);
  return code === undefined ? held.whereRef('coupon_uses.code', '=', 'coupons.code') : held.where('coupon_uses.code', '=', code);
};

/** For the admin's list: every code with the uses it holds now, counted from the uses themselves. */
export async function listCoupons(executor: Executor): Promise<Coupon[]> {
  const rows = await executor
    .selectFrom('coupons')
    .selectAll('coupons')
    .select((eb) => heldUses()(eb).as('held'))
    .orderBy('created_at', 'desc')
    .orderBy('code')
    .execute();
  return rows.map((r) => toCoupon(r, Number(r.held ?? 0)));
}

const couponBatcher = perDatabase((db: DB) =>
  createReadBatcher(async (codes: string[]) => {
    const rows = await db.selectFrom('coupons').selectAll().where('code', 'in', codes).execute();
    return new Map(rows.map((row) => [row.code, toCoupon(row, row.total_uses === null ? 0 : row.used)]));
  }),
);

/**
 * A code's rules as a checkout reads them, outside any transaction: in a festival sale most checkouts name the same
 * code, and those of one turn of the event loop share one query (see read-batcher). `used` counts only while a
 * total limit needs it (0 otherwise).
 */
export async function findCouponBatched(db: DB, code: string): Promise<Coupon | null> {
  const coupon = await couponBatcher(db).load(code);
  return coupon ? { ...coupon } : null;
}

/** The same, with `used` counted from the uses themselves, for the admin's answers. */
export async function findCouponForAdmin(executor: Executor, code: string): Promise<Coupon | null> {
  const row = await executor.selectFrom('coupons').selectAll().select((eb) => heldUses(code)(eb).as('held')).where('code', '=', code).executeTakeFirst();
  return row ? toCoupon(row, Number(row.held ?? 0)) : null;
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

/**
 * Counters are kept only while a limit needs them (see claimCouponUse): a limit set on a code that had none starts
 * its counter from the uses held now, in the edit's transaction.
 */
export async function updateCoupon(executor: Executor, code: string, c: CouponInput): Promise<boolean> {
  const before = await executor.selectFrom('coupons').select(['total_uses', 'per_customer']).where('code', '=', code).executeTakeFirst();
  if (!before) return false;
  await executor.updateTable('coupons').set(columns(c)).where('code', '=', code).execute();
  if (before.total_uses === null && c.totalUses !== null) {
    await executor
      .updateTable('coupons')
      .set((eb) => ({ used: heldUses(code)(eb) }))
      .where('code', '=', code)
      .execute();
  }
  if (before.per_customer === null && c.perCustomer !== null) {
    await executor.deleteFrom('coupon_customer_uses').where('code', '=', code).execute();
    await executor
      .insertInto('coupon_customer_uses')
      .columns(['code', 'user_id', 'used'])
      .expression((eb) =>
        eb
          .selectFrom('coupon_uses')
          .select((e) => [e.val(code).as('code'), 'user_id', e.fn.countAll<number>().as('used')])
          .where('code', '=', code)
          .where('released_at', 'is', null)
          .groupBy('user_id'),
      )
      .execute();
  }
  return true;
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
 * second writer waits for the row and re-reads it, on SQLite writers are serialised. A first-order-only code also
 * claims the customer's first order (first-order-repository). Anything but 'claimed': the caller must roll the
 * transaction back, since a counter may have moved.
 */
export async function claimCouponUse(
  executor: Executor,
  claim: { rules: CouponRules; userId: number; orderId: number },
): Promise<ClaimOutcome> {
  const { rules, userId, orderId } = claim;
  if (rules.firstOrderOnly && !(await claimFirstOrder(executor, userId, orderId))) return 'not-first-order';
  // A counter is one row every order with the code would update: on PostgreSQL each holds its lock until commit,
  // so orders with a festival code would queue behind one another. Only a limit needs the counter; a code without
  // one is recorded in coupon_uses alone (an admin adding a limit later starts the counter from those rows).
  if (rules.totalUses !== null) {
    const total = await executor
      .updateTable('coupons')
      .set({ used: sql`used + 1` })
      .where('code', '=', rules.code)
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('total_uses', 'is', null), eb('used', '<', eb.ref('total_uses'))]))
      .executeTakeFirst();
    if (Number(total.numUpdatedRows) !== 1) return 'used-up';
  }
  if (rules.perCustomer !== null && !(await claimCustomerUse(executor, rules.code, rules.perCustomer, userId))) return 'used-by-customer';
  await executor.insertInto('coupon_uses').values({ order_id: orderId, code: rules.code, user_id: userId, created_at: nowIso() }).execute();
  return 'claimed';
}

/**
 * Claims a use for each of a group's orders in one transaction. Uses of codes without limits need no check, so
 * they are written with one multi-row INSERT; limited codes are claimed one by one. Answers the first code that could
 * not be claimed and why (the caller must roll back), or null.
 */
export async function claimCouponUses(
  executor: Executor,
  claims: readonly { rules: CouponRules; userId: number; orderId: number }[],
): Promise<{ code: string; outcome: Exclude<ClaimOutcome, 'claimed'> } | null> {
  const unlimited = claims.filter((c) => c.rules.totalUses === null && c.rules.perCustomer === null && !c.rules.firstOrderOnly);
  if (unlimited.length) {
    const createdAt = nowIso();
    await executor
      .insertInto('coupon_uses')
      .values(unlimited.map((c) => ({ order_id: c.orderId, code: c.rules.code, user_id: c.userId, created_at: createdAt })))
      .execute();
  }
  for (const claim of claims) {
    if (unlimited.includes(claim)) continue;
    const outcome = await claimCouponUse(executor, claim);
    if (outcome !== 'claimed') return { code: claim.rules.code, outcome };
  }
  return null;
}

async function claimCustomerUse(executor: Executor, code: string, limit: number, userId: number): Promise<boolean> {
  await executor
    .insertInto('coupon_customer_uses')
    .values({ code, user_id: userId, used: 0 })
    .onConflict((oc) => oc.columns(['code', 'user_id']).doNothing())
    .execute();
  const perCustomer = await executor
    .updateTable('coupon_customer_uses')
    .set({ used: sql`used + 1` })
    .where('code', '=', code)
    .where('user_id', '=', userId)
    .where('used', '<', limit)
    .executeTakeFirst();
  return Number(perCustomer.numUpdatedRows) === 1;
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
  await executor
    .updateTable('coupons')
    .set({ used: sql`used - 1` })
    .where('code', '=', use.code)
    .where('total_uses', 'is not', null)
    .where('used', '>', 0)
    .execute();
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
