/** Product image URLs come as the card variant (width 300); the gallery and thumbnails have their own. */
export function imageVariant(url: string, variant: 'card' | 'gallery' | 'thumb'): string {
  return url.replace(/-(card|gallery|thumb)\.webp$/, `-${variant}.webp`);
}

/** The app's hash route of a product (SPEC.md §2), the same the server renders a crawlable page at. */
export { productRoute as productPath } from '../../domain/page-meta';
