import { z } from 'zod';

/** How the owner paid a customer back when the gateway failed the refund (decision 088). */
export const SETTLEMENT_METHODS = ['BANK_TRANSFER', 'UPI', 'CASH'] as const;
export type SettlementMethod = (typeof SETTLEMENT_METHODS)[number];

/** In a sentence: "paid by bank transfer", "Settled by UPI". */
export const SETTLEMENT_METHOD_WORDS: Readonly<Record<SettlementMethod, string>> = { BANK_TRANSFER: 'bank transfer', UPI: 'UPI', CASH: 'cash' };

/** A bank transfer's or UPI payment's reference (UTR, transaction id) proves the money left; cash has none. */
export const settlementNeedsReference = (method: SettlementMethod) => method !== 'CASH';

export const SETTLEMENT_REFERENCE_MAX = 60;
export const SETTLEMENT_NOTE_MAX = 300;

/**
 * POST /api/order/{orderid}/refunds/{refundId}/settle: the owner paid a failed refund back outside the gateway.
 * The reference is required for a bank transfer or UPI, optional for cash; both texts are trimmed, and an empty one
 * is no text.
 */
export const settleRefundSchema = z
  .strictObject({
    method: z.enum(SETTLEMENT_METHODS, { error: 'Choose how you paid the customer: bank transfer, UPI or cash.' }),
    reference: z
      .string({ error: 'Enter the reference as text.' })
      .trim()
      .max(SETTLEMENT_REFERENCE_MAX, { error: `Keep the reference to ${SETTLEMENT_REFERENCE_MAX} characters.` })
      .optional(),
    note: z
      .string({ error: 'Enter the note as text.' })
      .trim()
      .max(SETTLEMENT_NOTE_MAX, { error: `Keep the note to ${SETTLEMENT_NOTE_MAX} characters.` })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (settlementNeedsReference(body.method) && !body.reference) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: `Enter the ${body.method === 'UPI' ? 'UPI transaction id' : 'bank transfer’s UTR'} so the payment can be traced.`,
      });
    }
  });
export type SettleRefundBody = z.infer<typeof settleRefundSchema>;

/** A refund paid back outside the gateway, as the refunds answer carries it beside the refund. */
export interface RefundSettlementView {
  method: SettlementMethod;
  reference: string | null;
  note: string | null;
  settledAt: string;
  /** The gateway reported the same refund processed after it was settled: the customer may have been paid twice. */
  gatewayAlsoPaidAt?: string;
}

/** "Settled by bank transfer, ref UTR123" (the admin's refund row; the date is shown beside it). */
export function settlementWords(s: Pick<RefundSettlementView, 'method' | 'reference'>): string {
  return `Settled by ${SETTLEMENT_METHOD_WORDS[s.method]}${s.reference ? `, ref ${s.reference}` : ''}`;
}
