import type { PaymentStatus } from '../../domain/constants';

/**
 * Which orders the dashboard treats as sales: paid online orders and cash-on-delivery orders. An
 * online order that was never paid is an abandoned checkout, listed only under "Unpaid online"
 * (`payment=pending`). The one definition for the order list, CSV, overview and metrics; migration 0009's
 * partial indexes spell the same lists out (migrations never change), so change both together.
 */
export const SALE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PAID', 'COD'];
export const UNPAID_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PENDING', 'FAILED'];
