import type { PaymentMode } from '../../domain/constants';
import type { OrderLimits } from '../../domain/order-limits';
import { writeAudit } from '../audit/audit-log';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { describeWait } from '../http/rate-limit';
import { claimAttempt, type AttemptLimit } from '../limits/attempts';
import { findOrderByReceipt } from '../orders/order-repository';
import { getSettings } from '../settings/settings-repository';
import { hasDeliveredOrder, openOrdersOf, readOrderLimits, writeOrderLimits } from './placement-limits-repository';

const HOUR_MS = 60 * 60_000;
/** One placement per account at a time; a process that dies mid-placement holds the gate this long at most. */
const GATE_MS = 60_000;
/** The owner's numbers are read at most this often per process, so placing an order costs no extra read. */
const LIMITS_CACHE_MS = 30_000;

const cached = new WeakMap<AppContext, { at: number; limits: Promise<OrderLimits> }>();

export function orderLimits(ctx: AppContext): Promise<OrderLimits> {
  const hit = cached.get(ctx);
  if (hit && performance.now() - hit.at < LIMITS_CACHE_MS) return hit.limits;
  const limits = readOrderLimits(ctx.db);
  cached.set(ctx, { at: performance.now(), limits });
  limits.catch(() => cached.delete(ctx));
  return limits;
}

export async function saveOrderLimits(ctx: AppContext, actorUserId: number, limits: OrderLimits): Promise<OrderLimits> {
  await ctx.db.transaction().execute(async (trx) => {
    await writeOrderLimits(trx, limits);
    await writeAudit(trx, { actorUserId, action: 'settings.order-limits', target: 'order_limits', details: { ...limits } });
  });
  cached.delete(ctx);
  return orderLimits(ctx);
}

const tooManyOrders = (message: string, resetInMs?: number) =>
  new HttpError(429, 'TOO_MANY_ORDERS', message, undefined, resetInMs === undefined ? undefined : { retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) });

export interface Placer {
  userId: number;
  ip: string;
}

export interface PlacementAsked {
  mode: PaymentMode;
  receipt: string;
  items: readonly { itemQty: number }[];
}

/**
 * Places an order within the owner's limits (DESIGN.md §8.8), or answers 429 TOO_MANY_ORDERS saying which and what
 * to do. Orders per account and per network address in an hour are counted before the order is placed (atomic
 * counters: Redis when configured, else the database); one placement per account runs at a time, so the open orders
 * it reads cannot be overtaken by a twin request. All of it runs before the order reaches the group-commit writer.
 * `AUTH_RATE_LIMIT=0` (tests, benchmarks) turns these limits off.
 */
export async function withinPlacementLimits<T>(ctx: AppContext, placer: Placer, asked: PlacementAsked, place: () => Promise<T>): Promise<T> {
  if (ctx.config.AUTH_RATE_LIMIT <= 0) return place();
  const limits = await orderLimits(ctx);
  const gateKey = `placing:user:${placer.userId}`;
  const counted: AttemptLimit[] = [];
  if (limits.perAccountPerHour > 0) {
    counted.push({
      key: `orders:user:${placer.userId}`,
      max: limits.perAccountPerHour,
      windowMs: HOUR_MS,
      refuse: (ms) => tooManyOrders(`Your account has placed ${limits.perAccountPerHour} orders in the last hour. Please try again in ${describeWait(Math.ceil(ms / 1000))}, or call us.`, ms),
    });
  }
  if (limits.perIpPerHour > 0) {
    counted.push({
      key: `orders:ip:${placer.ip}`,
      max: limits.perIpPerHour,
      windowMs: HOUR_MS,
      refuse: (ms) => tooManyOrders(`Too many orders were placed from your network in the last hour. Please try again in ${describeWait(Math.ceil(ms / 1000))}, or call us.`, ms),
    });
  }
  counted.push({
    key: gateKey,
    max: 1,
    windowMs: GATE_MS,
    refuse: (ms) => tooManyOrders('Another order of yours is being placed right now. Wait a moment, then look in Your Orders before trying again.', ms),
  });
  const attempt = await claimAttempt(ctx.counters, counted);
  let result: T;
  try {
    await checkOpenOrders(ctx, limits, placer.userId, asked);
    result = await place();
  } catch (error) {
    // A refused order counts against nothing.
    await attempt.release();
    throw error;
  }
  await ctx.counters.decrement(gateKey);
  return result;
}

async function checkOpenOrders(ctx: AppContext, limits: OrderLimits, userId: number, asked: PlacementAsked): Promise<void> {
  const refusal = await openOrdersRefusal(ctx, limits, userId, asked);
  // A retry of an order already placed is answered with that order, whatever is open now.
  if (refusal && !(await findOrderByReceipt(ctx.db, userId, asked.receipt))) throw refusal;
}

async function openOrdersRefusal(ctx: AppContext, limits: OrderLimits, userId: number, asked: PlacementAsked): Promise<HttpError | null> {
  const open = await openOrdersOf(ctx.db, userId);
  const cap = limits.unpaidOnlinePerAccount;
  if (asked.mode === 'ONLINE' && cap > 0 && open.unpaidOnline >= cap) {
    return tooManyOrders(`You have ${open.unpaidOnline} online orders waiting for payment. Pay or cancel one of them in Your Orders before placing another.`);
  }
  const bottles = asked.items.reduce((sum, item) => sum + item.itemQty, 0);
  const held = limits.heldBottlesPerAccount;
  if (held > 0 && open.heldBottles + bottles > held) {
    // Said from where the customer stands: this order alone too big, or too big beside the orders already open.
    if (open.heldBottles === 0) {
      return tooManyOrders(`This order has ${bottles} bottles, and one account can have at most ${held} on order at a time. Order fewer bottles; for a bulk order, please call us.`);
    }
    return tooManyOrders(
      `This order has ${bottles} ${bottles === 1 ? 'bottle' : 'bottles'} and your open orders already hold ${open.heldBottles}; one account can have at most ${held} on order at a time. ` +
        'Pay or cancel an unpaid order, or wait for a delivery; for a bulk order, please call us.',
    );
  }
  // With COD confirmation on, an order nobody confirms is cancelled by itself, so the new account's cap is lifted.
  const cod = limits.openCodNewAccount;
  if (
    asked.mode === 'CASHONDELIVERY' &&
    cod > 0 &&
    open.openCod >= cod &&
    !(await hasDeliveredOrder(ctx.db, userId)) &&
    !(await getSettings(ctx.db)).codConfirmation
  ) {
    return tooManyOrders(`You have ${open.openCod} cash-on-delivery orders on their way. A new account can have ${cod} at a time until the first is delivered; you can pay online instead.`);
  }
  return null;
}
