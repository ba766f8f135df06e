import { sql } from 'kysely';
import { OPEN_ORDER_STATUSES } from '../../domain/schemas/admin-overview';
import type { Executor } from '../db/database';
import { SALE_PAYMENT_STATUSES, UNPAID_PAYMENT_STATUSES } from '../../domain/sales';

export interface DayFigures {
  date: string;
  orders: number;
  revenue: number;
}

// Orders are stamped in shop time ('2024-06-01T01:30:00.000+05:30'), so the first 10 characters
// are the shop's date on both databases, and a bare date compares in order with full stamps.
const shopDate = sql<string>`substr(created_at, 1, 10)`;

// What an order still brings in: nothing once cancelled or returned by the courier (a COD parcel that came back was
// never paid for), else its total less what was refunded (or is on its way back). Booked on the day the order was
// placed, so a later cancellation lowers that day and no day goes negative.
const UNDONE = sql`status in ('CANCELLED', 'RETURNED')`;
const netRevenue = sql<number>`case when ${UNDONE} then 0 else total_amount - refunded_amount end`;

/**
 * Sales per shop-time day from `sinceDate` (YYYY-MM-DD); days without sales are absent. Cancelled and returned orders
 * are neither counted nor summed, and refunds come off the revenue.
 */
export async function salesPerDay(db: Executor, sinceDate: string): Promise<DayFigures[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      shopDate.as('date'),
      sql<number>`sum(case when ${UNDONE} then 0 else 1 end)`.as('orders'),
      sql<number>`sum(${netRevenue})`.as('revenue'),
    ])
    .where('payment_status', 'in', SALE_PAYMENT_STATUSES)
    .where('created_at', '>=', sinceDate)
    .groupBy(shopDate)
    .execute();
  return rows.map((r) => ({ date: r.date, orders: Number(r.orders), revenue: Number(r.revenue ?? 0) }));
}

export async function countUnpaidOnline(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('payment_status', 'in', UNPAID_PAYMENT_STATUSES)
    .where('paymentmode', '=', 'ONLINE')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Open sales orders per status; the status index keeps this cheap however many orders were delivered. */
export async function countOpenByStatus(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', OPEN_ORDER_STATUSES)
    .where('payment_status', 'in', SALE_PAYMENT_STATUSES)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Refunds FAILED now (a retry moves one back to CREATED): few, and found through the refunds' status index. */
export async function failedRefundFigures(db: Executor): Promise<{ count: number; amount: number }> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number | string | null>('amount').as('amount')])
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
}
