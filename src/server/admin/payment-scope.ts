import type { PaymentStatus } from '../../domain/constants';

/**
 * Which orders the dashboard treats as sales: paid online orders and cash-on-delivery orders. An
 * online order that was never paid is an abandoned checkout, listed only under "Unpaid online"
 * (`payment=pending`), the same split GET /api/order/admin makes.
 */
export const SALE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PAID', 'COD'];
export const UNPAID_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PENDING', 'FAILED'];
