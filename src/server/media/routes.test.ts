import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { mediaUrl, storeImage } from './image-store';

describeEachDatabase('media', (dialect) => {
  let shop: TestShop;
  let hash: string;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    const png = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#e0a526' } }).png().toBuffer();
    hash = await storeImage(shop.app.ctx.db, png);
  });
  afterAll(async () => shop.close());

  it('serves each stored size as WebP with a year-long immutable cache', async () => {
    for (const [variant, width, height] of [['card', 300, 150], ['thumb', 300, 300], ['gallery', 500, 250]] as const) {
      const res = await shop.app.inject(mediaUrl(hash, variant));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height });
    }
  });

  it('stores the same picture once', async () => {
    const png = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#e0a526' } }).png().toBuffer();
    expect(await storeImage(shop.app.ctx.db, png)).toBe(hash);
    const rows = await shop.app.ctx.db.selectFrom('image_variants').select('variant').where('hash', '=', hash).execute();
    expect(rows).toHaveLength(3);
  });

  it('keeps a turned photo\'s size as it is shown, not as its camera stored it', async () => {
    // 600 × 200 as stored, with EXIF orientation 6: shown turned, 200 wide and 600 high.
    const jpeg = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#f00' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const turned = await storeImage(shop.app.ctx.db, jpeg);
    const row = await shop.app.ctx.db.selectFrom('images').select(['width', 'height']).where('hash', '=', turned).executeTakeFirstOrThrow();
    expect(row).toEqual({ width: 200, height: 600 });
    const gallery = await shop.app.inject(mediaUrl(turned, 'gallery'));
    expect(await sharp(gallery.rawPayload).metadata()).toMatchObject({ width: 200, height: 600 });
  });

  it('answers 404 to unknown images, unknown sizes and any path trick', async () => {
    const paths = [
      `/media/${'0'.repeat(32)}-card.webp`,
      `/media/${hash}-original.webp`,
      `/media/${hash}-constructor.webp`,
      `/media/${hash}-card.png`,
      `/media/${hash.toUpperCase()}-card.webp`,
      '/media/../../etc/passwd',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e%2fshop.db',
      `/media/${hash}-card.webp/../../shop.db`,
      `/media/sub/${hash}-card.webp`,
      '/media/',
    ];
    for (const path of paths) {
      const res = await shop.app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
    }
  });
});
