// The one server-side pricing of a checkout (DESIGN.md §7.3): catalogue lines, delivery rules and a coupon, put
// together by the domain's orderTotals. The quote answers it; createorder and codorder enforce it.
import type { PaymentMode } from '../../domain/constants';
import { isServiceable, orderTotals, type CouponRules, type OrderTotals } from '../../domain/pricing';
import type { DeliverySettings, Quote } from '../../domain/schemas/delivery';
import type { OrderItemInput } from '../../domain/schemas/order';
import type { AppContext } from '../context';
import { checkCoupon } from '../coupons/coupon-service';
import type { CouponGuard } from '../coupons/coupon-throttle';
import { deliveryRules } from '../delivery/delivery-service';
import { badRequest, HttpError } from '../http/errors';
import { priceOrder, type PricedLine } from './order-pricing';
import { loadCatalogueEntriesBatched } from './pricing-repository';

export interface CheckoutRequest {
  items: readonly OrderItemInput[];
  pincode: string;
  /** The quote prices the mode the customer picked; a placement, its route's mode, whatever its body says. */
  paymentmode: PaymentMode;
  coupon?: string | undefined;
}

export type { CouponGuard } from '../coupons/coupon-throttle';

export interface PricedCheckout {
  lines: PricedLine[];
  totals: OrderTotals;
  serviceable: boolean;
  rules: DeliverySettings;
  coupon: { code: string; applied: boolean; reason: string | null } | null;
  /** Set only when the coupon applies: what the order's transaction must claim. */
  claim: CouponRules | null;
}

async function catalogueFor(ctx: AppContext, items: readonly OrderItemInput[]) {
  try {
    return await loadCatalogueEntriesBatched(ctx.catalogue, ctx.db, items.map((i) => i.name));
  } catch (error) {
    // Only a remote product source (Sanity) can be unreachable with no earlier list to fall back on.
    if (ctx.catalogue.kind !== 'sanity') throw error;
    throw new HttpError(
      503,
      'CATALOGUE_UNAVAILABLE',
      'The product list is not available right now, so the order cannot be priced. Please try again in a minute.',
    );
  }
}

/** Lines that cannot be sold are a 400; everything else is priced and told, never refused here. */
export async function priceCheckout(ctx: AppContext, userId: number, request: CheckoutRequest, guard?: CouponGuard): Promise<PricedCheckout> {
  const catalogue = await catalogueFor(ctx, request.items);
  const result = priceOrder(request.items, null, catalogue);
  if (result.kind === 'invalid') throw badRequest(Object.values(result.fields)[0] ?? 'Some items cannot be ordered.', result.fields);
  const subtotal = result.totalAmount;
  const rules = await deliveryRules(ctx.db);

  let coupon: PricedCheckout['coupon'] = null;
  let claim: CouponRules | null = null;
  let discount = 0;
  const code = request.coupon?.trim();
  if (code) {
    const check = await checkCoupon(ctx.db, userId, code);
    if (check.kind === 'unknown') {
      await guard?.unknown();
      coupon = { code: check.code, applied: false, reason: `There is no code ${check.code}. Check the spelling.` };
    } else {
      await guard?.known();
      const verdict = check.verdict(subtotal);
      coupon = { code: check.rules.code, applied: verdict.applied, reason: verdict.reason };
      if (verdict.applied) {
        claim = check.rules;
        discount = verdict.discount;
      }
    }
  }
  const totals = orderTotals({
    subtotal,
    rules,
    pincode: request.pincode,
    cashOnDelivery: request.paymentmode === 'CASHONDELIVERY',
    discount,
  });
  return { lines: result.lines, totals, serviceable: isServiceable(rules, request.pincode), rules, coupon, claim };
}

export function quoteAnswer(priced: PricedCheckout): Quote {
  const { totals } = priced;
  return {
    lines: priced.lines.map((l) => ({ name: l.name, quantity: l.size, itemQty: l.itemQty, finalPrice: l.unitPrice, lineTotal: l.lineTotal })),
    subtotal: totals.subtotal,
    deliveryFee: totals.deliveryFee,
    codFee: totals.codFee,
    discount: totals.discount,
    total: totals.total,
    coupon: priced.coupon,
    cod: { allowed: totals.cod.allowed, reason: totals.cod.reason },
    serviceable: priced.serviceable,
    estimate: { minDays: priced.rules.estimateMinDays, maxDays: priced.rules.estimateMaxDays },
  };
}

export function notServedError(pincode: string): HttpError {
  return new HttpError(400, 'PINCODE_NOT_SERVED', `We do not deliver to pincode ${pincode} yet. Please use another delivery address.`, {
    pincode: `We do not deliver to ${pincode} yet`,
  });
}
