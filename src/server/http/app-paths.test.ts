import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_SHELL_PATHS } from '../../domain/app-routes';
import { productSchema } from '../../domain/schemas/product';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';

const INDEX = '<!doctype html><html><head><title>Ghee Shop</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';
// The build's home page: index.html with the hero picture's preload (vite.config.ts).
const HOME = INDEX.replace('</title>', '</title><link rel="preload" as="image" href="/assets/hero-1.webp">');

/** A path of each pattern, its parameters filled in. */
const appPaths = APP_SHELL_PATHS.map((pattern) => pattern.replace(/:[a-zA-Z]+/g, 'order_ABCDEFGHIJ1234'));

// Decision 072: the app's screens are paths the server answers with the app; every other page address is a 404.
describeEachDatabase('the app at its paths', (dialect) => {
  let shop: TestShop;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'ghee-web-'));
    writeFileSync(path.join(web, 'index.html'), INDEX);
    writeFileSync(path.join(web, 'home.html'), HOME);
    shop = await createTestShop(dialect, { serveWeb: true, env: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(web, { recursive: true, force: true });
  });

  const products = async () => z.array(productSchema).parse((await shop.app.inject('/api/public/product')).json());

  it('answers every screen of the app with the app, revalidated on each load and with the home page’s headers', async () => {
    const home = await shop.app.inject('/');
    expect(home.statusCode).toBe(200);
    // Only the home page shows the hero, so only it preloads the picture.
    expect(home.body).toBe(HOME);
    expect(home.headers['cache-control']).toBe('no-cache');
    for (const url of appPaths) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'strict-transport-security']) {
        expect(res.headers[header], `${url} ${header}`).toBe(home.headers[header]);
      }
    }
  });

  it('keeps the query of a mailed link, and answers a screen’s path with a trailing slash too', async () => {
    // The shop's mails to the owner link to an order's page in the dashboard.
    for (const url of ['/resetpassword?email=a%40b.in&token=t1&first=1', '/confirm/order_ABCDEFGHIJ1234?t=abc', '/login?email=a%40b.in&unlock=u', '/track/', '/admin/orders/order_ABCDEFGHIJ1234']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('keeps the crawlable pages rendered by the server at their paths', async () => {
    const [product] = await products();
    if (!product) throw new Error('no seeded product');
    for (const url of ['/products', `/products/${product.slug}`, '/policy/terms', '/contact']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain(`data-route="${url}"`);
    }
  });

  it('sends a product’s old address, /product/{name}, on to its page by slug', async () => {
    const [product] = await products();
    if (!product) throw new Error('no seeded product');
    const res = await shop.app.inject(`/product/${encodeURIComponent(product.name)}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/products/${encodeURIComponent(product.slug)}`);
    const gone = await shop.app.inject('/product/No%20Such%20Ghee');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<title>Page not found · Ghee Shop</title>');
  });

  it('answers a path that is no screen with 404 and the not-found page, and an unknown API call with JSON', async () => {
    // A name too long for a file, or a path the file server will not walk, names nothing either.
    const tooLong = `/${'a'.repeat(300)}`;
    for (const url of ['/no-such-page', '/cart/extra', '/admin/settings', '/checkout/billing', '/track/a/b', '/policy/nope', tooLong, '/assets/x/%2e%2e/y']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>Page not found · Ghee Shop</title>');
      expect(res.body, url).toContain('data-route="/page-not-found"');
    }
    const api = await shop.app.inject('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
