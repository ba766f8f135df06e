// Attack suite: a 977 KB `{"items":[1,1,…]}` to codorder held the event loop 280–440 ms (JSON.parse and the
// schema walking half a million entries), and four loops of it moved the catalogue's median from 2 ms to 584 ms.
// Orders and quotes now take 64 KB, sign-in calls 16 KB, and every JSON body is refused while it streams in once a
// list or object passes 1,000 entries or the body 20,000 values, before any parser runs.
import { describe, expect, it } from 'vitest';
import { JSON_MAX_ENTRIES, JSON_MAX_VALUES, jsonShapeProblem } from '../../src/server/http/json-body';
import { startLoopBlockProbe } from '../support/loop-block-probe';
import { describeEachDatabase, useTestShop, type TestUser } from '../support/test-shop';
import { expectNoServerError } from './attack-support';

/** `{"items":[1,1,…]}` of about `bytes` bytes. */
const wideItems = (bytes: number, key = 'items') => `{"${key}":[${Array.from({ length: Math.floor(bytes / 2) }, () => '1').join(',')}]}`;
/** Lists of 999 entries side by side: each within the per-list cap, together far over the values cap. */
const manyLists = (bytes: number) => {
  const list = `[${Array.from({ length: 999 }, () => '1').join(',')}]`;
  return `{"pincodesAllowed":[${Array.from({ length: Math.floor(bytes / (list.length + 1)) }, () => list).join(',')}]}`;
};

describe('the shape scan', () => {
  it('counts the entries of each list and object, and every value, outside strings only', () => {
    const list = (n: number) => `[${Array.from({ length: n }, () => '1').join(',')}]`;
    expect(jsonShapeProblem(list(JSON_MAX_ENTRIES))).toBeNull();
    expect(jsonShapeProblem(list(JSON_MAX_ENTRIES + 1))?.code).toBe('JSON_TOO_WIDE');
    const object = `{${Array.from({ length: JSON_MAX_ENTRIES + 1 }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(jsonShapeProblem(object)?.code).toBe('JSON_TOO_WIDE');
    expect(jsonShapeProblem(JSON.stringify({ note: ','.repeat(50_000) }))).toBeNull();
    // Lists within the cap, adding up past the values cap.
    const lists = Math.ceil(JSON_MAX_VALUES / 900) + 1;
    expect(jsonShapeProblem(`[${Array.from({ length: lists }, () => list(900)).join(',')}]`)?.message).toMatch(/values/);
  });
});

describeEachDatabase('attack: wide JSON bodies', (dialect) => {
  const set = useTestShop(dialect);

  const send = (method: 'POST' | 'PUT', url: string, payload: string, auth: TestUser = set.customer) =>
    set.shop.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...auth.auth } });

  it('orders and quotes take 64 KB, sign-in calls 16 KB: a 977 KB wide body is a 413 that says the limit', async () => {
    const body = wideItems(977 * 1024);
    for (const url of ['/api/checkout/codorder', '/api/checkout/createorder', '/api/checkout/quote']) {
      const res = await send('POST', url, body);
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('64 KB') });
    }
    for (const url of ['/api/account/login', '/api/account/register', '/api/account/resetpassword']) {
      const res = await send('POST', url, wideItems(20 * 1024, 'email'));
      expect(res.statusCode, url).toBe(413);
      expect(res.json<{ message: string }>().message, url).toContain('16 KB');
    }
  });

  it('within the size limit, a list past 1,000 entries or a body past 20,000 values is a 400 before any parsing', async () => {
    const wide = await send('POST', '/api/checkout/codorder', wideItems(60 * 1024));
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toMatchObject({ error: 'JSON_TOO_WIDE', message: expect.stringContaining('1,000 entries') });
    for (const body of [wideItems(900 * 1024, 'pincodesAllowed'), manyLists(900 * 1024)]) {
      const res = await send('PUT', '/api/settings/delivery', body, set.admin);
      expectNoServerError(res, 'delivery settings');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('JSON_TOO_WIDE');
    }
  });

  it('four loops of wide bodies do not hold the event loop, and the catalogue keeps answering', async () => {
    const bodies: ['POST' | 'PUT', string, string, TestUser][] = [
      ['POST', '/api/checkout/codorder', wideItems(977 * 1024), set.customer],
      ['POST', '/api/checkout/quote', wideItems(60 * 1024), set.customer],
      ['PUT', '/api/settings/delivery', wideItems(977 * 1024, 'pincodesAllowed'), set.admin],
      ['PUT', '/api/settings/delivery', manyLists(977 * 1024), set.admin],
    ];
    // Warm up the routes first, so the probe sees the work of refusing, not the first compilation of each path.
    for (const [method, url, body, who] of bodies) await send(method, url, body, who);
    const probe = startLoopBlockProbe();
    await Promise.all(
      bodies.map(async ([method, url, body, who]) => {
        for (let i = 0; i < 5; i++) expect((await send(method, url, body, who)).statusCode).toBeGreaterThanOrEqual(400);
      }),
    );
    const report = probe.stop();
    // JSON.parse of one such body took 30–250 ms; refusing it is a scan that stops early. A margin for a busy machine.
    expect(report.longestBlockMs).toBeLessThan(40);
    expect((await set.shop.app.inject('/api/public/product')).statusCode).toBe(200);
  });
});
