import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../../tests/support/test-shop';

// DESIGN.md §8.2: a path that is no app page, crawlable page, file or API answers 404 with the app's not-found page
// (the app's screens are the paths of decision 072, app-paths.test.ts), never the home page with 200.
describe('page addresses that name nothing [sqlite]', () => {
  let shop: TestShop;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'ghee-web-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><title>Ghee Shop</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    shop = await createTestShop('sqlite', { serveWeb: true, env: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('answers /no-such-page with 404 and the not-found page, kept out of search results', async () => {
    for (const url of ['/no-such-page', '/products/', '/checkout/billing', '/index.php?x=1']) {
      const res = await shop.app.inject(url);
      if (url === '/products/') {
        expect(res.statusCode, url).toBe(301);
        continue;
      }
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>Page not found · Ghee Shop</title>');
      expect(res.body, url).toContain('noindex');
    }
  });

  it('keeps / , the crawlable pages, files and the API as they were', async () => {
    expect((await shop.app.inject('/')).statusCode).toBe(200);
    expect((await shop.app.inject('/favicon.svg')).statusCode).toBe(200);
    expect((await shop.app.inject('/products')).statusCode).toBe(200);
    expect((await shop.app.inject('/robots.txt')).statusCode).toBe(200);
    const api = await shop.app.inject('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'NOT_FOUND' });
    expect((await shop.app.inject({ method: 'POST', url: '/no-such-page' })).statusCode).toBe(404);
  });
});
