// The seed catalogue's pictures, drawn once by `scripts/make-catalogue-artwork.ts` and shipped encoded (every
// variant as WebP beside a manifest), so a first start stores them without drawing or decoding anything: the
// serving process never loads sharp or holds a 1200-pixel picture for the seed.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { EncodedImage, ImageVariant } from '../media/image-store';
import type { BottleArtSpec } from './bottle-art-spec';

export interface CatalogueImageEntry {
  /** The drawing this picture was made from: a test checks the manifest still matches the seed catalogue. */
  spec: BottleArtSpec;
  hash: string;
  mime: string;
  width: number;
  height: number;
  variants: { variant: ImageVariant; width: number; height: number; file: string }[];
}

/**
 * Beside this module in the sources, and beside the bundle (`dist/server/`) after `npm run build`, which copies
 * the folder there.
 */
export const CATALOGUE_IMAGES_DIR = fileURLToPath(new URL('./catalogue-images/', import.meta.url));
export const CATALOGUE_IMAGES_MANIFEST = 'manifest.json';

export async function readCatalogueImageManifest(dir = CATALOGUE_IMAGES_DIR): Promise<CatalogueImageEntry[]> {
  return JSON.parse(await readFile(dir + CATALOGUE_IMAGES_MANIFEST, 'utf8')) as CatalogueImageEntry[];
}

/** The encoded pictures of each drawing, looked up by its spec. */
export async function loadCatalogueImages(specs: readonly BottleArtSpec[], dir = CATALOGUE_IMAGES_DIR): Promise<EncodedImage[]> {
  const manifest = await readCatalogueImageManifest(dir);
  const byKey = new Map(manifest.map((entry) => [JSON.stringify(entry.spec), entry]));
  return Promise.all(
    specs.map(async (spec) => {
      const entry = byKey.get(JSON.stringify(spec));
      if (!entry) {
        throw new Error(
          `No shipped picture for the seed drawing ${JSON.stringify(spec)}: run \`npx tsx scripts/make-catalogue-artwork.ts\` and commit the result.`,
        );
      }
      const variants = await Promise.all(
        entry.variants.map(async (v) => ({ variant: v.variant, width: v.width, height: v.height, data: await readFile(dir + v.file) })),
      );
      return { hash: entry.hash, mime: entry.mime, width: entry.width, height: entry.height, variants };
    }),
  );
}
