/** Product image URLs come as the card variant (width 300); the gallery and thumbnails have their own. */
export function imageVariant(url: string, variant: 'card' | 'gallery' | 'thumb'): string {
  return url.replace(/-(card|gallery|thumb)\.webp$/, `-${variant}.webp`);
}

export function productPath(name: string): string {
  return `/product/${encodeURIComponent(name)}`;
}
