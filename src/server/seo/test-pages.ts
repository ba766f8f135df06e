// Reading crawlable pages in tests: their JSON-LD blocks, meta tags and the schema.org shapes Google requires.
import { z } from 'zod';
import { SCHEMA_AVAILABILITY } from './structured-data';

export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
}

export function metaContent(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag?.[1];
}

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
});

export const productLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  description: z.string(),
  url: z.url(),
  image: z.array(z.url()),
  brand: z.object({ '@type': z.literal('Brand'), name: z.string().min(1) }),
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
