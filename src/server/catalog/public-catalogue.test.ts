import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '../../domain/schemas/product';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { CATALOGUE_CACHE_TTL_MS, PUBLIC_CATALOGUE_CACHE_CONTROL } from './routes';

const product = {
  name: 'Cache Test Ghee',
  description: '',
  offerpercentage: 5,
  instock: true,
  ratings: 1,
  ratingStar: 5,
  price: [120],
  quantitysize: [100],
  quantity: 100,
};

describeEachDatabase('public product list', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  const list = (headers: Record<string, string> = {}) => shop.app.inject({ url: '/api/public/product', headers });

  it('answers the catalogue with an ETag and a short Cache-Control, to anyone', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.headers['cache-control']).toBe(PUBLIC_CATALOGUE_CACHE_CONTROL);
    const products = z.array(productSchema).parse(res.json());
    expect(products.length).toBeGreaterThan(0);
  });

  it('answers 304 with no body when the list has not changed, in strong, weak or listed form', async () => {
    const first = await list();
    const etag = first.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await list({ 'if-none-match': header });
      expect(again.statusCode, header).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(PUBLIC_CATALOGUE_CACHE_CONTROL);
    }
    expect((await list({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('drops the cached list on every change, so the old tag no longer matches', async () => {
    const before = await list();
    const etag = before.headers.etag as string;
    const created = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: product });
    expect(created.statusCode).toBe(201);
    const after = await list({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().map((p: { name: string }) => p.name)).toContain(product.name);

    const id = created.json()._id as string;
    const tagAfterCreate = after.headers.etag as string;
    await shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.auth, payload: { ...product, instock: false } });
    const afterUpdate = await list({ 'if-none-match': tagAfterCreate });
    expect(afterUpdate.statusCode).toBe(200);
    expect(afterUpdate.json().find((p: { _id: string }) => p._id === id).instock).toBe(false);

    await shop.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: admin.auth });
    const afterDelete = await list({ 'if-none-match': afterUpdate.headers.etag as string });
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json().some((p: { _id: string }) => p._id === id)).toBe(false);
  });

  it('sees a change made by another process within a few seconds', async () => {
    // A change through this process drops the cache, so the next list is loaded fresh, now.
    await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: { ...product, name: 'Fresh Ghee' } });
    const before = await list();
    // Another process writes straight to the shared database; this one is not told.
    await shop.app.ctx.db.updateTable('products').set({ description: 'Changed elsewhere' }).execute();
    const soon = await list({ 'if-none-match': before.headers.etag as string });
    expect(soon.statusCode).toBe(304);
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_CACHE_TTL_MS + 100));
    const later = await list({ 'if-none-match': before.headers.etag as string });
    expect(later.statusCode).toBe(200);
    expect(later.json().every((p: { description: string }) => p.description === 'Changed elsewhere')).toBe(true);
  });

  it('gives the same tag for the same content, as every process would', async () => {
    const a = await list();
    const b = await list();
    expect(a.headers.etag).toBe(b.headers.etag);
  });
});
