import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '../../domain/schemas/product';
import { withMigrationDb } from '../../../tests/support/migration-db';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';

const body = (name: string) => ({ name, description: '', offerpercentage: 0, instock: true, ratings: 0, ratingStar: 5, price: [300], quantitysize: [250], quantity: 250 });

describeEachDatabase('product slugs', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  it('gives products created at the same moment with names that slugify alike distinct slugs (race)', async () => {
    const names = ['Race Ghee', 'Race-Ghee', 'race ghee!', 'RACE  ghee?', 'Race Ghée', '(Race) Ghee'];
    const answers = await Promise.all(
      names.map((name) => shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: body(name) })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const list = (await shop.app.inject('/api/public/product')).json() as Product[];
    const slugs = list.filter((p) => names.includes(p.name)).map((p) => p.slug);
    expect(new Set(slugs)).toEqual(new Set(['race-ghee', 'race-ghee-2', 'race-ghee-3', 'race-ghee-4', 'race-ghee-5', 'race-ghee-6']));
  });

  it('gives products renamed at the same moment to names that slugify alike distinct slugs (race)', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: body(`Plain Ghee ${n}`) });
      ids.push((res.json() as { _id: string })._id);
    }
    const names = ['Twin Ghee', 'Twin-Ghee', 'twin ghee!', 'TWIN ghee?', 'Twin Ghée'];
    const answers = await Promise.all(
      ids.map((id, i) => shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.auth, payload: body(names[i] ?? '') })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const list = (await shop.app.inject('/api/public/product')).json() as Product[];
    const slugs = list.filter((p) => ids.includes(p._id)).map((p) => p.slug);
    expect(new Set(slugs)).toEqual(new Set(['twin-ghee', 'twin-ghee-2', 'twin-ghee-3', 'twin-ghee-4', 'twin-ghee-5']));
  });

  it('lets a new product take a slug that only redirected before: current pages win over old links', async () => {
    const first = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: body('Moonlit Ghee') });
    const id = (first.json() as { _id: string })._id;
    await shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.auth, payload: body('Sunlit Ghee') });
    expect((await shop.app.inject('/products/moonlit-ghee')).headers.location).toBe('/products/sunlit-ghee');
    const second = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: body('Moonlit Ghee') });
    expect(second.statusCode, second.body).toBe(201);
    expect((await shop.app.inject('/products/moonlit-ghee')).statusCode).toBe(200);
    // Deleting the renamed product takes its old addresses with it.
    await shop.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: admin.auth });
    expect((await shop.app.inject('/products/sunlit-ghee')).statusCode).toBe(404);
  });
});

describeEachDatabase('migration 0011-product-slugs', (dialect) => {
  it('gives the products of an existing shop slugs from their names, in display order', async () => {
    await withMigrationDb(dialect, async ({ handle, migrateTo, migrateToLatest }) => {
      await migrateTo('0009-paging-by-month');
      const now = new Date().toISOString();
      for (const [position, name] of ['Cow Ghee', 'Buffalo Ghee', 'Cow-Ghee'].entries()) {
        await sql`insert into products (name, default_size, position, created_at, updated_at) values (${name}, 250, ${position}, ${now}, ${now})`.execute(handle.db);
      }
      await migrateToLatest();
      const rows = await handle.db.selectFrom('products').select(['name', 'slug']).orderBy('position').execute();
      expect(rows).toEqual([
        { name: 'Cow Ghee', slug: 'cow-ghee' },
        { name: 'Buffalo Ghee', slug: 'buffalo-ghee' },
        { name: 'Cow-Ghee', slug: 'cow-ghee-2' },
      ]);
    });
  });
});
