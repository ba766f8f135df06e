// Reading crawlable pages in tests: their JSON-LD blocks, meta tags and the schema.org shapes Google requires.
import { z } from 'zod';
import { SCHEMA_AVAILABILITY, SCHEMA_LIST_PRICE } from './structured-data';

export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
}

export function metaContent(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag?.[1];
}

const unitPrice = z.object({
  '@type': z.literal('UnitPriceSpecification'),
  price: z.number().positive(),
  priceCurrency: z.literal('INR'),
  valueAddedTaxIncluded: z.literal(true),
  referenceQuantity: z.object({ '@type': z.literal('QuantitativeValue'), value: z.number().positive(), unitCode: z.literal('MLT') }),
});

/** Google's required and recommended properties of a Product rich result with offers (merchant listing). */
export const offerLd = z.object({
  '@type': z.literal('Offer'),
  name: z.string().min(1),
  price: z.number().positive(),
  priceCurrency: z.literal('INR'),
  availability: z.enum([SCHEMA_AVAILABILITY.inStock, SCHEMA_AVAILABILITY.outOfStock]),
  url: z.url(),
  itemCondition: z.literal('https://schema.org/NewCondition'),
  seller: z.object({ '@type': z.literal('Organization'), name: z.string().min(1) }),
  // The price asked and the MRP (list price), each for one bottle: its net quantity in millilitres.
  priceSpecification: z.tuple([unitPrice.extend({ priceType: z.undefined().optional() }), unitPrice.extend({ priceType: z.literal(SCHEMA_LIST_PRICE) })]),
});

export const productLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  description: z.string(),
  url: z.url(),
  image: z.array(z.url()),
  brand: z.object({ '@type': z.literal('Brand'), name: z.string().min(1) }),
  countryOfOrigin: z.object({ '@type': z.literal('Country'), name: z.string().min(1) }),
  offers: z.array(offerLd).min(1),
  aggregateRating: z
    .object({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      ratingCount: z.number().int().positive(),
    })
    .optional(),
});

export const breadcrumbLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(z.object({ '@type': z.literal('ListItem'), position: z.number().int().positive(), name: z.string().min(1), item: z.url() }))
    .min(2),
});
