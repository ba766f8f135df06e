import { z } from 'zod';

/**
 * Limits on placing orders (DESIGN.md §8.8), set by the owner; 0 turns one off. They stop one account or one network
 * from locking the stock or flooding the shop with orders and mails, while leaving room for a family's real orders.
 */
export const orderLimitsSchema = z.strictObject({
  /** Orders one account may place in an hour. */
  perAccountPerHour: z.number().int().min(0).max(10_000),
  /** Orders one network address may place in an hour (a household or office shares one). */
  perIpPerHour: z.number().int().min(0).max(100_000),
  /** Online orders of one account waiting for payment at once (each holds its bottles). */
  unpaidOnlinePerAccount: z.number().int().min(0).max(1000),
  /** Bottles one account may hold at once in orders not yet paid online or delivered. */
  heldBottlesPerAccount: z.number().int().min(0).max(100_000),
  /** Cash-on-delivery orders open at once for an account with no delivered order yet. */
  openCodNewAccount: z.number().int().min(0).max(1000),
});
export type OrderLimits = z.infer<typeof orderLimitsSchema>;

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  perAccountPerHour: 10,
  perIpPerHour: 30,
  unpaidOnlinePerAccount: 3,
  heldBottlesPerAccount: 30,
  openCodNewAccount: 3,
};

export const ORDER_LIMIT_LABELS: Readonly<Record<keyof OrderLimits, string>> = {
  perAccountPerHour: 'Orders per account per hour',
  perIpPerHour: 'Orders per network address per hour',
  unpaidOnlinePerAccount: 'Unpaid online orders per account',
  heldBottlesPerAccount: 'Bottles held per account',
  openCodNewAccount: 'Open cash-on-delivery orders of a new account',
};
