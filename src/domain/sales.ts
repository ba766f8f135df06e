import type { PaymentStatus } from './constants';

/**
 * Which orders count as sales: paid online orders and cash-on-delivery orders. An online order that was never
 * paid is an abandoned checkout, listed only under "Unpaid online" (`payment=pending`). The one definition for the
 * order list, CSV, overview and metrics; the partial indexes of migrations 0009-order-search and 0009-order-names
 * spell the same lists out (migrations never change), so change both together.
 */
export const SALE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PAID', 'COD'];
/** Online orders not paid (yet): the "Unpaid online" list. */
export const UNPAID_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PENDING', 'FAILED'];
