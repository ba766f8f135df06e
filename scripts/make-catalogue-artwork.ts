// Draws the seed catalogue's product pictures (src/server/seed/catalogue-data.ts) and writes every variant the
// shop serves as WebP, with a manifest, into src/server/seed/catalogue-images/. The shop ships these files, so a
// first start stores them in milliseconds instead of drawing for half a minute.
// Run after changing the artwork code or the catalogue's drawings: npx tsx scripts/make-catalogue-artwork.ts
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { encodeImage } from '../src/server/media/image-store';
import { renderBottleArtwork } from './artwork/bottle-art';
import { SEED_PRODUCTS } from '../src/server/seed/catalogue-data';
import { CATALOGUE_IMAGES_DIR, CATALOGUE_IMAGES_MANIFEST, type CatalogueImageEntry } from '../src/server/seed/catalogue-images';

const specs = SEED_PRODUCTS.flatMap((p) => p.art);
await rm(CATALOGUE_IMAGES_DIR, { recursive: true, force: true });
await mkdir(CATALOGUE_IMAGES_DIR, { recursive: true });
const manifest: CatalogueImageEntry[] = [];
let total = 0;
for (const spec of specs) {
  const image = await encodeImage(await renderBottleArtwork(spec));
  const variants = [];
  for (const v of image.variants) {
    const file = `${image.hash}-${v.variant}.webp`;
    await writeFile(CATALOGUE_IMAGES_DIR + file, v.data);
    total += v.data.length;
    variants.push({ variant: v.variant, width: v.width, height: v.height, file });
  }
  manifest.push({ spec, hash: image.hash, mime: image.mime, width: image.width, height: image.height, variants });
  console.log(`${spec.title} (shot ${spec.variant ?? 0}): ${image.hash}`);
}
await writeFile(CATALOGUE_IMAGES_DIR + CATALOGUE_IMAGES_MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
console.log(`${manifest.length} pictures, ${(total / 1024).toFixed(0)} KB in ${CATALOGUE_IMAGES_DIR}`);
