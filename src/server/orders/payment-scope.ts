import { sql } from 'kysely';
import { SALE_PAYMENT_STATUSES, UNPAID_PAYMENT_STATUSES } from '../../domain/sales';

// The sales rule itself (which payment states are sales) lives in src/domain/sales.ts; these are its SQL.

// Written out literally, exactly as the partial indexes state them: the databases use a partial index only when
// the query carries its condition word for word (bound parameters would hide it).
const quotedList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
/** SQL condition: the order is a sale. */
export const SALES_CONDITION = sql.raw(`payment_status in (${quotedList(SALE_PAYMENT_STATUSES)})`);
/** SQL condition: the order is an unpaid online order (`payment=pending`). */
export const UNPAID_CONDITION = sql.raw(`paymentmode = 'ONLINE' and payment_status in (${quotedList(UNPAID_PAYMENT_STATUSES)})`);
