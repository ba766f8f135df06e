import { OPEN_ORDER_STATUSES, OVERVIEW_DAYS, type OverviewAnswer } from '../../domain/schemas/admin-overview';
import { SHOP_TIME_ZONE } from '../../domain/constants';
import type { Executor } from '../db/database';
import { countOpenByStatus, countUnpaidOnline, failedRefundFigures, salesPerDay } from './overview-repository';
import { shopCalendar } from './shop-time';
import { codConfirmationFigures } from './cod-confirmation-figures';

/**
 * Today's and this month's sales, and sales per day for the last OVERVIEW_DAYS days, in shop time.
 * The database groups by day; here the daily rows are only added up and days without sales filled in.
 */
export async function buildOverview(db: Executor, now = new Date()): Promise<OverviewAnswer> {
  const calendar = shopCalendar(now, OVERVIEW_DAYS);
  const [perDay, unpaidOnline, open, codConfirmation, failedRefunds] = await Promise.all([
    salesPerDay(db, calendar.since),
    countUnpaidOnline(db),
    countOpenByStatus(db),
    codConfirmationFigures(db, calendar.since),
    failedRefundFigures(db),
  ]);
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const zero = { orders: 0, revenue: 0 };
  const monthDays = perDay.filter((d) => d.date.startsWith(calendar.month));
  return {
    timeZone: SHOP_TIME_ZONE,
    today: { date: calendar.today, ...pick(byDate.get(calendar.today) ?? zero) },
    month: {
      month: calendar.month,
      orders: monthDays.reduce((n, d) => n + d.orders, 0),
      revenue: monthDays.reduce((n, d) => n + d.revenue, 0),
    },
    days: calendar.days.map((date) => ({ date, ...pick(byDate.get(date) ?? zero) })),
    unpaidOnline,
    openByStatus: Object.fromEntries(OPEN_ORDER_STATUSES.map((s) => [s, open.get(s) ?? 0])) as OverviewAnswer['openByStatus'],
    codConfirmation,
    failedRefunds,
  };
}

function pick(f: { orders: number; revenue: number }) {
  return { orders: f.orders, revenue: f.revenue };
}
