import { afterAll, beforeAll, expect, it } from 'vitest';
import { averageOf, type Histogram } from '../../domain/schemas/review';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { insertOrder } from '../../../tests/support/test-orders';

describeEachDatabase('review figures under concurrent moderation', (dialect) => {
  let shop: TestShop;
  let admins: TestUser[];
  let productId: number;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    const owner = await adminOf(shop);
    admins = [owner, await adminOf(shop)];
    productId = (await shop.app.ctx.db.selectFrom('products').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => shop.close());

  /** What the stored figures must be: a fresh count of the published reviews. */
  async function recount() {
    const rows = await shop.app.ctx.db.selectFrom('reviews').select('rating').where('product_id', '=', productId).where('status', '=', 'PUBLISHED').execute();
    const histogram: Histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    for (const r of rows) histogram[String(r.rating) as keyof Histogram] += 1;
    return { histogram, ...averageOf(histogram) };
  }
  async function stored() {
    const p = await shop.app.ctx.db
      .selectFrom('products')
      .select(['ratings', 'rating_star', 'stars_1', 'stars_2', 'stars_3', 'stars_4', 'stars_5'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return { count: p.ratings, average: Number(p.rating_star), histogram: { '1': p.stars_1, '2': p.stars_2, '3': p.stars_3, '4': p.stars_4, '5': p.stars_5 } };
  }

  it('keeps the stored count, average and histogram exact when admins publish and hide while customers edit', async () => {
    for (let round = 0; round < 3; round += 1) {
      const buyers = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const user = await createTestUser(shop, { username: `Buyer ${round}-${i}` });
          await insertOrder(shop.app.ctx.db, { userId: user.id, lines: [{ productId, size: 500, qty: 1, price: 500 }], status: 'DELIVERED' });
          return user;
        }),
      );
      const write = (user: TestUser, rating: number) =>
        shop.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, headers: user.auth, payload: { rating, text: `Round ${round}` } });
      const ids: number[] = [];
      for (const [i, user] of buyers.entries()) ids.push((await write(user, (i % 5) + 1)).json().id);

      const moderate = (id: number, n: number, body: object) =>
        shop.app.inject({ method: 'PUT', url: `/api/reviews/${id}`, headers: admins[n % 2]?.auth ?? {}, payload: body });
      // Every review published by both admins at once, half of them hidden again, while the first three buyers edit.
      const results = await Promise.all([
        ...ids.map((id, n) => moderate(id, n, { status: 'PUBLISHED' })),
        ...ids.map((id, n) => moderate(id, n + 1, { status: 'PUBLISHED' })),
        ...ids.filter((_, n) => n % 2 === 0).map((id, n) => moderate(id, n, { status: 'HIDDEN', reason: 'SPAM' })),
        ...buyers.slice(0, 3).map((user) => write(user, 5)),
      ]);
      expect(results.map((r) => r.statusCode).every((s) => s === 200 || s === 201)).toBe(true);
      const truth = await recount();
      expect(await stored()).toEqual({ count: truth.count, average: truth.average, histogram: truth.histogram });
      const listed = (await shop.app.inject('/api/public/product')).json().find((p: { _id: string }) => p._id === String(productId));
      expect({ ratings: listed.ratings, ratingStar: listed.ratingStar }).toEqual({ ratings: truth.count, ratingStar: truth.average });
    }
  });
});
