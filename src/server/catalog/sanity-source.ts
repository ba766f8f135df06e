// Optional product source: the catalogue kept in Sanity (SPEC.md §7) instead of the built-in database.
import { PRODUCT_TAX_DEFAULTS } from '../../domain/schemas/product';
import type { SanityClient } from '@sanity/client';
import { createImageUrlBuilder, type SanityImageSource } from '@sanity/image-url';
import { z } from 'zod';
import { PRODUCT_IMAGE_WIDTH } from '../../domain/constants';
import { EMPTY_FOOD_LABEL } from '../../domain/schemas/food-label';
import type { Product } from '../../domain/schemas/product';
import { slugsFor } from '../../domain/slug';
import type { Config } from '../config';

export const SANITY_API_VERSION = '2024-10-26';

/** SPEC.md §7: every product document, with the fields the shop reads. */
export const SANITY_PRODUCT_QUERY =
  '*[_type == "product"]{_id, name, offerpercentage, instock, ratings, ratingStar, description, price, quantitysize, images, quantity}';

export interface SanitySettings {
  projectId: string;
  dataset: string;
  /** Another API address (a local stand-in in tests); Sanity's own hosts are used when absent. */
  apiHost?: string | undefined;
  studioUrl?: string | undefined;
}

export function sanitySettingsOf(config: Config): SanitySettings | null {
  if (!config.SANITY_PROJECT_ID || !config.SANITY_DATASET) return null;
  return {
    projectId: config.SANITY_PROJECT_ID,
    dataset: config.SANITY_DATASET,
    apiHost: config.SANITY_API_HOST,
    studioUrl: config.SANITY_STUDIO_URL,
  };
}

export interface ProductSource {
  list(): Promise<Product[]>;
}

// Content edited by hand may miss a field or hold the wrong type; each field falls back rather than
// losing the whole product, and a product without a usable name or price is left out.
const numberOr = (fallback: number) => z.number().finite().catch(fallback);
const sanityProductSchema = z.object({
  _id: z.string(),
  name: z.string().trim().min(1),
  offerpercentage: numberOr(0),
  instock: z.boolean().catch(true),
  ratings: numberOr(0),
  ratingStar: numberOr(5),
  description: z.string().catch(''),
  price: z.array(z.unknown()).catch([]),
  quantitysize: z.array(z.unknown()).catch([]),
  images: z.array(z.unknown()).catch([]),
  quantity: z.unknown(),
});

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

export function createSanitySource(settings: SanitySettings, log?: { warn(msg: string): void }): ProductSource {
  // @sanity/client (and rxjs under it) is loaded on the first list: memory and start-up time a database-backed shop
  // never needs (figures in bench/README.md, "Figures behind the code's comments").
  let client: Promise<SanityClient> | undefined;
  const connect = async () => (await import('@sanity/client')).createClient({
    projectId: settings.projectId,
    dataset: settings.dataset,
    apiVersion: SANITY_API_VERSION,
    useCdn: true,
    perspective: 'published',
    // A shopper waits on this call when the cache is cold: fail fast and fall back to the last good list.
    timeout: 10_000,
    maxRetries: 2,
    // A custom host is addressed as given; Sanity's own hosts put the project id in the host name.
    ...(settings.apiHost ? { apiHost: settings.apiHost, useProjectHostname: false } : {}),
  });
  // Image URLs always point at Sanity's image CDN, whatever host answers the queries.
  const images = createImageUrlBuilder({ projectId: settings.projectId, dataset: settings.dataset });

  function imageUrl(source: unknown): string | null {
    try {
      return images.image(source as SanityImageSource).width(PRODUCT_IMAGE_WIDTH).url();
    } catch {
      return null;
    }
  }

  function toProduct(raw: unknown): Omit<Product, 'slug'> | null {
    const parsed = sanityProductSchema.safeParse(raw);
    if (!parsed.success) return null;
    const doc = parsed.data;
    // Prices and sizes are read in pairs; a pair with a missing or bad half is dropped.
    const price: number[] = [];
    const quantitysize: number[] = [];
    doc.quantitysize.forEach((size, i) => {
      const p = doc.price[i];
      if (positive(size) && positive(p) && !quantitysize.includes(size)) {
        quantitysize.push(size);
        price.push(p);
      }
    });
    const firstSize = quantitysize[0];
    if (firstSize === undefined) return null;
    return {
      _id: doc._id,
      name: doc.name,
      offerpercentage: Math.min(Math.max(doc.offerpercentage, 0), 100),
      instock: doc.instock,
      ratings: Math.max(doc.ratings, 0),
      ratingStar: Math.min(Math.max(doc.ratingStar, 0), 5),
      description: doc.description,
      price,
      quantitysize,
      quantity: positive(doc.quantity) && quantitysize.includes(doc.quantity) ? doc.quantity : firstSize,
      images: doc.images.map(imageUrl).filter((u): u is string => u !== null),
      // Sanity documents carry no tax or label facts: ghee's (DESIGN.md §7.2).
      ...PRODUCT_TAX_DEFAULTS,
      ...EMPTY_FOOD_LABEL,
    };
  }

  return {
    async list() {
      const result: unknown = await (await (client ??= connect())).fetch(SANITY_PRODUCT_QUERY);
      if (!Array.isArray(result)) throw new Error('Sanity answered the product query with something other than a list');
      const products: Omit<Product, 'slug'>[] = [];
      for (const raw of result) {
        const product = toProduct(raw);
        if (product) products.push(product);
        else log?.warn(`Sanity product ${JSON.stringify((raw as { _id?: unknown })?._id)} left out: no name or no priced size`);
      }
      // Slugs come from the names, in the order Sanity answers; renames there get no redirect from the old page.
      const slugs = slugsFor(products.map((p) => p.name));
      return products.map((p, i) => ({ ...p, slug: slugs[i] ?? '' }));
    },
  };
}
