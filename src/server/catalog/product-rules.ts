// Catalogue rules the shared product schema cannot check on its own: they need the database.
import { z } from 'zod';
import { PRODUCT_IMAGES_MAX } from '../../domain/constants';
import { ROW_ID_MAX } from '../../domain/schemas/fields';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';

export const CATALOGUE_MESSAGES = {
  nameTaken: 'A product with this name already exists. Choose another name.',
  productNotFound: 'This product does not exist any more. Reload the list.',
  imageNotOnProduct: 'This image is not on the product. Reload the product and try again.',
  reorderMismatch: 'List every image of the product exactly once. Reload the product and try again.',
  tooManyImages: `A product can have at most ${PRODUCT_IMAGES_MAX} images. Remove one before adding another.`,
  productIdInvalid: 'Product ids are positive whole numbers.',
  imageIdInvalid: 'Image ids are 32 hexadecimal characters.',
  sizePictureNotOnProduct: "This photo is not one of the product's photos. Upload it first, or choose another.",
} as const;

export const productIdParams = z.object({
  id: z.coerce
    .number({ error: CATALOGUE_MESSAGES.productIdInvalid })
    .int({ error: CATALOGUE_MESSAGES.productIdInvalid })
    .positive({ error: CATALOGUE_MESSAGES.productIdInvalid })
    .max(ROW_ID_MAX, { error: CATALOGUE_MESSAGES.productIdInvalid }),
});

export const productImageParams = productIdParams.extend({
  hash: z.string().regex(/^[a-f0-9]{32}$/, { error: CATALOGUE_MESSAGES.imageIdInvalid }),
});

/** Names are unique regardless of case: the storefront finds a product by its name. */
export const nameTaken = () => conflict(CATALOGUE_MESSAGES.nameTaken, { name: CATALOGUE_MESSAGES.nameTaken });
export const productNotFound = () => notFound(CATALOGUE_MESSAGES.productNotFound);
export const tooManyImages = () => new HttpError(409, 'CONFLICT', CATALOGUE_MESSAGES.tooManyImages);

/** Each size's picture must be one of the product's own photos; the first that is not is a 400 on its field. */
export function checkSizePictures(hashes: readonly (string | null)[] | undefined, photos: readonly string[]): void {
  const at = (hashes ?? []).findIndex((hash) => hash !== null && !photos.includes(hash));
  if (at < 0) return;
  const message = CATALOGUE_MESSAGES.sizePictureNotOnProduct;
  throw badRequest(message, { [`sizeImageHashes.${at}`]: message });
}

/** A unique-constraint failure on either database (a concurrent write won the race for a name). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
