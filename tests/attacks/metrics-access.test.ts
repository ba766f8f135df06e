// Attack suite: /metrics names every route, its traffic and the shop's order volume; a stranger must not read it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../support/test-shop';

const TOKEN = 'a-metrics-token-of-enough-length';

describeEachDatabase('attack: reading /metrics', (dialect) => {
  let open: TestShop;
  let closed: TestShop;
  beforeAll(async () => {
    closed = await createTestShop(dialect);
    open = await createTestShop(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
  });

  it('without METRICS_TOKEN, /metrics is a 404 whatever is sent', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${TOKEN}`, 'Bearer undefined']) {
      const res = await closed.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, authorization).toBe(404);
      expect(res.json<{ error: string }>().error).toBe('NOT_FOUND');
      expect(res.body).not.toMatch(/http_requests_total/);
    }
  });

  it('with METRICS_TOKEN, only the exact bearer token reads the metrics', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${TOKEN.slice(0, -1)}`, `bearer${TOKEN}`, TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await open.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toMatch(/http_requests_total/);
    }
    const res = await open.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
