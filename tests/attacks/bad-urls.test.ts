// Attack suite: addresses that do not decode (a lone %, a cut-off UTF-8 escape) reach Fastify's router before
// any route; they must answer in the shop's own error shape with the usual headers, never Fastify's.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../support/test-shop';

describeEachDatabase('attack: malformed URLs', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  it('a URL that does not decode is a 400 {error, message} with the API headers, on API and page paths', async () => {
    for (const url of ['/api/product/%E0%A4%A', '/api/%', '/%zz', '/api/public/product/%', '/sitemap%ZZ.xml']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort(), url).toEqual(['error', 'message']);
      expect(body.error, url).toBe('BAD_URL');
      expect(String(body.message), url).toMatch(/not valid/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'none'");
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
    expect((await shop.app.inject('/healthz')).statusCode).toBe(200);
  });
});
