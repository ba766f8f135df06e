// The declarations a packaged food sold online must show (Legal Metrology (Packaged Commodities) Rules, rule 6(10);
// DESIGN.md §7.2), for one size of a product. Shared by the product page and its crawlable copy.
import { formatSize } from '../display';
import { finalPriceFor, priceForSize } from '../pricing';
import { BUSINESS_PLACEHOLDER } from '../constants';
import type { Business } from '../schemas/business';
import type { Product } from '../schemas/product';
import { formatPaise } from './gst-tax';

export interface Declaration {
  label: string;
  value: string;
}

/** "₹203.80 per 100 ml": the sale price for the size scaled to 100 ml, two decimals, rounded half up. */
export function unitPricePer100ml(priceRupees: number, sizeMl: number): string {
  const paise = Math.floor((priceRupees * 100 * 100 * 2 + sizeMl) / (2 * sizeMl));
  return `₹${formatPaise(paise)} per 100 ml`;
}

/**
 * The declarations for `size`. The seller's lines need the business details; without them (still loading, or still
 * the placeholders of a new shop) they are left out rather than shown wrong.
 */
export function labelDeclarations(product: Product, size: number, business?: Business | null): Declaration[] {
  const mrp = priceForSize(product.price, product.quantitysize, size);
  const out: Declaration[] = [
    { label: 'Net quantity', value: formatSize(size) },
    { label: 'MRP', value: `₹${formatPaise(mrp * 100)} (incl. of all taxes)` },
    { label: 'Unit sale price', value: unitPricePer100ml(finalPriceFor(product, size), size) },
    { label: 'Best before', value: `${product.bestBeforeMonths} months from the date of manufacture (printed on the pack)` },
    { label: 'Country of origin', value: product.countryOfOrigin },
  ];
  const known = (v: string | undefined) => !!v && v !== BUSINESS_PLACEHOLDER;
  if (business && known(business.legalName) && known(business.addressLine)) {
    out.push({
      label: 'Manufactured and packed by',
      value: `${business.legalName}, ${business.addressLine}, ${business.city}, ${business.state} ${business.pincode}`,
    });
  }
  if (business && known(business.carePhone) && known(business.careEmail)) {
    out.push({ label: 'Customer care', value: `${business.carePhone}, ${business.careEmail}` });
  }
  if (business && known(business.fssai)) out.push({ label: 'FSSAI Lic. No.', value: business.fssai });
  return out;
}
