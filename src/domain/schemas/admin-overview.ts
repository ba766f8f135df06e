// GET /api/admin/overview: the shop owner's figures at a glance (beyond the original shop's screens).
// Days and months are in shop time (SHOP_TIME_ZONE), so "today" starts at midnight in India
// wherever the server runs. Only orders that count as sales are summed (online orders once paid,
// cash-on-delivery orders once placed), less cancelled orders and refunds.
import { z } from 'zod';

export const OVERVIEW_DAYS = 30;

/** Statuses that still need work; delivered orders are history and are not counted here. */
export const OPEN_ORDER_STATUSES = ['PREPARATION', 'READY', 'OUTFORDELIVERY'] as const;

const figuresSchema = z.object({ orders: z.number().int(), revenue: z.number().int() });

export const overviewDaySchema = figuresSchema.extend({ date: z.string() });
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const overviewAnswerSchema = z.object({
  timeZone: z.string(),
  today: figuresSchema.extend({ date: z.string() }),
  month: figuresSchema.extend({ month: z.string() }),
  /** OVERVIEW_DAYS entries, oldest first, the last one today; days without orders are zeros. */
  days: z.array(overviewDaySchema),
  /** Online orders placed but not paid (yet): the "Unpaid online" filter of the orders list. */
  unpaidOnline: z.number().int(),
  /** Sales orders waiting in each open status: how much work is on the table. */
  openByStatus: z.record(z.enum(OPEN_ORDER_STATUSES), z.number().int()),
  /**
   * COD confirmation over the same days: how many orders their customers confirmed or cancelled when asked, how many
   * the shop confirmed or cancelled for them (after a call, or by sending them on), how many expired; how many wait now.
   */
  codConfirmation: z
    .object({
      toConfirm: z.number().int(),
      confirmed: z.number().int(),
      confirmedByShop: z.number().int(),
      cancelled: z.number().int(),
      cancelledByShop: z.number().int(),
      expired: z.number().int(),
    })
    .optional(),
  /**
   * Refunds the gateway reported failed and not retried since: how many, and the rupees still owed to customers
   * who were told the money is on its way. The "Refund failed" filter of the orders list shows their orders.
   */
  failedRefunds: z.object({ count: z.number().int(), amount: z.number() }),
});
export type OverviewAnswer = z.infer<typeof overviewAnswerSchema>;
