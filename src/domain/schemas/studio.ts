// Wire shapes of the admin product studio (GET/POST/PUT/DELETE /api/product…), shared by the studio
// page and the server. The product fields themselves are `productInputSchema` in product.ts.
import { z } from 'zod';
import { PRODUCT_IMAGES_MAX } from '../constants';
import { productSchema } from './product';

/** Largest image file the studio accepts (5 MB); the server enforces it, the page warns before sending. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Most pixels a picture may have (50 megapixels, e.g. 8000 × 6000: more than any phone photo that fits in 5 MB).
 * A few kilobytes of PNG can claim a quarter of a gigapixel, and decoding it costs the server its memory.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** One stored picture of a product: its content hash (its id) and the URL of each size. */
export const studioImageSchema = z.object({
  hash: z.string(),
  card: z.string(),
  thumb: z.string(),
  gallery: z.string(),
});
export type StudioImage = z.infer<typeof studioImageSchema>;

/** A product as the studio edits it: the public shape plus its pictures with their ids, in order. */
export const studioProductSchema = productSchema.extend({
  gallery: z.array(studioImageSchema),
  updatedAt: z.string(),
  /** Per size, aligned with quantitysize: bottles on the shelf, null when the size is not tracked. */
  stock: z.array(z.number().int().nullable()),
  /** Per size, aligned with quantitysize: the hash of the size's own photo (one of `gallery`), null for none. */
  sizeImageHashes: z.array(z.string().nullable()),
  /** Per size, aligned with quantitysize: the packed weight in grams the courier is told. */
  weightGrams: z.array(z.number().int()),
});
export type StudioProduct = z.infer<typeof studioProductSchema>;

/** PUT /api/product/:id/images: the product's image hashes in their new order (each exactly once). */
export const reorderImagesSchema = z.strictObject({
  order: z
    .array(z.string().regex(/^[a-f0-9]{32}$/, { error: 'Image ids are 32 hexadecimal characters' }))
    .min(1, { error: 'List the images in their new order' })
    .max(PRODUCT_IMAGES_MAX),
});
export type ReorderImagesInput = z.infer<typeof reorderImagesSchema>;

/** GET /api/product/source: where the storefront's product list comes from. */
export const catalogueSourceSchema = z.object({
  source: z.enum(['database', 'sanity']),
  /** The Sanity Studio address to manage products in, when the source is Sanity and it is configured. */
  studioUrl: z.string().nullable(),
});
export type CatalogueSource = z.infer<typeof catalogueSourceSchema>;

export const STUDIO_TOASTS = {
  created: (name: string) => `${name} was added to the shop`,
  updated: (name: string) => `${name} was saved`,
  deleted: (name: string) => `${name} was deleted`,
  imageUploaded: (file: string) => `${file} was uploaded`,
  imageRemoved: 'The image was removed',
  imagesReordered: 'The image order was saved',
  uploadsUndone: (count: number) => `${count === 1 ? 'The photo' : `The ${count} photos`} added since the last save ${count === 1 ? 'was' : 'were'} removed`,
  stockOn: (name: string) => `${name} is now in stock`,
  stockOff: (name: string) => `${name} is now out of stock`,
} as const;
