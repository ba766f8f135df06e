// Attack suite: getting round the sign-in rate limits by faking the client address (ASVS V6.3.1 anti-automation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../support/test-shop';

const LIMIT = 3;

async function statuses(shop: TestShop, attempts: { remote: string; forwarded?: string }[]): Promise<number[]> {
  const out: number[] = [];
  for (const [i, attempt] of attempts.entries()) {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/account/resetpassword',
      payload: { email: `probe${i}@example.in` },
      remoteAddress: attempt.remote,
      headers: attempt.forwarded ? { 'x-forwarded-for': attempt.forwarded } : {},
    });
    out.push(res.statusCode);
  }
  return out;
}

describeEachDatabase('attack: rate-limit evasion', (dialect) => {
  describe('directly on the internet (TRUST_PROXY=0)', () => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await createTestShop(dialect, { env: { AUTH_RATE_LIMIT: String(LIMIT) }, logger: { level: 'error' } });
    });
    afterAll(async () => shop.close());

    it('a new X-Forwarded-For on every request does not reset the per-IP count', async () => {
      const attempts = Array.from({ length: 6 }, (_, i) => ({ remote: '198.51.100.10', forwarded: `203.0.113.${i + 1}` }));
      expect(await statuses(shop, attempts)).toEqual([200, 200, 200, 429, 429, 429]);
    });

    it('X-Real-IP and Forwarded headers are not trusted either', async () => {
      const out: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await shop.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { email: `probe${i}@example.in`, password: 'whatever1' },
          remoteAddress: '198.51.100.11',
          headers: { 'x-real-ip': `203.0.113.${i}`, forwarded: `for=203.0.113.${i}`, 'x-client-ip': `203.0.113.${i}` },
        });
        out.push(res.statusCode);
      }
      expect(out).toEqual([401, 401, 401, 429, 429]);
    });
  });

  describe('behind one proxy (TRUST_PROXY=1)', () => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await createTestShop(dialect, { env: { AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '1' }, logger: { level: 'error' } });
    });
    afterAll(async () => shop.close());

    it('addresses the client prepends to X-Forwarded-For are ignored: only the hop the proxy added counts', async () => {
      const attempts = Array.from({ length: 5 }, (_, i) => ({ remote: '10.0.0.2', forwarded: `203.0.113.${i + 1}, 198.51.100.20` }));
      expect(await statuses(shop, attempts)).toEqual([200, 200, 200, 429, 429]);
    });

    it('different real clients behind the proxy keep separate counts', async () => {
      const attempts = Array.from({ length: 4 }, (_, i) => ({ remote: '10.0.0.2', forwarded: `198.51.100.${30 + i}` }));
      expect(await statuses(shop, attempts)).toEqual([200, 200, 200, 200]);
    });
  });
});
