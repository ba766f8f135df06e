// Attack suite: the crawlable pages (DESIGN.md §7.5) put the owner's product text into HTML, attributes and JSON-LD
// script blocks, and take a slug from the address. The pages in Chromium: e2e/security-xss.spec.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '../../src/domain/schemas/product';
import { jsonLdBlocks, metaContent } from '../../src/server/seo/test-pages';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';
import { XSS_PAYLOADS } from './attack-support';

describeEachDatabase('attack: crawlable product pages', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let hostile: Product;
  const breakout = `</script><script>window.__xss=1</script><!--`;
  const name = `Ghee ${XSS_PAYLOADS[2]}`;
  const description = `${breakout} ${XSS_PAYLOADS.join(' ')} \u2028 & done`;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.auth,
      payload: { name, description, offerpercentage: 0, instock: true, ratings: 2, ratingStar: 4, price: [250], quantitysize: [250], quantity: 250 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = (await shop.app.inject('/api/public/product')).json() as Product[];
    const found = list.find((p) => p.name === name);
    if (!found) throw new Error('hostile product not listed');
    hostile = found;
  });
  afterAll(async () => shop.close());

  it('stored XSS: a "</script>" in product text cannot end the JSON-LD block, which still holds the text whole', async () => {
    const html = (await shop.app.inject(`/products/${hostile.slug}`)).body;
    // The only script elements are the page's own: JSON-LD, the JSON data blocks the app starts from (business
    // details, shop profile, reviews) and the app's module; none came from the text.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]?.trim() ?? '');
    expect(scripts.length).toBeLessThanOrEqual(5);
    for (const attributes of scripts) {
      expect(attributes).toMatch(/^(type="application\/ld\+json"|type="application\/json" id="(shop-business|shop-profile|shop-reviews)"|type="module" crossorigin src="[^"]+")$/);
    }
    expect(html).not.toContain('<script>window.__xss');
    const [product] = jsonLdBlocks(html) as { name: string; description: string }[];
    expect(product).toMatchObject({ name, description });
  });

  it('stored XSS: product text in the title, meta tags and the page is escaped', async () => {
    const html = (await shop.app.inject(`/products/${hostile.slug}`)).body;
    expect(html).not.toMatch(/<svg onload/i);
    expect(html).not.toMatch(/<img src=x onerror/i);
    expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(metaContent(html, 'og:title')).toBe(`Ghee &quot;&gt;&lt;svg onload=window.__xss=1&gt; · Ghee Shop`);
  });

  it('slugs carry only letters, digits and hyphens, whatever the name holds', () => {
    expect(hostile.slug).toMatch(/^[\p{L}\p{N}\p{M}]+(-[\p{L}\p{N}\p{M}]+)*$/u);
  });

  it('path tricks in the slug reach no file and no other route: they get a 4xx (404, or 400 for a NUL, 414 for a huge one)', async () => {
    for (const url of ['/products/..%2F..%2Fpackage.json', '/products/%2e%2e', '/products/a%00b', `/products/${'a'.repeat(5000)}`, '/products/x%3Cscript%3E']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode >= 400 && res.statusCode < 500, `${url.slice(0, 40)}: ${res.statusCode}`).toBe(true);
      expect(res.body, url).not.toContain('"name": "ghee-shop"');
      expect(res.body, url).not.toContain('<script>');
    }
  });

  it('open redirect: a redirect from an old or differently written slug stays on /products/ of this shop', async () => {
    const res = await shop.app.inject(`/products/${hostile.slug.toUpperCase()}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/products/${encodeURIComponent(hostile.slug)}`);
    for (const url of ['/products/%2F%2Fevil.example', '/products/https:%2F%2Fevil.example', '/products/\\evil.example']) {
      const odd = await shop.app.inject(url);
      expect(odd.statusCode, url).toBe(404);
      expect(odd.headers.location, url).toBeUndefined();
    }
  });

  it('the preview-picture route serves only the names it makes', async () => {
    for (const url of ['/media/og/..%2F..%2Fshop.db', '/media/og/' + 'a'.repeat(32) + '-v1.png', '/media/og/' + 'g'.repeat(32) + '-v1.jpg']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
