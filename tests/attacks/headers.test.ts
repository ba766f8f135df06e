// Attack suite: browser-side defences in the response headers (ASVS V3.4): a CSP that forbids injected script
// yet lets Razorpay's and the sandbox's checkout run, framing, sniffing, referrers and cross-origin reads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../support/test-shop';

/** The CSP header as a map of directive to sources. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describeEachDatabase('attack: security headers and the content security policy', (dialect) => {
  let shop: TestShop;
  let webDir: string;

  beforeAll(async () => {
    // A stand-in for the built app, so the page itself is served with the same headers as in production.
    webDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Ghee Shop</title><div id="root"></div>');
    shop = await createTestShop(dialect, { serveWeb: true, env: { WEB_DIST: webDir }, logger: { level: 'error' } });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const responses = async () => ({
    page: await shop.app.inject('/'),
    deepLink: await shop.app.inject('/orders'),
    api: await shop.app.inject('/api/public/product'),
    apiError: await shop.app.inject({ method: 'POST', url: '/api/account/login', payload: {} }),
    notFound: await shop.app.inject('/api/nope'),
    sandbox: await shop.app.inject('/sandbox/checkout.js'),
  });

  it('the page, its deep links and the sandbox script carry the CSP and every hardening header', async () => {
    const { page, deepLink, sandbox } = await responses();
    for (const [kind, res] of Object.entries({ page, deepLink, sandbox })) {
      expect(res.headers['content-security-policy'], kind).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(res.headers['x-frame-options'], kind).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], kind).toMatch(/max-age=\d{7,}/);
      expect(res.headers['referrer-policy'], kind).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], kind).toBe('same-origin-allow-popups');
      expect(res.headers['x-powered-by'], kind).toBeUndefined();
      expect(res.headers.server, kind).toBeUndefined();
    }
  });

  it('every API answer, errors too, carries a policy that allows nothing and the same hardening', async () => {
    const { api, apiError, notFound } = await responses();
    for (const [kind, res] of Object.entries({ api, apiError, notFound })) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src'), kind).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), kind).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(res.headers['x-frame-options'], kind).toBe('DENY');
      expect(res.headers['strict-transport-security'], kind).toMatch(/max-age=\d{7,}/);
      expect(res.headers['referrer-policy'], kind).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], kind).toBe('same-origin');
      expect(res.headers['x-powered-by'], kind).toBeUndefined();
      expect(res.headers.server, kind).toBeUndefined();
    }
  });

  it('the CSP forbids inline and injected script, plugins, framing by others and foreign form targets', async () => {
    const csp = directives((await shop.app.inject('/')).headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*', 'http:', 'https:']) expect(scripts).not.toContain(unsafe);
    expect(csp.has('script-src-attr') ? csp.get('script-src-attr') : ["'none'"]).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    for (const sources of csp.values()) expect(sources).not.toContain('*');
  });

  it("the CSP lets Razorpay's checkout load its script, open its frames and call its API, and nothing else foreign", async () => {
    const csp = directives((await shop.app.inject('/')).headers['content-security-policy']);
    expect(csp.get('script-src')).toContain('https://checkout.razorpay.com');
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://api.razorpay.com', 'https://checkout.razorpay.com']));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://*.razorpay.com']));
    const foreign = [...csp.values()].flat().filter((s) => s.startsWith('https://'));
    for (const source of foreign) expect(source).toMatch(/^https:\/\/([a-z*]+\.)*(razorpay\.com|sanity\.io)$/);
  });

  it("the sandbox's checkout script is same-origin, so script-src 'self' admits it", async () => {
    const config = (await shop.app.inject('/api/checkout/config')).json() as { scriptUrl: string };
    expect(config.scriptUrl).toBe('/sandbox/checkout.js');
    const script = await shop.app.inject(config.scriptUrl);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    // No inline handlers or eval in the dialog, which the CSP would block.
    expect(script.body).not.toMatch(/\beval\(|new Function\(|\son[a-z]+=["']|innerHTML\s*=/);
  });

  it('a foreign origin gets no CORS grant, so another site cannot read API answers with the user token', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/public/product', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await shop.app.inject({
      method: 'OPTIONS',
      url: '/api/checkout/codorder',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('error answers never carry a stack trace or internals', async () => {
    const { apiError, notFound } = await responses();
    for (const res of [apiError, notFound]) expect(res.body).not.toMatch(/\bat \/|node_modules|\.ts:\d+|stack/);
  });

  describe('with Razorpay configured', () => {
    let razorpay: TestShop;
    beforeAll(async () => {
      razorpay = await createTestShop(dialect, {
        env: { RAZORPAY_KEY_ID: 'rzp_test_abc123', RAZORPAY_KEY_SECRET: 'key-secret-for-tests', RAZORPAY_WEBHOOK_SECRET: 'webhook-secret' },
        logger: { level: 'error' },
      });
    });
    afterAll(async () => razorpay.close());

    it("the script the browser is told to load comes from an origin the CSP allows, and the sandbox's pay call is gone", async () => {
      const config = (await razorpay.app.inject('/api/checkout/config')).json() as { scriptUrl: string };
      const res = await razorpay.app.inject('/');
      expect(directives(res.headers['content-security-policy']).get('script-src')).toContain(new URL(config.scriptUrl).origin);
      const pay = await razorpay.app.inject({ method: 'POST', url: '/sandbox/pay', payload: {} });
      expect(pay.statusCode).toBe(404);
    });
  });
});
