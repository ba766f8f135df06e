import { z } from 'zod';
import { formatRupees } from './display';
import { CANCEL_REASONS } from './order-status';
import type { RefundSettlementView } from './refund-settlement';
import type { Order } from './schemas/order';

const REASON_MAX = 200;

/** POST /api/order/{orderid}/cancel. A customer picks one of CANCEL_REASONS; an admin may write their own. */
export const cancelOrderSchema = z.strictObject({
  reason: z.string({ error: 'Choose why you are cancelling.' }).trim().min(1, { error: 'Choose why you are cancelling.' }).max(REASON_MAX),
});

export const isCustomerCancelReason = (reason: string) => (CANCEL_REASONS as readonly string[]).includes(reason);

/** The admin's short list of reasons for cancelling; "Other" asks for their own words. */
export const ADMIN_CANCEL_REASONS = ['Customer asked to cancel', 'Out of stock', 'Cannot deliver to this address', 'Suspected fraud', 'Other'] as const;
export const OTHER_REASON = 'Other';
export const REASON_MAX_LENGTH = REASON_MAX;

const refundAmountField = z
  .number({ error: 'Enter the amount to refund in whole rupees.' })
  .int({ error: 'Enter the amount to refund in whole rupees.' })
  .min(1, { error: 'Enter the amount to refund in whole rupees.' });
const refundReasonField = z.string({ error: 'Say why you are refunding.' }).trim().min(1, { error: 'Say why you are refunding.' }).max(REASON_MAX);

/** One line of the order refunded by bottles: which product and size (as the order's items name them), how many. */
export const refundLineSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  quantity: z.number().int().positive(),
  itemQty: z.number({ error: 'Enter how many bottles.' }).int({ error: 'Enter how many bottles.' }).min(1, { error: 'At least 1 bottle.' }).max(10_000),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

/**
 * POST /api/order/{orderid}/refunds. By value: `{amount, reason}` in whole rupees, never above what is left (the
 * server checks that). By lines: `{lines, reason, restock?}`, the bottles refunded (the server prices them as they
 * were paid for, coupon included) and whether they go back on the shelf.
 */
export const refundOrderSchema = z
  .strictObject({
    amount: refundAmountField.optional(),
    reason: refundReasonField,
    lines: z.array(refundLineSchema).min(1, { error: 'Choose at least one bottle to refund.' }).max(100).optional(),
    restock: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.amount === undefined) === (body.lines === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Refund either an amount or bottles of the order, not both.' });
    }
  });
export type RefundOrderBody = z.infer<typeof refundOrderSchema>;

/** The admin's refund form: the body above, and no more than is left to refund (checked again by the server). */
export function refundFormSchema(left: number) {
  return z.strictObject({ amount: refundAmountField, reason: refundReasonField }).refine((body) => body.amount <= left, {
    path: ['amount'],
    error: `At most ${formatRupees(left)} is left to refund on this order.`,
  });
}

export const REFUND_STATUSES = ['PENDING', 'PROCESSED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Customer wording: "Refund of Rs. X on its way", then "… processed". A failed refund is not shown to the customer. */
export const REFUND_STATUS_WORDS = { PENDING: 'on its way', PROCESSED: 'processed', FAILED: 'failed' } as const satisfies Record<RefundStatus, string>;
/** Admin wording, one per state. */
export const REFUND_STATUS_LABELS: Readonly<Record<RefundStatus, string>> = { PENDING: 'Pending', PROCESSED: 'Processed', FAILED: 'Failed' };

/** One refund as GET /api/order/{orderid}/refunds answers it (DESIGN.md §7.6). */
export interface RefundView {
  refundId: string;
  amount: number;
  status: RefundStatus;
  reason: string;
  createdAt: string;
  error?: string | null;
  /** It gave back a payment that paid nothing (a second payment, or one after a switch to cash on delivery). */
  strayPayment?: true;
  /** A failed refund the owner paid back another way (bank transfer, UPI, cash); it reads PROCESSED. Absent otherwise. */
  settlement?: RefundSettlementView;
}

/**
 * What refunding bottles gives back: their price less the coupon's share (the coupon took the same share off every
 * bottle), never the delivery or COD fee, and at least Rs. 1. The server refunds this; the admin's form shows it first.
 */
export function bottleRefundAmount(order: { subtotal: number; discount: number }, goods: number): number {
  const paidShare = order.subtotal > 0 ? Math.max(0, order.subtotal - order.discount) / order.subtotal : 1;
  return Math.max(1, Math.round(goods * paidShare));
}

/** Where an order's refunds stand: rupees the gateway has given back, and rupees asked for and not given back yet. */
export interface RefundProgress {
  processed: number;
  onItsWay: number;
}

/**
 * Where a paid order's refunds stand, read from the order alone: `refundedAmount` counts every refund that did not
 * fail (it is the cap on refunds), `refundProcessedAmount` what the gateway has given back of it; the rest is on its
 * way. An answer without `refundProcessedAmount` claims nothing came back.
 */
export function refundProgress(order: Pick<Order, 'paymentstatus' | 'refundedAmount' | 'refundProcessedAmount'>): RefundProgress {
  if (order.paymentstatus !== 'PAID') return { processed: 0, onItsWay: 0 };
  const processed = order.refundProcessedAmount ?? 0;
  return { processed, onItsWay: Math.max(0, (order.refundedAmount ?? 0) - processed) };
}

/**
 * How a paid order's payment reads once money went back: "Refunded" when all of it did, "Part refunded" when some
 * did, null while none did (then the payment status's own words apply, and a refund asked for is on its way).
 */
export function refundedWords(order: Pick<Order, 'paymentstatus' | 'totalAmount' | 'refundedAmount' | 'refundProcessedAmount'>): 'Refunded' | 'Part refunded' | null {
  const { processed } = refundProgress(order);
  if (processed <= 0) return null;
  return processed >= order.totalAmount ? 'Refunded' : 'Part refunded';
}

/** Money asked back from the gateway and not given back yet, in the words every screen uses. */
export function refundOnItsWayWords(amount: number): string {
  return `Refund of ${formatRupees(amount)} on its way`;
}

/** A credit note against the order's invoice (DESIGN.md §8.7): its number, date of issue and rupees credited. */
export interface CreditNoteView {
  number: string;
  date: string;
  amount: number;
  /** Its refund failed at the gateway: the note keeps its number and credits nothing. Absent otherwise. */
  voided?: true;
}

/** The order with its refunds and credit notes, as the cancel, refund and retry calls answer. */
export type OrderWithRefunds = Order & { refunds: RefundView[]; creditNotes?: CreditNoteView[] };

/**
 * Rupees refunded of the order or on their way: a failed refund gives its amount back until it is retried, and a
 * payment that paid nothing, given back, was never part of the order's total.
 */
export function refundedSoFar(refunds: readonly Pick<RefundView, 'amount' | 'status' | 'strayPayment'>[]): number {
  return refunds.reduce((sum, r) => (r.status === 'FAILED' || r.strayPayment ? sum : sum + r.amount), 0);
}

/** What may still be refunded of an order: its total less what is refunded or on its way, never below 0. */
export function refundableLeft(totalAmount: number, refunds: readonly Pick<RefundView, 'amount' | 'status' | 'strayPayment'>[]): number {
  return Math.max(0, totalAmount - refundedSoFar(refunds));
}

/** The fields that say whether an order's bottles reached the customer, as the stored row and the order view both have them. */
interface DeliveryFacts {
  status: string;
  /** When it was first delivered; kept when an admin sets the status back afterwards (SPEC lets them pick any). */
  deliveredAt?: string | null;
}

/** The bottles reached the customer: delivered now, or once and set back since. Such an order is refunded, never cancelled. */
export function wasDelivered(order: DeliveryFacts): boolean {
  return order.status === 'DELIVERED' || !!order.deliveredAt;
}

/** A delivered order paid online is refunded from the admin's order detail (anything earlier is cancelled). */
export function isRefundable(order: DeliveryFacts & { paymentmode: string; paymentstatus: string }): boolean {
  return wasDelivered(order) && order.paymentmode === 'ONLINE' && order.paymentstatus === 'PAID';
}

/**
 * A parcel the courier brought back (RETURNED), paid online: the return put its bottles back on the shelf and credited
 * its invoice, so only the payment is left to give back. It is refunded by an amount (the admin's "Refund the
 * payment"), never by bottles, and stays RETURNED.
 */
export function isReturnRefundable(order: { status: string; paymentmode: string; paymentstatus: string }): boolean {
  return order.status === 'RETURNED' && order.paymentmode === 'ONLINE' && order.paymentstatus === 'PAID';
}

/**
 * An admin may cancel any order not delivered, not already cancelled and not returned to us: a returned parcel has
 * its bottles back and its invoice credited already, so nothing is left to undo but a payment, which is refunded
 * (`isReturnRefundable`). It takes the fields as plain strings: the server asks it of the stored row, whose columns
 * are typed as any string, the browser of its order view.
 */
export function isAdminCancellable(order: DeliveryFacts & { paymentmode: string; paymentstatus: string }): boolean {
  if (wasDelivered(order)) return false;
  return order.status !== 'CANCELLED' && order.status !== 'RETURNED';
}

/** A customer cancels an order of theirs only while it is prepared and never delivered. */
export function isCustomerCancellable(order: DeliveryFacts): boolean {
  return order.status === 'PREPARATION' && !wasDelivered(order);
}
