import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';

const valid = {
  name: 'Buffalo Ghee Tax Test',
  description: 'Slow-cooked buffalo milk ghee.',
  offerpercentage: 0,
  instock: true,
  ratings: 0,
  ratingStar: 5,
  price: [250, 450],
  quantitysize: [200, 500],
  quantity: 500,
};

describeEachDatabase('product tax and label fields', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  const publicProducts = async () => (await shop.app.inject('/api/public/product')).json() as Record<string, unknown>[];

  it('seeds every product with HSN 0405, 5% GST, 9 months and India, in the public answer', async () => {
    const products = await publicProducts();
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p).toMatchObject({ hsn: '0405', gstRate: 5, bestBeforeMonths: 9, countryOfOrigin: 'India' });
    }
  });

  it('saves the fields from the studio and validates them', async () => {
    const created = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: valid });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ hsn: '0405', gstRate: 5 });
    const id = created.json()._id as string;
    const put = (body: object) => shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.auth, payload: { ...valid, ...body } });
    const saved = await put({ hsn: '04059020', gstRate: 18, bestBeforeMonths: 6, countryOfOrigin: 'Nepal' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicProducts()).find((p) => p._id === id)).toMatchObject({
      hsn: '04059020', gstRate: 18, bestBeforeMonths: 6, countryOfOrigin: 'Nepal',
    });
    const bad = await put({ hsn: '04A', gstRate: 7, bestBeforeMonths: 0, countryOfOrigin: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      hsn: 'HSN code must be 4 to 8 digits',
      gstRate: 'GST rate must be one of 0, 0.25, 3, 5, 18, 40 percent',
      countryOfOrigin: 'Country of origin is required',
    });
    expect(bad.json().fields.bestBeforeMonths).toMatch(/months/);
    expect((await put({ hsn: '123456789' })).statusCode).toBe(400);
    // The slabs since 22 September 2025: 12% and 28% are gone, fractions are kept exactly on both databases.
    expect((await put({ gstRate: 12 })).statusCode).toBe(400);
    expect((await put({ gstRate: 0.25 })).statusCode).toBe(200);
    expect((await publicProducts()).find((p) => p._id === id)).toMatchObject({ gstRate: 0.25 });
  });
});
