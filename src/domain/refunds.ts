import { z } from 'zod';
import { CANCEL_REASONS } from './order-status';

const REASON_MAX = 200;

/** POST /api/order/{orderid}/cancel. A customer picks one of CANCEL_REASONS; an admin may write their own. */
export const cancelOrderSchema = z.strictObject({
  reason: z.string({ error: 'Choose why you are cancelling.' }).trim().min(1, { error: 'Choose why you are cancelling.' }).max(REASON_MAX),
});

export const isCustomerCancelReason = (reason: string) => (CANCEL_REASONS as readonly string[]).includes(reason);

/** POST /api/order/{orderid}/refunds: whole rupees, at least 1, never above what is left (the server checks that). */
export const refundOrderSchema = z.strictObject({
  amount: z.number({ error: 'Enter the amount to refund in whole rupees.' }).int({ error: 'Enter the amount to refund in whole rupees.' }).min(1, { error: 'Enter the amount to refund in whole rupees.' }),
  reason: z.string({ error: 'Say why you are refunding.' }).trim().min(1, { error: 'Say why you are refunding.' }).max(REASON_MAX),
});

export const REFUND_STATUS_WORDS = { PENDING: 'initiated', PROCESSED: 'processed', FAILED: 'failed' } as const;
