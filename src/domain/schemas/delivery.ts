// Delivery rules and coupons on the wire (DESIGN.md §7.6). The arithmetic that uses them is in ../pricing.ts.
import { z } from 'zod';
import { PINCODE_PATTERN } from '../pricing';
import { requireBusinessName } from './fields';
import { orderBodySchema } from './order';

/** A fee or an order value: whole rupees, never negative, never a fraction (abuse: a −50 fee would pay the customer). */
const rupees = z
  .number({ error: 'Enter a whole number of rupees' })
  .int({ error: 'Enter a whole number of rupees, without paise' })
  .min(0, { error: 'Must not be negative' })
  .max(10_000_000, { error: 'Must be at most 1,00,00,000' });

const PINCODE_LIST_MAX = 500;
// A prefix is 1 to 6 digits whose first is 1–9: "5", "560", or a whole pincode "560001".
const pincodePrefix = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,5}$/, { error: 'Each entry must be a pincode (6 digits, not starting with 0) or its first digits' });
const pincodeList = z
  .array(pincodePrefix)
  .max(PINCODE_LIST_MAX, { error: `List at most ${PINCODE_LIST_MAX} pincodes or prefixes` })
  .transform((list) => [...new Set(list)]);

const days = z.number({ error: 'Enter a number of days' }).int({ error: 'Enter whole days' }).min(0).max(90, { error: 'At most 90 days' });

/** Body of PUT /api/settings/delivery and answer of its GET. */
export const deliverySettingsSchema = z
  .strictObject({
    pincodesAllowed: pincodeList,
    pincodesBlocked: pincodeList,
    deliveryFee: rupees,
    freeDeliveryFrom: rupees.nullable(),
    estimateMinDays: days,
    estimateMaxDays: days,
    codEnabled: z.boolean(),
    codMaxOrderValue: rupees.nullable(),
    codFee: rupees,
    codBlocked: pincodeList,
  })
  .refine((s) => s.estimateMinDays <= s.estimateMaxDays, {
    path: ['estimateMaxDays'],
    error: 'The longest estimate must not be shorter than the shortest',
  });
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const pincodeParamSchema = z.object({
  pincode: z.string().regex(PINCODE_PATTERN, { error: 'Pincode must be 6 digits, not starting with 0' }),
});

/** GET /api/public/delivery/{pincode}. */
export interface DeliveryCheck {
  serviceable: boolean;
  cod: boolean;
  fee: number;
  codFee: number;
  /** Orders worth this much or more (goods less any discount) travel free; null when delivery is never free. */
  freeFrom: number | null;
  estimate: { minDays: number; maxDays: number };
  /** The state(s) India Post files the pincode under (DESIGN.md §8.2); empty when its directory lacks it. */
  states: string[];
  /** Its district(s) as India Post names them ("Bangalore"), in alphabetical order; empty when the directory lacks it. */
  districts: string[];
}

export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
const couponCodeField = z
  .string({ error: 'Enter a code' })
  .trim()
  .regex(COUPON_CODE_PATTERN, { error: 'A code is 3 to 32 letters, digits, - or _' })
  .transform((code) => code.toUpperCase());
// Stored in UTC ('…Z') so that dates compare as text, whatever offset the form sent.
const isoOrNull = z.iso
  .datetime({ offset: true, error: 'Enter a date and time' })
  .transform((v) => new Date(v).toISOString())
  .nullable();
const positiveCount = z.number().int({ error: 'Enter a whole number' }).min(1, { error: 'At least 1' }).max(10_000_000).nullable();

/** Body of POST /api/coupons and PUT /api/coupons/{code}. */
export const couponSchema = z
  .strictObject({
    code: couponCodeField,
    kind: z.enum(['PERCENT', 'FLAT'], { error: 'Choose percent or flat' }),
    value: z.number({ error: 'Enter the discount' }).int({ error: 'Enter a whole number' }).min(1, { error: 'At least 1' }).max(10_000_000),
    minOrder: rupees,
    maxDiscount: rupees.nullable(),
    validFrom: isoOrNull,
    validTo: isoOrNull,
    totalUses: positiveCount,
    perCustomer: positiveCount,
    firstOrderOnly: z.boolean(),
    active: z.boolean(),
  })
  .refine((c) => c.kind !== 'PERCENT' || c.value <= 100, { path: ['value'], error: 'A percentage is at most 100' })
  .refine((c) => !c.validFrom || !c.validTo || Date.parse(c.validFrom) <= Date.parse(c.validTo), {
    path: ['validTo'],
    error: 'The end must not be before the start',
  });
export type CouponInput = z.infer<typeof couponSchema>;
export type Coupon = CouponInput & { used: number };

export const couponParamSchema = z.object({ code: z.string().trim().min(1).max(64) });

/** Body of POST /api/checkout/quote: an order body whose receipt and total are optional. */
export const quoteSchema = orderBodySchema
  .extend({
    receipt: z.string().max(200).optional(),
    totalAmount: z.number().int().min(0).optional(),
  })
  .superRefine(requireBusinessName);
export type QuoteInput = z.infer<typeof quoteSchema>;

export interface Quote {
  lines: { name: string; quantity: number; itemQty: number; finalPrice: number; lineTotal: number }[];
  subtotal: number;
  deliveryFee: number;
  codFee: number;
  discount: number;
  total: number;
  coupon: { code: string; applied: boolean; reason: string | null } | null;
  cod: { allowed: boolean; reason: string | null };
  serviceable: boolean;
  estimate: { minDays: number; maxDays: number };
}
