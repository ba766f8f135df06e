import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';

const valid = {
  name: 'Buffalo Ghee Weight Test',
  description: 'Slow-cooked buffalo milk ghee.',
  offerpercentage: 0,
  instock: true,
  price: [250, 450],
  quantitysize: [200, 500],
  quantity: 500,
};

describeEachDatabase('packed weight per size in the studio', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  it('starts from the size, is set per size, kept when left out, and checked', async () => {
    const created = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: valid });
    expect(created.statusCode, created.body).toBe(201);
    // 0.91 g of ghee per ml and 150 g of jar and box.
    expect(created.json().weightGrams).toEqual([332, 605]);
    const id = created.json()._id as string;
    const put = (body: object) => shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.auth, payload: { ...valid, ...body } });
    expect((await put({ weightGrams: [340, 640] })).json().weightGrams).toEqual([340, 640]);
    expect((await put({ price: [260, 450] })).json().weightGrams).toEqual([340, 640]);
    expect((await put({ price: [260, 450, 800], quantitysize: [200, 500, 1000] })).json().weightGrams).toEqual([340, 640, 1060]);
    const short = await put({ weightGrams: [340] });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/one packed weight for each size/);
    expect((await put({ weightGrams: [0, 640] })).statusCode).toBe(400);
  });
});
