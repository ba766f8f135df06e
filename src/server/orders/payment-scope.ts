import { sql } from 'kysely';
import type { PaymentStatus } from '../../domain/constants';

/**
 * Which orders the dashboard treats as sales: paid online orders and cash-on-delivery orders. An
 * online order that was never paid is an abandoned checkout, listed only under "Unpaid online"
 * (`payment=pending`). The one definition for the order list, CSV, overview and metrics; the partial indexes of
 * migrations 0009-order-search and 0009-order-names spell the same lists out (migrations never change), so change
 * both together.
 */
export const SALE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PAID', 'COD'];
export const UNPAID_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PENDING', 'FAILED'];

// Written out literally, exactly as the partial indexes state them: the databases use a partial index only when
// the query carries its condition word for word (bound parameters would hide it).
const quotedList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
/** SQL condition: the order is a sale. */
export const SALES_CONDITION = sql.raw(`payment_status in (${quotedList(SALE_PAYMENT_STATUSES)})`);
/** SQL condition: the order is an unpaid online order (`payment=pending`). */
export const UNPAID_CONDITION = sql.raw(`paymentmode = 'ONLINE' and payment_status in (${quotedList(UNPAID_PAYMENT_STATUSES)})`);
