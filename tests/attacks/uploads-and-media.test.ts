// Attack suite: image upload and /media (OWASP file upload cheat sheet, ASVS V5.2): non-images, polyglots,
// pixel bombs, path traversal in file names and in the media path.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipartBody, type TestFilePart } from '../../src/server/media/multipart-test-body';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';
import { expectNoServerError } from './attack-support';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims `width` x `height` pixels: a decompression bomb's calling card. */
function pngClaiming(width: number, height: number, idat = deflateSync(Buffer.alloc(1024))): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A real, valid PNG of `width` x `height` one-bit grey pixels, all black: a few kilobytes on the wire, and a
 * 16000 x 16000 one decodes to a quarter of a gigapixel (sharp's own limit is 268 million).
 */
function blankPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth 1
  ihdr.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 and zero bits on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEachDatabase('attack: image upload and media paths', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let productId: string;
  let shade = 0;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    admin = await adminOf(shop);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.auth,
      payload: { name: 'Upload Target Ghee', description: '', offerpercentage: 0, instock: true, ratings: 0, ratingStar: 5, price: [300], quantitysize: [500], quantity: 500 },
    });
    productId = res.json()._id as string;
  });
  afterAll(async () => shop.close());

  const upload = async (files: TestFilePart[]) => {
    const body = multipartBody(files);
    const res = await shop.app.inject({ method: 'POST', url: `/api/product/${productId}/images`, headers: { ...admin.auth, ...body.headers }, payload: body.payload });
    expectNoServerError(res, `upload ${files.map((f) => f.filename).join(', ')}`);
    return res;
  };
  const picture = async () => {
    shade += 1;
    return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: shade, b: 200 } } }).png().toBuffer();
  };

  it('a text file, an HTML page and a script named .png are refused with 400', async () => {
    for (const [filename, data] of [
      ['notes.png', Buffer.from('just some text')],
      ['page.png', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['run.jpg', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['empty.png', Buffer.alloc(0)],
    ] as const) {
      const res = await upload([{ filename, contentType: 'image/png', data }]);
      expect(res.statusCode, filename).toBe(400);
    }
  });

  it('an SVG with a script is refused, whatever content type it claims', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    for (const contentType of ['image/svg+xml', 'image/png']) {
      expect((await upload([{ filename: 'logo.svg', contentType, data: svg }])).statusCode).toBe(400);
    }
  });

  it('a PNG with HTML appended (polyglot) is re-encoded: what /media serves holds no markup', async () => {
    const polyglot = Buffer.concat([await picture(), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload([{ filename: 'polyglot.png', contentType: 'image/png', data: polyglot }]);
    expect(res.statusCode, res.body).toBe(201);
    const urls = (res.json().images as { url?: string }[] | string[]).map((i) => (typeof i === 'string' ? i : (i.url ?? '')));
    const served = await shop.app.inject(urls.at(-1) ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
  });

  it('a PNG claiming 100,000 x 100,000 pixels (pixel bomb) is refused with 400, quickly', async () => {
    const started = performance.now();
    const res = await upload([{ filename: 'bomb.png', contentType: 'image/png', data: pngClaiming(100_000, 100_000) }]);
    expect(res.statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a valid 16000 x 16000 PNG is refused with a 400 that names the pixel limit, before it is decoded', async () => {
    const before = await shop.app.ctx.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const started = performance.now();
    const res = await upload([{ filename: 'huge.png', contentType: 'image/png', data: blankPng(16_000, 16_000) }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/"huge\.png": The picture is 16000 × 16000 pixels.*50 megapixels/);
    expect(performance.now() - started).toBeLessThan(3000);
    const after = await shop.app.ctx.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Under the limit, a large picture is still taken.
    expect((await upload([{ filename: 'wide.png', contentType: 'image/png', data: blankPng(8000, 6000) }])).statusCode).toBe(201);
  });

  it('a truncated or corrupt PNG body is refused with 400', async () => {
    const good = await picture();
    for (const data of [good.subarray(0, Math.floor(good.length / 2)), pngClaiming(64, 64, Buffer.from('not deflate data'))]) {
      expect((await upload([{ filename: 'broken.png', contentType: 'image/png', data }])).statusCode).toBe(400);
    }
  });

  it('a file name with ../ is only a label: nothing is written to disk and the image is stored by content hash', async () => {
    const before = readdirSync(shop.dataDir, { recursive: true }).length;
    for (const filename of ['../../../../tmp/evil.png', '..\\..\\evil.png', '/etc/passwd', 'evil%2F..%2F.png', 'a\u0000.png']) {
      const res = await upload([{ filename, contentType: 'image/png', data: await picture() }]);
      expect(res.statusCode, filename).toBe(201);
      expect(res.body).not.toContain('evil');
    }
    expect(readdirSync(shop.dataDir, { recursive: true }).length).toBe(before);
    expect(existsSync(path.join('/tmp', 'evil.png'))).toBe(false);
  });

  it('/media answers 404 to traversal, encoded slashes, other extensions and unknown sizes', async () => {
    for (const url of [
      '/media/../package.json',
      '/media/..%2f..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/..%5c..%5cpackage.json',
      '/media/....//....//etc/passwd',
      `/media/${'a'.repeat(32)}-card.webp%00.png`,
      `/media/${'a'.repeat(32)}-card.png`,
      `/media/${'a'.repeat(32)}-original.webp`,
      `/media/${'a'.repeat(32)}-constructor.webp`,
      `/media/${'a'.repeat(32)}-__proto__.webp`,
      '/media/shop.db',
      '/media/jwt-secret',
    ]) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toMatch(/"name":\s*"ghee-shop"|root:|BEGIN/);
    }
  });

  it('uploads need an admin: the file of an anonymous caller is never read', async () => {
    const body = multipartBody([{ filename: 'a.png', contentType: 'image/png', data: await picture() }]);
    const res = await shop.app.inject({ method: 'POST', url: `/api/product/${productId}/images`, headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(401);
  });
});
