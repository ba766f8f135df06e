// Product as served to the shop, and as edited in the admin product studio.
import { z } from 'zod';
import {
  OFFER_MAX,
  OFFER_MIN,
  PRICE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGE_URL_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  PRODUCT_SIZES_MAX,
  SIZE_MAX_ML,
} from '../constants';
import { GST_RATES } from '../india/gst-tax';
import { VALIDATION } from '../messages';
import { atMost } from './at-most';
import { foodLabelAnswerShape, foodLabelInputShape } from './food-label';

export const PRODUCT_TAX_DEFAULTS = { hsn: '0405', gstRate: 5, bestBeforeMonths: 9, countryOfOrigin: 'India' } as const;
const GST_RATE_MESSAGE = `GST rate must be one of ${GST_RATES.join(', ')} percent`;
export const SIZE_IMAGES_MESSAGES = {
  count: 'Choose one photo (or none) for each size. Reload the product and try again.',
  hash: 'Photo ids are 32 hexadecimal characters.',
} as const;

/** Answer of GET /api/public/product (one element). */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  offerpercentage: z.number(),
  instock: z.boolean(),
  /** Published reviews (DESIGN.md §8.4): their count and average to one decimal (0 without any); kept, not typed. */
  ratings: z.number(),
  ratingStar: z.number(),
  description: z.string(),
  price: z.array(z.number()),
  quantitysize: z.array(z.number()),
  quantity: z.number(),
  images: z.array(z.string()),
  /** The product's crawlable page is /products/{slug} (DESIGN.md §7.5); an addition, no SPEC field changed. */
  slug: z.string(),
  /** Tax and label facts (DESIGN.md §7.2, §7.6): additions, no SPEC field changed. */
  hsn: z.string(),
  gstRate: z.number(),
  bestBeforeMonths: z.number(),
  countryOfOrigin: z.string(),
  /** Per size, aligned with quantitysize: false for a tracked size at 0 ("Sold out"; DESIGN.md §7.6). */
  sizeInStock: z.array(z.boolean()).optional(),
  /** Per size: the count when tracked and 5 or fewer ("Only 3 left"), else null. */
  stockLeft: z.array(z.number().nullable()).optional(),
  /**
   * Per size, aligned with quantitysize: the URL (one of `images`) of the size's own picture, which the product page
   * shows when the size is picked; null for none (the first picture). An addition, no SPEC field changed.
   */
  sizeImages: z.array(z.string().nullable()).optional(),
  /** The food label (DESIGN.md §8.2, §8.7): additions, no SPEC field changed. */
  ...foodLabelAnswerShape,
  /** When its published reviews (or a reply) last changed; null for none. An addition, no SPEC field changed. */
  reviewsUpdatedAt: z.string().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

function wholeNumber(message: string, min: number, max: number) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

const sizeField = wholeNumber(VALIDATION.sizeInvalid, 1, SIZE_MAX_ML);
const priceField = wholeNumber(VALIDATION.priceInvalid, 1, PRICE_MAX);

/**
 * Admin studio write (strict, see account.ts). The cross-field rules run unless a field failed
 * its type check, so a form shows them beside length and range messages.
 */
export const productInputSchema = z
  .strictObject({
    name: z
      .string({ error: VALIDATION.productNameLength })
      .trim()
      .min(PRODUCT_NAME_MIN, { error: VALIDATION.productNameLength })
      .max(PRODUCT_NAME_MAX, { error: VALIDATION.productNameLength }),
    description: z
      .string()
      .trim()
      .max(PRODUCT_DESCRIPTION_MAX, atMost('Description', PRODUCT_DESCRIPTION_MAX))
      .default(''),
    offerpercentage: wholeNumber(VALIDATION.offerRange, OFFER_MIN, OFFER_MAX),
    instock: z.boolean(),
    // Computed from published reviews now: still accepted from older callers (the original client), never written.
    ratings: z.number().optional(),
    ratingStar: z.number().optional(),
    price: z
      .array(priceField)
      .min(1, { error: VALIDATION.sizesRequired })
      .max(PRODUCT_SIZES_MAX, { error: VALIDATION.tooManySizes(PRODUCT_SIZES_MAX) }),
    quantitysize: z
      .array(sizeField)
      .min(1, { error: VALIDATION.sizesRequired })
      .max(PRODUCT_SIZES_MAX, { error: VALIDATION.tooManySizes(PRODUCT_SIZES_MAX) }),
    quantity: sizeField,
    images: z
      .array(z.string().trim().min(1).max(PRODUCT_IMAGE_URL_MAX))
      .max(PRODUCT_IMAGES_MAX)
      .default([]),
    // Left out by older callers: the seeded values of ghee (DESIGN.md §7.2).
    hsn: z
      .string()
      .trim()
      .regex(/^[0-9]{4,8}$/, { error: 'HSN code must be 4 to 8 digits' })
      .default(PRODUCT_TAX_DEFAULTS.hsn),
    gstRate: z
      .number({ error: GST_RATE_MESSAGE })
      .refine((r) => (GST_RATES as readonly number[]).includes(r), { error: GST_RATE_MESSAGE })
      .default(PRODUCT_TAX_DEFAULTS.gstRate),
    bestBeforeMonths: wholeNumber('Best before must be a whole number of months from 1 to 60', 1, 60).default(
      PRODUCT_TAX_DEFAULTS.bestBeforeMonths,
    ),
    countryOfOrigin: z
      .string()
      .trim()
      .min(1, { error: 'Country of origin is required' })
      .max(60, atMost('Country of origin', 60))
      .default(PRODUCT_TAX_DEFAULTS.countryOfOrigin),
    ...foodLabelInputShape,
    // Per size, aligned with quantitysize: the packed weight in grams the courier is told (DESIGN.md §8.5). Left out:
    // each size keeps its weight, and a new size starts from the size's rule (shipping.ts packedWeightFromSize).
    weightGrams: z
      .array(wholeNumber('A packed weight is a whole number of grams from 1 to 50,000', 1, 50_000))
      .max(PRODUCT_SIZES_MAX)
      .optional(),
    // Per size, aligned with quantitysize: the hash of one of the product's photos, or null. Left out: unchanged.
    sizeImageHashes: z
      .array(z.string().regex(/^[a-f0-9]{32}$/, { error: SIZE_IMAGES_MESSAGES.hash }).nullable())
      .max(PRODUCT_SIZES_MAX)
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.price.length !== p.quantitysize.length) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: VALIDATION.pricesSizesMismatch });
    }
    if (new Set(p.quantitysize).size !== p.quantitysize.length) {
      ctx.addIssue({ code: 'custom', path: ['quantitysize'], message: VALIDATION.sizesNotUnique });
    }
    // With no sizes at all, 'Add at least one size' already says what to fix.
    if (p.quantitysize.length > 0 && !p.quantitysize.includes(p.quantity)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: VALIDATION.defaultSizeNotListed });
    }
    if (p.weightGrams && p.weightGrams.length !== p.quantitysize.length) {
      ctx.addIssue({ code: 'custom', path: ['weightGrams'], message: 'Give one packed weight for each size.' });
    }
    if (p.sizeImageHashes && p.sizeImageHashes.length !== p.quantitysize.length) {
      ctx.addIssue({ code: 'custom', path: ['sizeImageHashes'], message: SIZE_IMAGES_MESSAGES.count });
    }
  });
export type ProductInput = z.infer<typeof productInputSchema>;
