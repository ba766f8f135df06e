// Attack suite: a 1 MB body nested 520,000 levels deep held the event loop for a long time per request, so a few
// loops of it (through /sandbox/pay, which needs no login, or codorder) stalled every other customer (bench/README.md).
// Nesting past 32 levels is refused with a 400 while the body streams in, before any parser builds a tree.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from 'vitest';
import { JSON_MAX_DEPTH, jsonShapeProblem } from '../../src/server/http/json-body';
import { startLoopBlockProbe } from '../support/loop-block-probe';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';
import { expectNoServerError } from './attack-support';

const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels);
const withinJsonDepth = (text: string) => jsonShapeProblem(text)?.code !== 'JSON_TOO_DEEP';

describe('the nesting scan', () => {
  it('counts objects and arrays, and nothing inside strings or after escaped quotes', () => {
    expect(withinJsonDepth(nested(JSON_MAX_DEPTH))).toBe(true);
    expect(withinJsonDepth(nested(JSON_MAX_DEPTH + 1))).toBe(false);
    expect(withinJsonDepth('{"a":'.repeat(33) + '1' + '}'.repeat(33))).toBe(false);
    expect(withinJsonDepth(JSON.stringify({ note: '[[[[{{{{'.repeat(100), quoted: 'say \\"[[[[[[" and {{{{{{{{'.repeat(20) }))).toBe(true);
    // Siblings do not add up: depth, not count.
    expect(withinJsonDepth(`[${Array.from({ length: 999 }, () => nested(30)).join(',')}]`)).toBe(true);
  });
});

describeEachDatabase('attack: hostile JSON nesting', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    customer = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  const post = (method: 'POST' | 'PUT', url: string, payload: string) =>
    shop.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...customer.auth } });
  const ROUTES: ['POST' | 'PUT', string][] = [
    ['POST', '/api/account/login'],
    ['POST', '/api/account/register'],
    ['POST', '/api/checkout/codorder'],
    ['POST', '/api/checkout/createorder'],
    ['PUT', '/api/checkout/updateorder'],
    ['POST', '/api/checkout/webhook'],
    ['POST', '/sandbox/pay'],
    ['PUT', '/api/account/profile'],
  ];

  it('33 levels is a 400 JSON_TOO_DEEP on every route that reads JSON, the webhook and the sandbox included', async () => {
    for (const [method, url] of ROUTES) {
      for (const body of [nested(33), '{"a":'.repeat(33) + '1' + '}'.repeat(33), `{"items":${nested(40)}}`]) {
        const res = await post(method, url, body);
        expectNoServerError(res, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ error: 'JSON_TOO_DEEP', message: expect.stringMatching(/32 levels/) });
        // The rest of a refused body is not read: the connection closes.
        expect(res.headers.connection, url).toBe('close');
      }
      // 32 levels reach the route's own checks.
      const fine = await post(method, url, nested(32));
      expect(fine.json<{ error?: string }>().error, url).not.toBe('JSON_TOO_DEEP');
    }
  });

  it('a 1 MB body 520,000 levels deep is refused without holding the event loop, and the shop keeps answering', async () => {
    const hostile = nested(520_000);
    const probe = startLoopBlockProbe();
    for (const [method, url] of ROUTES) {
      const res = await post(method, url, hostile);
      // Calls that take 64 KB or less refuse it by its length; the webhook and the sandbox (1 MB) by its nesting.
      const expected = ['/api/checkout/webhook', '/sandbox/pay'].includes(url) ? [400, 'JSON_TOO_DEEP'] : [413, 'PAYLOAD_TOO_LARGE'];
      expect([res.statusCode, res.json<{ error: string }>().error], url).toEqual(expected);
    }
    const report = probe.stop();
    // The parser held the loop longer than this per such body; the scan stops at byte 33. A wide margin for a
    // loaded machine.
    expect(report.longestBlockMs).toBeLessThan(300);
    expect((await shop.app.inject('/api/public/product')).statusCode).toBe(200);
  });
});
