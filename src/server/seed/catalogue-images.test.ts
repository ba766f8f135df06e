import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMAGE_VARIANTS } from '../media/image-store';
import { SEED_PRODUCTS } from './catalogue-data';
import { CATALOGUE_IMAGES_DIR, loadCatalogueImages, readCatalogueImageManifest } from './catalogue-images';

describe('shipped catalogue pictures', () => {
  it('match the seed catalogue drawing for drawing (regenerate with scripts/make-catalogue-artwork.ts)', async () => {
    const manifest = await readCatalogueImageManifest();
    expect(manifest.map((e) => e.spec)).toEqual(SEED_PRODUCTS.flatMap((p) => p.art));
  });

  it('carry every variant the shop serves, as WebP files that exist', async () => {
    const manifest = await readCatalogueImageManifest();
    for (const entry of manifest) {
      expect(entry.variants.map((v) => v.variant).sort()).toEqual(Object.keys(IMAGE_VARIANTS).sort());
      for (const v of entry.variants) expect(existsSync(CATALOGUE_IMAGES_DIR + v.file)).toBe(true);
    }
  });

  it('load as encoded images whose bytes are WebP', async () => {
    const [first] = await loadCatalogueImages([SEED_PRODUCTS[0]!.art[0]!]);
    expect(first!.variants).toHaveLength(Object.keys(IMAGE_VARIANTS).length);
    for (const v of first!.variants) expect(v.data.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('refuse a drawing that was never shipped, saying how to make it', async () => {
    const spec = { ...SEED_PRODUCTS[0]!.art[0]!, title: 'A product drawn after the pictures were made' };
    await expect(loadCatalogueImages([spec])).rejects.toThrow(/make-catalogue-artwork/);
  });
});
