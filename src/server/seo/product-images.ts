// Which picture a crawlable page names: the gallery size for search engines, and the 1200×630 link-preview picture
// (og-image.ts) for shared links. Pictures from Sanity are already on a CDN and are named as they are.
import { mediaUrl } from '../media/image-store';

const STORED_PICTURE = /^\/media\/([a-f0-9]{32})-(?:card|thumb|gallery)\.webp$/;

/** The stored picture's hash, when the URL is one of ours. */
export function storedPictureHash(url: string): string | null {
  return STORED_PICTURE.exec(url)?.[1] ?? null;
}

/** Largest stored size of a product picture (800 px wide), or the URL itself for a picture stored elsewhere. */
export function largePictureUrl(url: string): string {
  const hash = storedPictureHash(url);
  return hash ? mediaUrl(hash, 'gallery') : url;
}

/** The link-preview picture made from a stored picture; `-v1` names the recipe, so a new recipe gets a new URL. */
export const OG_IMAGE_VERSION = 'v1';
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function ogImagePath(hash: string): string {
  return `/media/og/${hash}-${OG_IMAGE_VERSION}.jpg`;
}

/** The preview picture of a product picture: ours at 1200×630, or a picture stored elsewhere as it is. */
export function previewPicture(url: string): { url: string; width?: number; height?: number; type?: string } {
  const hash = storedPictureHash(url);
  return hash ? { url: ogImagePath(hash), ...OG_IMAGE_SIZE, type: 'image/jpeg' } : { url };
}

export function absoluteUrl(origin: string, url: string): string {
  return new URL(url, `${origin}/`).href;
}
