// Attack suite: cross-origin reads once CORS_ORIGINS opens the API to a client served elsewhere (DESIGN.md §7.4).
// Only the exact origins listed get a grant, never with credentials; every other origin, look-alikes included, gets
// no CORS header at all; unset, the shop answers no cross-origin request with a grant.
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

const ALLOWED = 'https://original-client.example';
const SECOND = 'http://localhost:5173';
const LOOKALIKES = [
  'https://evil.example',
  'https://original-client.example.evil.example',
  'https://evil-original-client.example',
  'http://original-client.example',
  'https://original-client.example:8443',
  'https://ORIGINAL-CLIENT.example',
  'null',
];

const corsHeaders = (res: LightMyRequestResponse) => Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));

function preflight(shop: TestShop, origin: string, url = '/api/checkout/codorder', method = 'POST') {
  return shop.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
  });
}

describeEachDatabase('attack: cross-origin reads with CORS_ORIGINS', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { CORS_ORIGINS: ` ${ALLOWED} , ${SECOND}` }, logger: { level: 'error' } });
    customer = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  it('a preflight from a listed origin is granted the four methods and the two headers, without credentials', async () => {
    for (const origin of [ALLOWED, SECOND]) {
      const res = await preflight(shop, origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
      expect(res.headers['access-control-allow-headers']).toBe('Content-Type, Authorization');
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/Origin/);
    }
  });

  it('a preflight from any other origin, look-alikes included, gets no grant and never reaches a route', async () => {
    for (const origin of LOOKALIKES) {
      const res = await preflight(shop, origin);
      expect(res.statusCode, origin).toBe(404);
      expect(corsHeaders(res), origin).toEqual([]);
    }
    expect((await shop.app.inject({ method: 'OPTIONS', url: '/api/checkout/codorder' })).statusCode).toBe(404);
  });

  it('answers, errors too, carry the grant for a listed origin only, and never allow credentials', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/public/product' },
      { method: 'GET' as const, url: '/api/order', headers: customer.auth },
      { method: 'GET' as const, url: '/api/order' },
      { method: 'POST' as const, url: '/api/account/login', payload: { email: 'x@example.in', password: 'wrong-pass' } },
    ];
    for (const call of calls) {
      const granted = await shop.app.inject({ ...call, headers: { ...call.headers, origin: ALLOWED } });
      expect(granted.headers['access-control-allow-origin'], `${call.method} ${call.url} ${granted.statusCode}`).toBe(ALLOWED);
      expect(granted.headers['access-control-allow-credentials']).toBeUndefined();
      for (const origin of LOOKALIKES) {
        const refused = await shop.app.inject({ ...call, headers: { ...call.headers, origin } });
        expect(corsHeaders(refused), `${origin} ${call.url}`).toEqual([]);
      }
    }
  });

  it('a cached answer varies by Origin as well as by encoding, so a cache never hands one origin\'s grant to another', async () => {
    const res = await shop.app.inject({ url: '/api/public/product', headers: { origin: ALLOWED, 'accept-encoding': 'br' } });
    const vary = String(res.headers.vary).toLowerCase().split(/\s*,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });
});

describe('attack: cross-origin reads with CORS_ORIGINS unset [sqlite]', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('sqlite', { logger: { level: 'error' } });
  });
  afterAll(async () => shop.close());

  it('same origin only: no CORS header on any answer or preflight, whatever the origin', async () => {
    for (const origin of [ALLOWED, ...LOOKALIKES]) {
      expect(corsHeaders(await preflight(shop, origin)), origin).toEqual([]);
      expect(corsHeaders(await shop.app.inject({ url: '/api/public/product', headers: { origin } })), origin).toEqual([]);
    }
    expect((await shop.app.inject('/api/public/product')).headers.vary).toBe('Accept-Encoding');
  });
});

describe('CORS_ORIGINS configuration', () => {
  const base = { DATA_DIR: path.join(os.tmpdir(), 'ghee-config-test'), JWT_SECRET: 'x'.repeat(40) };

  it('takes a comma-separated list of exact origins, trimmed, without duplicates', () => {
    expect(loadConfig({ ...base, CORS_ORIGINS: `${ALLOWED}, ${SECOND},${ALLOWED}` }).CORS_ORIGINS).toEqual([ALLOWED, SECOND]);
    expect(loadConfig(base).CORS_ORIGINS).toEqual([]);
    expect(loadConfig({ ...base, CORS_ORIGINS: '' }).CORS_ORIGINS).toEqual([]);
  });

  it('refuses a wildcard, a path, a trailing slash or another scheme, naming the value', () => {
    for (const bad of ['*', `${ALLOWED}/`, `${ALLOWED}/shop`, 'original-client.example', 'ftp://original-client.example', 'https://*.example']) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS: .* is not an exact origin/);
    }
  });
});
