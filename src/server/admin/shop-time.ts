import { shopTimestamp } from '../../domain/display';

const DAY_MS = 24 * 60 * 60_000;

export interface ShopCalendar {
  /** Today's date in shop time, YYYY-MM-DD. */
  today: string;
  /** This month in shop time, YYYY-MM. */
  month: string;
  /** The shop-time dates of the window, oldest first, ending today. */
  days: string[];
  /** The earliest date the overview needs: the window's first day or the 1st of the month. */
  since: string;
}

/**
 * The days the overview reports, in shop time. Orders are stamped in shop time too
 * (`shopTimestamp`), so these dates compare directly with the first 10 characters of createdAt.
 */
export function shopCalendar(now: Date, windowDays: number): ShopCalendar {
  const today = shopTimestamp(now).slice(0, 10);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const days: string[] = [];
  for (let i = windowDays - 1; i >= 0; i -= 1) days.push(new Date(todayMs - i * DAY_MS).toISOString().slice(0, 10));
  const month = today.slice(0, 7);
  const first = days[0] ?? today;
  const monthStart = `${month}-01`;
  return { today, month, days, since: monthStart < first ? monthStart : first };
}
