// Price rules of SPEC.md §5. Money is integer rupees everywhere; only the gateway sees paise.
// The server prices every order line with these same functions, so the browser's figures and the
// charged amount cannot drift apart.
import { PAISE_PER_RUPEE, QTY_MAX, QTY_MIN } from './constants';
import { formatRupees } from './display';

export interface PricedProduct {
  price: readonly number[];
  quantitysize: readonly number[];
  offerpercentage: number;
}

export interface PricedLine {
  finalPrice: number;
  itemQty?: number | undefined;
}

/**
 * Price at the index of `size` in `sizes`, or the first price when the size is not listed
 * (or has no price beside it). Throws on an empty price list: a product without a price must
 * never be sold at 0 by accident.
 */
export function priceForSize(
  prices: readonly number[],
  sizes: readonly number[],
  size: number,
): number {
  const first = prices[0];
  if (first === undefined) throw new RangeError('Product has no prices');
  const index = sizes.indexOf(size);
  return (index >= 0 ? prices[index] : undefined) ?? first;
}

export function hasOffer(offerPercentage: number | null | undefined): offerPercentage is number {
  return typeof offerPercentage === 'number' && Number.isFinite(offerPercentage) && offerPercentage > 0;
}

/**
 * price − round(price × offer / 100). Math.round sends .5 up, so 250 at 1% is 247.
 * Offers above 100 are treated as 100 so a bad catalogue entry cannot make a price negative.
 */
export function discountedPrice(price: number, offerPercentage?: number | null): number {
  if (!hasOffer(offerPercentage)) return price;
  const offer = Math.min(offerPercentage, 100);
  return price - Math.round((price * offer) / 100);
}

export function finalPriceFor(product: PricedProduct, size: number): number {
  return discountedPrice(
    priceForSize(product.price, product.quantitysize, size),
    product.offerpercentage,
  );
}

/** A cart line without itemQty counts once (SPEC.md §3). */
export function lineTotal(finalPrice: number, itemQty?: number | null): number {
  return finalPrice * (itemQty ?? 1);
}

export function subtotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line.finalPrice, line.itemQty), 0);
}

export function isValidItemQty(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= QTY_MIN && n <= QTY_MAX;
}

/** Gateways take paise. Rejects fractions and negatives because money is whole rupees here. */
export function toPaise(rupees: number): number {
  if (!Number.isSafeInteger(rupees) || rupees < 0) {
    throw new RangeError(`Amount must be a whole, non-negative number of rupees: ${rupees}`);
  }
  return rupees * PAISE_PER_RUPEE;
}

// ---- Order totals (DESIGN.md §7.3): delivery fee, cash-on-delivery fee, coupon discount. ----
// "Order value" below is the goods after the discount (subtotal − discount): the free-delivery threshold, a
// coupon's minimum order and the COD limit all read it, so a customer sees one figure decide all three.

export interface DeliveryRules {
  /** Prefixes or whole pincodes; empty = all of India. */
  pincodesAllowed: readonly string[];
  pincodesBlocked: readonly string[];
  deliveryFee: number;
  freeDeliveryFrom: number | null;
  estimateMinDays: number;
  estimateMaxDays: number;
  codEnabled: boolean;
  codMaxOrderValue: number | null;
  codFee: number;
  codBlocked: readonly string[];
}

/** No fees, every pincode, COD everywhere: exactly the totals the shop had before delivery rules. */
export const DEFAULT_DELIVERY_RULES: DeliveryRules = {
  pincodesAllowed: [],
  pincodesBlocked: [],
  deliveryFee: 0,
  freeDeliveryFrom: null,
  estimateMinDays: 3,
  estimateMaxDays: 7,
  codEnabled: true,
  codMaxOrderValue: null,
  codFee: 0,
  codBlocked: [],
};

export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

function listMatches(list: readonly string[], pincode: string): boolean {
  return list.some((entry) => pincode.startsWith(entry));
}

export function isServiceable(rules: DeliveryRules, pincode: string): boolean {
  if (!PINCODE_PATTERN.test(pincode)) return false;
  if (rules.pincodesAllowed.length > 0 && !listMatches(rules.pincodesAllowed, pincode)) return false;
  return !listMatches(rules.pincodesBlocked, pincode);
}

export function deliveryFeeFor(rules: DeliveryRules, orderValue: number): number {
  if (rules.freeDeliveryFrom !== null && orderValue >= rules.freeDeliveryFrom) return 0;
  return rules.deliveryFee;
}

/**
 * How much more (goods after the discount) would make delivery free: null when it is free already, or never is.
 * The order summary says "Add Rs. N for free delivery", e.g. when a coupon took the order under the line.
 */
export function shortOfFreeDelivery(freeFrom: number | null, orderValue: number): number | null {
  if (freeFrom === null || orderValue >= freeFrom) return null;
  return freeFrom - orderValue;
}

export type CodVerdict = { allowed: true; reason: null } | { allowed: false; reason: string };

/** Whether this order may be paid in cash at the door, and if not, why in words a customer understands. */
export function codVerdict(rules: DeliveryRules, pincode: string, orderValue: number): CodVerdict {
  if (!rules.codEnabled) return { allowed: false, reason: 'Cash on delivery is not offered at the moment. Please pay online.' };
  if (listMatches(rules.codBlocked, pincode)) {
    return { allowed: false, reason: `Cash on delivery is not available for pincode ${pincode}. Please pay online.` };
  }
  if (rules.codMaxOrderValue !== null && orderValue > rules.codMaxOrderValue) {
    return {
      allowed: false,
      reason: `Cash on delivery is available for orders up to ${formatRupees(rules.codMaxOrderValue)}. Please pay online.`,
    };
  }
  return { allowed: true, reason: null };
}

export type CouponKind = 'PERCENT' | 'FLAT';

export interface CouponRules {
  code: string;
  kind: CouponKind;
  value: number;
  minOrder: number;
  maxDiscount: number | null;
  validFrom: string | null;
  validTo: string | null;
  totalUses: number | null;
  perCustomer: number | null;
  firstOrderOnly: boolean;
  active: boolean;
}

/** What the server knows about this customer and this code at the moment of pricing. */
export interface CouponUsage {
  /** ISO time of now. */
  now: string;
  usedTotal: number;
  usedByCustomer: number;
  /** Orders this customer placed before (any status). */
  customerOrders: number;
}

export type CouponVerdict = { applied: true; discount: number; reason: null } | { applied: false; discount: 0; reason: string };

/** Codes are compared case-insensitively: stored and looked up in upper case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

function refused(reason: string): CouponVerdict {
  return { applied: false, discount: 0, reason };
}

/** Raw discount of a coupon on a subtotal: never above the cap, never above the subtotal, never negative. */
export function couponAmount(coupon: Pick<CouponRules, 'kind' | 'value' | 'maxDiscount'>, goods: number): number {
  const raw = coupon.kind === 'PERCENT' ? Math.round((goods * Math.min(coupon.value, 100)) / 100) : coupon.value;
  const capped = coupon.maxDiscount === null ? raw : Math.min(raw, coupon.maxDiscount);
  return Math.max(0, Math.min(capped, goods));
}

/** Every rule of a coupon, in the order a customer would want to hear them; each refusal is a sentence naming the code. */
export function couponVerdict(coupon: CouponRules, goods: number, usage: CouponUsage): CouponVerdict {
  const code = coupon.code;
  if (!coupon.active) return refused(`${code} is no longer active.`);
  if (coupon.validFrom !== null && usage.now < coupon.validFrom) return refused(`${code} is not valid yet.`);
  if (coupon.validTo !== null && usage.now > coupon.validTo) return refused(`${code} has expired.`);
  if (coupon.perCustomer !== null && usage.usedByCustomer >= coupon.perCustomer) return refused(`You have already used ${code}.`);
  if (coupon.totalUses !== null && usage.usedTotal >= coupon.totalUses) return refused(`${code} has been fully used.`);
  if (coupon.firstOrderOnly && usage.customerOrders > 0) return refused(`${code} is for a first order only.`);
  if (goods < coupon.minOrder) return refused(`Add ${formatRupees(coupon.minOrder - goods)} more to use ${code}.`);
  const discount = couponAmount(coupon, goods);
  if (discount <= 0) return refused(`${code} gives no discount on this order.`);
  return { applied: true, discount, reason: null };
}

export interface TotalsInput {
  /** Sum of the priced lines. */
  subtotal: number;
  rules: DeliveryRules;
  pincode: string;
  cashOnDelivery: boolean;
  /** The coupon's discount already decided by couponVerdict (0 without one). */
  discount: number;
}

export interface OrderTotals {
  subtotal: number;
  deliveryFee: number;
  codFee: number;
  discount: number;
  total: number;
  cod: CodVerdict;
}

/**
 * lines + delivery fee + COD fee − discount. The COD fee is priced only when paying at the door is chosen and
 * allowed; whether it is allowed is told in `cod` so the caller can refuse with that reason.
 */
export function orderTotals(input: TotalsInput): OrderTotals {
  const discount = Math.max(0, Math.min(input.discount, input.subtotal));
  const orderValue = input.subtotal - discount;
  const deliveryFee = deliveryFeeFor(input.rules, orderValue);
  const cod = codVerdict(input.rules, input.pincode, orderValue);
  const codFee = input.cashOnDelivery && cod.allowed ? input.rules.codFee : 0;
  return { subtotal: input.subtotal, deliveryFee, codFee, discount, total: orderValue + deliveryFee + codFee, cod };
}
