import type { Product } from './schemas/product';

/**
 * Which of a product's pictures the product page shows for a size: the size's own picture when it has one that is
 * still among the product's pictures, else the first.
 */
export function pictureIndexForSize(product: Pick<Product, 'images' | 'quantitysize' | 'sizeImages'>, size: number): number {
  const own = product.sizeImages?.[product.quantitysize.indexOf(size)];
  const at = own ? product.images.indexOf(own) : -1;
  return at >= 0 ? at : 0;
}
