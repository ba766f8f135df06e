import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '../domain/schemas/product';
import { createTestShop, describeEachDatabase, type TestShop } from '../../tests/support/test-shop';

describeEachDatabase('foundation HTTP behaviour', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      env: { METRICS_TOKEN: 'metrics-token-for-tests-0123' },
      beforeReady(app) {
        app.post('/api/test/echo', { schema: { body: z.strictObject({ name: z.string().min(1, 'Name is required') }) } }, async (request) => request.body);
      },
    });
  });
  afterAll(async () => shop.close());

  it('answers liveness and readiness', async () => {
    expect((await shop.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await shop.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: dialect });
  });

  it('serves the seeded catalogue in the product shape', async () => {
    const res = await shop.app.inject('/api/public/product');
    expect(res.statusCode).toBe(200);
    const products = z.array(productSchema).parse(res.json());
    expect(products.length).toBeGreaterThanOrEqual(4);
    for (const p of products) {
      expect(p.price.length).toBe(p.quantitysize.length);
      expect(p.quantitysize).toContain(p.quantity);
    }
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'INVALID_JSON', message: expect.any(String) });
  });

  it('answers a schema violation with 400 and the message under its field', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'VALIDATION_FAILED', message: 'Name is required', fields: { name: 'Name is required' } });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'text/plain' }, payload: 'name=x' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x'.repeat(1_100_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const res = await shop.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND', message: expect.stringContaining('/api/nope') });
  });

  it('sets security headers and a request id', async () => {
    const res = await shop.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('describes the API as OpenAPI generated from the route schemas', async () => {
    const res = await shop.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/test/echo'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('name');
  });

  it('exposes Prometheus metrics with request counts and business gauges', async () => {
    await shop.app.inject('/healthz');
    const res = await shop.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-tests-0123' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(res.body).toMatch(/shop_orders_placed_total 0/);
    expect(res.body).toMatch(/shop_mails_pending \d+/);
  });

  it('keeps exactly one settings row and seeds nothing twice', async () => {
    const { seedDatabase } = await import('./seed/seed');
    await seedDatabase(shop.app.ctx.db, shop.config, shop.app.log, { images: false });
    const db = shop.app.ctx.db;
    const count = async (table: 'settings' | 'products' | 'email_templates' | 'users') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('settings')).toBe(1);
    // One default template per order status.
    expect(await count('email_templates')).toBe(6);
    expect(await count('users')).toBe(1);
    const before = await count('products');
    await seedDatabase(db, shop.config, shop.app.log, { images: false });
    expect(await count('products')).toBe(before);
  });
});
