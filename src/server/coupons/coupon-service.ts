import { couponVerdict, normaliseCouponCode, type CouponRules, type CouponVerdict } from '../../domain/pricing';
import type { Coupon, CouponInput } from '../../domain/schemas/delivery';
import { writeAudit } from '../audit/audit-log';
import type { DB } from '../db/database';
import { conflict, notFound } from '../http/errors';
import {
  hasOrders,
  deactivateCoupon,
  findCouponBatched,
  findCouponForAdmin,
  insertCoupon,
  listCoupons,
  listExpiredCouponHolds,
  releaseIfStillUnpaid,
  updateCoupon,
  usedByCustomer,
} from './coupon-repository';

export { listCoupons };
/**
 * An order whose unpaid hold gave its use of a code back takes it again, if one is left (see the repository): when a
 * late payment arrives, or when the order is switched to cash on delivery.
 */
export { reclaimReleasedCouponUse } from './reclaim-repository';

export async function createCoupon(db: DB, input: CouponInput, actorUserId: number): Promise<Coupon> {
  return db.transaction().execute(async (trx) => {
    if (!(await insertCoupon(trx, input))) throw conflict(`A code ${input.code} exists already. Edit it, or choose another code.`);
    await writeAudit(trx, { actorUserId, action: 'coupon.create', target: input.code, details: { ...input } });
    return (await findCouponForAdmin(trx, input.code)) as Coupon;
  });
}

export async function editCoupon(db: DB, code: string, input: CouponInput, actorUserId: number): Promise<Coupon> {
  const key = normaliseCouponCode(code);
  if (input.code !== key) throw conflict('A code cannot be renamed: customers may already have it. Create a new code instead.');
  return db.transaction().execute(async (trx) => {
    if (!(await updateCoupon(trx, key, input))) throw notFound(`There is no code ${key}.`);
    await writeAudit(trx, { actorUserId, action: 'coupon.update', target: key, details: { ...input } });
    return (await findCouponForAdmin(trx, key)) as Coupon;
  });
}

/** DELETE deactivates: orders keep pointing at the code, and its usage stays countable. */
export async function retireCoupon(db: DB, code: string, actorUserId: number): Promise<Coupon> {
  const key = normaliseCouponCode(code);
  return db.transaction().execute(async (trx) => {
    if (!(await deactivateCoupon(trx, key))) throw notFound(`There is no code ${key}.`);
    await writeAudit(trx, { actorUserId, action: 'coupon.deactivate', target: key });
    return (await findCouponForAdmin(trx, key)) as Coupon;
  });
}

export type CouponCheck =
  | { kind: 'unknown'; code: string }
  | { kind: 'known'; rules: CouponRules; verdict: (goods: number) => CouponVerdict };

/** Everything the rules of a code need for this customer, read once; the verdict then depends only on the goods. */
export async function checkCoupon(db: DB, userId: number, rawCode: string, now = new Date()): Promise<CouponCheck> {
  const code = normaliseCouponCode(rawCode);
  const coupon = await findCouponBatched(db, code);
  if (!coupon) return { kind: 'unknown', code };
  // Asked only when a rule needs it: every checkout with a code pays for these reads.
  const [byCustomer, ordered] = await Promise.all([
    coupon.perCustomer === null ? 0 : usedByCustomer(db, code, userId),
    coupon.firstOrderOnly ? hasOrders(db, userId) : false,
  ]);
  const usage = { now: now.toISOString(), usedTotal: coupon.used, usedByCustomer: byCustomer, customerOrders: ordered ? 1 : 0 };
  return { kind: 'known', rules: coupon, verdict: (goods) => couponVerdict(coupon, goods, usage) };
}

/** An unpaid online order holds its use this long; then the checkout counts as abandoned and the use returns. */
export const COUPON_HOLD_MS = 30 * 60_000;

/**
 * Gives back the uses of online orders left unpaid past COUPON_HOLD_MS, all of them in one run, `limit` at a time.
 * Safe in many processes at once.
 */
export async function releaseAbandonedCouponUses(db: DB, createdBefore: string, limit = 100): Promise<number> {
  let released = 0;
  for (;;) {
    const ids = await listExpiredCouponHolds(db, createdBefore, limit);
    let releasedNow = 0;
    for (const id of ids) {
      if (await db.transaction().execute((trx) => releaseIfStillUnpaid(trx, id))) releasedNow += 1;
    }
    released += releasedNow;
    // A batch of which none could be released (all paid meanwhile) would be listed again: stop there.
    if (ids.length < limit || releasedNow === 0) return released;
  }
}
