import { createHash } from 'node:crypto';
import type { Metadata, ResizeOptions, default as Sharp } from 'sharp';
import { IMAGE_MAX_PIXELS } from '../../domain/schemas/studio';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/** The sizes every product image is kept in: cards (width 300), square thumbnails, and the gallery. */
export const IMAGE_VARIANTS = {
  card: { width: 300 },
  thumb: { width: 300, height: 300 },
  gallery: { width: 800 },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;

export class ImageRejectedError extends Error {}

export function mediaUrl(hash: string, variant: ImageVariant): string {
  return `/media/${hash}-${variant}.webp`;
}

/** A picture decoded, checked and resized into every variant, ready to be stored. */
export interface EncodedImage {
  hash: string;
  mime: string;
  width: number;
  height: number;
  variants: { variant: ImageVariant; width: number; height: number; data: Buffer }[];
}

/**
 * Decodes, checks and resizes an image; keyed by the hash of its content, so the same picture uploaded twice is
 * stored once and its URLs can be cached forever.
 */
export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  // Loaded on first use: a running shop rarely decodes images, and sharp is heavy in memory and start-up time.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new ImageRejectedError('The file is not an image we can read. Upload a JPEG, PNG or WebP picture.');
  }
  if (!meta.format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(meta.format)) {
    throw new ImageRejectedError(`Images must be JPEG, PNG or WebP; this one is ${meta.format ?? 'unknown'}.`);
  }
  // The header says how large the picture is; refuse a huge one before decoding a single pixel of it.
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > IMAGE_MAX_PIXELS) {
    throw new ImageRejectedError(
      `The picture is ${meta.width} × ${meta.height} pixels; pictures may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels ` +
        '(for example 8000 × 6000). Make it smaller and upload it again.',
    );
  }
  // Kept as the picture is shown: a photo its camera stored on its side (EXIF orientation) is turned in every size.
  const shown = meta.autoOrient;
  const tallest = Math.max(...Object.values(IMAGE_VARIANTS).map((size) => resizeTo(size, shown).height));
  // WebP holds at most that many rows, so no such size could be stored: refused before the decode would hold them all.
  if (tallest > WEBP_MAX_SIDE) {
    throw new ImageRejectedError(
      `The picture is ${shown.width} × ${shown.height} pixels, too tall for its width: its sizes would be ${tallest} pixels ` +
        `high, and may be at most ${WEBP_MAX_SIDE}. Crop it and upload it again.`,
    );
  }
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 32);
  // A valid header can front a damaged or cut-off body, which only decoding finds: that is the client's file, not our fault.
  // The sizes are made one after another from the one decode, so at most one of them is being made beside its pixels.
  const variants: EncodedImage['variants'] = [];
  try {
    const picture = await decodeShown(sharp, input, shown);
    for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) variants.push(await encodeVariant(sharp, picture, variant, shown));
  } catch {
    throw new ImageRejectedError('The picture is damaged or cut short and cannot be read. Save it again and upload it.');
  }
  return { hash, mime: `image/${meta.format}`, width: shown.width, height: shown.height, variants };
}

/** The most pixels a WebP picture may have on either side. */
const WEBP_MAX_SIDE = 16383;

interface Size {
  width: number;
  height: number;
}

interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Decodes the picture once for all its sizes: turned as it is shown, and shrunk only as far as the size that needs
 * the most detail allows, so no size is made from fewer pixels than it needs. Decoding streams through the shrink
 * (JPEG and WebP even shrink while they decode), so a large photo is held only at the size its sizes need, never at
 * its own.
 */
async function decodeShown(sharp: typeof Sharp, input: Buffer, shown: Size): Promise<Pixels> {
  const needed = Object.values(IMAGE_VARIANTS).map((size) =>
    'height' in size ? Math.max(size.width / shown.width, size.height / shown.height) : size.width / shown.width,
  );
  // Never enlarged here, which adds no detail: a size larger than the picture is enlarged when it is made.
  const scale = Math.min(1, Math.max(...needed));
  // The same limit in the decoder itself, whatever the header claimed.
  return sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
    .rotate()
    .resize({
      width: Math.max(1, Math.round(shown.width * scale)),
      height: Math.max(1, Math.round(shown.height * scale)),
      fit: 'fill',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

async function encodeVariant(
  sharp: typeof Sharp,
  picture: Pixels,
  variant: ImageVariant,
  shown: Size,
): Promise<EncodedImage['variants'][number]> {
  const { width, height, channels } = picture.info;
  const { data, info } = await sharp(picture.data, { raw: { width, height, channels } })
    .resize(resizeTo(IMAGE_VARIANTS[variant], shown))
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { variant, width: info.width, height: info.height, data };
}

/**
 * How a size is made, measured from the picture as shown rather than from the decoded pixels, whose size is rounded:
 * a width keeps the picture's proportions and never enlarges it; a square is cut from its middle and may enlarge it.
 */
function resizeTo(size: (typeof IMAGE_VARIANTS)[ImageVariant], shown: Size): Size & ResizeOptions {
  if ('height' in size) return { width: size.width, height: size.height, fit: 'cover' };
  if (shown.width <= size.width) return { width: shown.width, height: shown.height, fit: 'fill' };
  return { width: size.width, height: Math.max(1, Math.round((shown.height * size.width) / shown.width)), fit: 'fill' };
}

/** Stores an encoded picture (once per hash) and answers its hash. */
export async function saveEncodedImage(executor: Executor, image: EncodedImage): Promise<string> {
  const { hash } = image;
  await executor
    .insertInto('images')
    .values({ hash, mime: image.mime, width: image.width, height: image.height, created_at: nowIso() })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  await executor
    .insertInto('image_variants')
    .values(image.variants.map((v) => ({ hash, variant: v.variant, width: v.width, height: v.height, bytes: v.data.length, data: v.data })))
    .onConflict((oc) => oc.columns(['hash', 'variant']).doNothing())
    .execute();
  return hash;
}

/** Decodes, checks, resizes and stores an uploaded picture; answers its hash. */
export async function storeImage(executor: Executor, input: Buffer): Promise<string> {
  const image = await encodeImage(input);
  const existing = await executor.selectFrom('images').select('hash').where('hash', '=', image.hash).executeTakeFirst();
  if (existing) return image.hash;
  return saveEncodedImage(executor, image);
}

/** The stored bytes of one size of a picture, or undefined when there is none. */
export async function findImageVariant(executor: Executor, hash: string, variant: string): Promise<Uint8Array | undefined> {
  const row = await executor.selectFrom('image_variants').select('data').where('hash', '=', hash).where('variant', '=', variant).executeTakeFirst();
  return row?.data;
}
