import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { ENCODING_MEMO_SIZE, preferredEncoding, rememberedEncodings } from '../http/encoded-answer';

describe('preferredEncoding', () => {
  it('takes br over gzip, honours q=0, and falls back to the plain bytes', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding(['gzip', 'br;q=0'])).toBe('gzip');
  });

  it('answers each value by its own parse and remembers a bounded number of values', () => {
    const values = Array.from({ length: 150 }, (_, i) => (i % 3 === 0 ? `gzip, br;q=0, x-${i}` : i % 3 === 1 ? `br, x-${i}` : `deflate, x-${i}`));
    for (let pass = 0; pass < 2; pass += 1) {
      values.forEach((value, i) => {
        expect(preferredEncoding(value)).toBe(['gzip', 'br', 'identity'][i % 3]);
        expect(rememberedEncodings()).toBeLessThanOrEqual(ENCODING_MEMO_SIZE);
      });
    }
    expect(rememberedEncodings()).toBeGreaterThan(0);
  });
});

describeEachDatabase('public product list, compressed ahead of time', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const list = (headers: Record<string, string> = {}) => shop.app.inject({ url: '/api/public/product', headers });

  it('sends the same list as brotli, gzip or plain JSON, with one ETag and Vary: Accept-Encoding', async () => {
    const plain = await list();
    const br = await list({ 'accept-encoding': 'gzip, deflate, br' });
    const gz = await list({ 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    for (const res of [plain, br, gz]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    const notModified = await list({ 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });
});
