import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../../tests/support/test-shop';

// `npm run build` writes .br/.gz beside the web app's files (scripts/compress-web.mjs); the server sends them.
describe('built web app, compressed at build time [sqlite]', () => {
  let shop: TestShop;
  let web: string;
  const script = `console.log(${JSON.stringify('ghee '.repeat(600))});\n`;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'ghee-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), `<!doctype html><title>Ghee Shop</title>${'<!-- pad -->'.repeat(120)}`);
    writeFileSync(path.join(web, 'assets/app-abc123.js'), script);
    writeFileSync(path.join(web, 'assets/tiny-abc123.js'), 'export{};\n');
    execFileSync(process.execPath, ['scripts/compress-web.mjs', web]);
    shop = await createTestShop('sqlite', { serveWeb: true, env: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('sends the brotli or gzip file made at build time, cached for a year, and the plain file otherwise', async () => {
    const url = '/assets/app-abc123.js';
    const br = await shop.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await shop.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await shop.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves a file with no compressed twin as it is, and revalidates index.html on every load', async () => {
    const tiny = await shop.app.inject({ url: '/assets/tiny-abc123.js' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.body).toBe('export{};\n');
    const index = await shop.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.rawPayload).toString()).toContain('Ghee Shop');
  });
});
