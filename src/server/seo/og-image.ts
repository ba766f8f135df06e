// The link-preview picture (og:image) of a product: its first picture on a 1200×630 card, the size WhatsApp,
// Facebook and X show large. Made once per picture with sharp, kept in the database beside the other sizes.
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database';
import { OG_IMAGE_SIZE, OG_IMAGE_VERSION } from './product-images';
import { saveVariant, storedVariant } from './seo-repository';

const OG_VARIANT = `og-${OG_IMAGE_VERSION}`;
// What a picture with transparent parts sits on: the shop's cream.
const BACKDROP = '#fff8e7';

/**
 * The whole picture (a bottle must keep its cap), as tall as the card, centred; the picture's own left and right
 * edges are drawn out to the card's width, so a studio backdrop simply continues.
 */
export async function makeOgImage(picture: Buffer): Promise<Buffer> {
  // Loaded on first use, like the uploads' image code: sharp weighs memory that a shop may never need.
  const { default: sharp } = await import('sharp');
  const { width, height } = OG_IMAGE_SIZE;
  const fitted = await sharp(picture).rotate().resize({ width, height, fit: 'inside' }).toBuffer({ resolveWithObject: true });
  const left = Math.floor((width - fitted.info.width) / 2);
  const top = Math.floor((height - fitted.info.height) / 2);
  return sharp(fitted.data)
    .extend({ left, right: width - fitted.info.width - left, top, bottom: height - fitted.info.height - top, extendWith: 'copy' })
    .flatten({ background: BACKDROP })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

export interface OgImages {
  /** The preview picture of a stored picture, made on first request; null when there is no such picture. */
  get(hash: string): Promise<Buffer | null>;
}

export function createOgImages(db: Executor, log: FastifyBaseLogger): OgImages {
  // Crawlers of several apps fetch a freshly shared link at once: they share one rendering.
  const making = new Map<string, Promise<Buffer | null>>();

  async function make(hash: string): Promise<Buffer | null> {
    const source = (await storedVariant(db, hash, 'gallery')) ?? (await storedVariant(db, hash, 'card'));
    if (!source) return null;
    const data = await makeOgImage(source);
    await saveVariant(db, { hash, variant: OG_VARIANT, ...OG_IMAGE_SIZE, data });
    log.info({ hash, bytes: data.length }, 'link-preview picture made');
    return data;
  }

  return {
    async get(hash) {
      const stored = await storedVariant(db, hash, OG_VARIANT);
      if (stored) return stored;
      let pending = making.get(hash);
      if (!pending) {
        pending = make(hash).finally(() => making.delete(hash));
        making.set(hash, pending);
      }
      return pending;
    },
  };
}
