// Price rules of SPEC.md §5. Money is integer rupees everywhere; only the gateway sees paise.
// The server prices every order line with these same functions, so the browser's figures and the
// charged amount cannot drift apart.
import { PAISE_PER_RUPEE, QTY_MAX, QTY_MIN } from './constants';

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
