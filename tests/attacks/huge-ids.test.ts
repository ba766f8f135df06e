// Attack suite: ids past the database's integer columns in paths. PostgreSQL refuses to compare an `integer`
// column with 99999999999 ("out of range for type integer"), so such an id must be refused or not found before
// any query, never a 500. Every route with a path parameter is walked, with a valid body where one is needed.
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestShop, type TestUser } from '../support/test-shop';
import { expectNoServerError, listRoutes } from './attack-support';

const HUGE = '99999999999';

/** Bodies that pass each route's schema, so the id is what reaches the service. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/products/:productId/reviews': { rating: 5, text: 'Lovely ghee' },
  'PUT /api/reviews/:id': { status: 'PUBLISHED' },
  'PUT /api/reviews/:id/reply': { text: 'Thank you' },
  'PUT /api/stock/:productId/:size': { stock: 5 },
  'POST /api/stock/:productId/:size/received': { bottles: 5 },
};

describeEachDatabase('attack: ids too big for the database', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'fatal' } });

  it('an id past 2^31 in any path is a 4xx for a customer and for the admin, never a 500', async () => {
    const routes = listRoutes(set.shop.app).filter((r) => r.url.includes(':') && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, HUGE);
      const key = `${route.method} ${route.url}`;
      const payload = VALID_BODIES[key] ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      for (const who of [set.admin, set.customer]) {
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const res = await set.shop.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload }) });
        expectNoServerError(res, `${key} as ${who === set.admin ? 'admin' : 'customer'}`);
      }
    }
  });

  it('the product, review and stock calls answer 400 or 404 with a message for such an id', async () => {
    const calls: [string, string, TestUser, unknown?][] = [
      ['GET', `/api/product/${HUGE}`, set.admin],
      ['DELETE', `/api/product/${HUGE}`, set.admin],
      ['GET', `/api/public/products/${HUGE}/reviews`, set.customer],
      ['GET', `/api/products/${HUGE}/reviews/mine`, set.customer],
      ['POST', `/api/products/${HUGE}/reviews`, set.customer, { rating: 4, text: 'Good' }],
      ['PUT', `/api/reviews/${HUGE}`, set.admin, { status: 'PUBLISHED' }],
      ['PUT', `/api/reviews/${HUGE}/reply`, set.admin, { text: 'Thanks' }],
      ['PUT', `/api/stock/${HUGE}/500`, set.admin, { stock: 3 }],
      ['POST', `/api/stock/${HUGE}/500/received`, set.admin, { bottles: 3 }],
    ];
    for (const [method, url, who, payload] of calls) {
      const res = await set.shop.app.inject({ method: method as 'GET', url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect([400, 404], `${method} ${url}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(typeof res.json<{ message?: unknown }>().message).toBe('string');
    }
  });
});
