/** Product image URLs come as the card variant (width 300); the gallery and thumbnails have their own. */
export function imageVariant(url: string, variant: 'card' | 'gallery' | 'thumb'): string {
  return url.replace(/-(card|gallery|thumb)\.webp$/, `-${variant}.webp`);
}

/** A product's screen: the address of its crawlable page, /products/{slug}. */
export { productPagePath as productPath } from '../../domain/page-meta';

/**
 * A product's screen when only its name is known (a cart line keeps no slug): the old address, which the app and
 * the server send on to /products/{slug}.
 */
export function productPathByName(name: string): string {
  return `/product/${encodeURIComponent(name)}`;
}
