// Attack suite: a shared computer's browser cache, or a proxy, keeping a customer's or an admin's answers (DESIGN.md §7.1).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';
import { PUBLIC_API, concreteUrl, listRoutes, routeKey } from './attack-support';

describeEachDatabase('attack: private answers left in a cache', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  it('every caller-dependent or admin call answers Cache-Control: no-store, whatever its status', async () => {
    const routes = listRoutes(shop.app).filter((r) => r.url.startsWith('/api/') && !PUBLIC_API.has(routeKey(r)));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      // The admin's token and no body, on a shop of its own: a write answers 400, a DELETE may remove a seeded row.
      if (routeKey(route) === 'POST /api/account/logout' || routeKey(route) === 'POST /api/account/logout-all') continue;
      const res = await shop.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url), headers: admin.auth });
      expect(res.headers['cache-control'], `${routeKey(route)} answered ${res.statusCode}`).toBe('no-store');
      const anonymous = await shop.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url) });
      expect(anonymous.headers['cache-control'], `${routeKey(route)} anonymous`).toBe('no-store');
    }
  });

  it('the answers carrying a token (login, register) and the customer\'s order list, 200 and 304 alike', async () => {
    const user: TestUser = await createTestUser(shop);
    const login = await shop.app.inject({ method: 'POST', url: '/api/account/login', payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const orders = await shop.app.inject({ method: 'GET', url: '/api/order', headers: user.auth });
    expect(orders.headers['cache-control']).toBe('no-store');
    const again = await shop.app.inject({ method: 'GET', url: '/api/order', headers: { ...user.auth, 'if-none-match': String(orders.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-store');
    for (const [method, url] of [['POST', '/api/account/logout'], ['POST', '/api/account/logout-all']] as const) {
      expect((await shop.app.inject({ method, url, headers: user.auth })).headers['cache-control'], url).toBe('no-store');
    }
  });
});
