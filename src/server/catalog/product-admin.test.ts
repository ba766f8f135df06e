import { expect, it } from 'vitest';
import { z } from 'zod';
import { ROLES } from '../../domain/constants';
import { VALIDATION } from '../../domain/messages';
import { productSchema } from '../../domain/schemas/product';
import { studioProductSchema, type StudioProduct } from '../../domain/schemas/studio';
import { insertOrder } from '../../../tests/support/test-orders';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { CATALOGUE_MESSAGES } from './product-rules';

const valid = {
  name: 'Buffalo Ghee Reserve',
  description: 'Slow-cooked buffalo milk ghee.',
  offerpercentage: 10,
  instock: true,
  ratings: 12,
  ratingStar: 4,
  price: [250, 450],
  quantitysize: [200, 500],
  quantity: 500,
  hsn: '0405',
  gstRate: 5,
  bestBeforeMonths: 9,
  countryOfOrigin: 'India',
  ingredients: "Milk fat (from buffalo's milk)",
  allergens: 'Contains milk',
  vegMark: 'VEG',
  nutritionPer100g: { energyKcal: 897, fatG: 99.7, saturatedFatG: 65, transFatG: 2.5, carbohydrateG: 0, sugarsG: 0, proteinG: 0, sodiumMg: 0 },
  storage: 'Cool and dry',
};
// Sent by older callers and ignored: the figures are computed from published reviews (none here).
const unrated = { ratings: 0, ratingStar: 0 };

describeEachDatabase('product studio API', (dialect) => {
  const set = useTestShop(dialect, { customer: { roles: [ROLES.USER] } });

  const create = (body: unknown) => set.shop.app.inject({ method: 'POST', url: '/api/product', headers: set.admin.auth, payload: body as object });
  const update = (id: string, body: unknown) =>
    set.shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: set.admin.auth, payload: body as object });
  const publicList = async () => z.array(productSchema).parse((await set.shop.app.inject('/api/public/product')).json());
  let seq = 0;
  const fresh = async (overrides: Partial<typeof valid> = {}): Promise<StudioProduct> => {
    seq += 1;
    const res = await create({ ...valid, name: `Studio Ghee ${seq}`, ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return studioProductSchema.parse(res.json());
  };

  it('refuses every admin catalogue call without a token (401) and with a USER token (403)', async () => {
    const product = await fresh();
    const hash = 'a'.repeat(32);
    const calls = [
      { method: 'GET', url: '/api/product/source' },
      { method: 'GET', url: '/api/product' },
      { method: 'GET', url: `/api/product/${product._id}` },
      { method: 'POST', url: '/api/product', payload: { ...valid, name: 'Sneaky Ghee' } },
      { method: 'PUT', url: `/api/product/${product._id}`, payload: { ...valid, name: 'Sneaky Ghee' } },
      { method: 'DELETE', url: `/api/product/${product._id}` },
      { method: 'POST', url: `/api/product/${product._id}/images`, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' },
      { method: 'PUT', url: `/api/product/${product._id}/images`, payload: { order: [hash] } },
      { method: 'DELETE', url: `/api/product/${product._id}/images/${hash}` },
    ] as const;
    for (const call of calls) {
      const base = { method: call.method, url: call.url, payload: 'payload' in call ? call.payload : undefined };
      const extra = 'headers' in call ? call.headers : {};
      const anonymous = await set.shop.app.inject({ ...base, headers: { ...extra } });
      expect(anonymous.statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
      expect(anonymous.json().error).toBe('UNAUTHORIZED');
      const user = await set.shop.app.inject({ ...base, headers: { ...extra, ...set.customer.auth } });
      expect(user.statusCode, `${call.method} ${call.url} as USER`).toBe(403);
      expect(user.json().error).toBe('FORBIDDEN');
    }
    // Nothing was changed by the refused calls.
    const after = await set.shop.app.inject({ url: `/api/product/${product._id}`, headers: set.admin.auth });
    expect(after.json().name).toBe(product.name);
    expect((await publicList()).some((p) => p.name === 'Sneaky Ghee')).toBe(false);
  });

  it('creates a product, answers it in the studio shape and lists it publicly', async () => {
    const res = await create({ ...valid, name: '  Buffalo Ghee Reserve  ' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const product = studioProductSchema.parse(res.json());
    expect(product).toMatchObject({ ...valid, ...unrated, images: [], gallery: [] });
    expect(product.name).toBe('Buffalo Ghee Reserve');

    const got = await set.shop.app.inject({ url: `/api/product/${product._id}`, headers: set.admin.auth });
    expect(got.json()).toEqual(product);
    const listed = (await publicList()).find((p) => p._id === product._id);
    expect(listed).toEqual({
      ...valid,
      ...unrated,
      reviewsUpdatedAt: null,
      _id: product._id,
      images: [],
      slug: 'buffalo-ghee-reserve',
      // No size is stock-tracked: each is in stock and no count is shown.
      sizeInStock: valid.quantitysize.map(() => true),
      stockLeft: valid.quantitysize.map(() => null),
      sizeImages: valid.quantitysize.map(() => null),
    });
    const all = await set.shop.app.inject({ url: '/api/product', headers: set.admin.auth });
    expect(z.array(studioProductSchema).parse(all.json()).map((p) => p._id)).toContain(product._id);
    // The newest product is shown last.
    expect(all.json().at(-1)._id).toBe(product._id);
    const audit = await set.shop.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'product.create').execute();
    expect(audit.some((a) => a.target === product._id && a.actor_user_id === set.admin.id)).toBe(true);
  });

  it('says where the product list comes from', async () => {
    const res = await set.shop.app.inject({ url: '/api/product/source', headers: set.admin.auth });
    expect(res.json()).toEqual({ source: 'database', studioUrl: null });
  });

  const rules: [string, Record<string, unknown>, string, string][] = [
    ['a one-letter name', { name: 'A' }, 'name', VALIDATION.productNameLength],
    ['a blank name', { name: '   ' }, 'name', VALIDATION.productNameLength],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'name', VALIDATION.productNameLength],
    ['a missing name', { name: undefined }, 'name', VALIDATION.productNameLength],
    ['more prices than sizes', { price: [100, 200, 300] }, 'price', VALIDATION.pricesSizesMismatch],
    ['more sizes than prices', { quantitysize: [200, 500, 1000] }, 'price', VALIDATION.pricesSizesMismatch],
    ['no sizes or prices', { price: [], quantitysize: [] }, 'price', VALIDATION.sizesRequired],
    ['a zero price', { price: [0, 450] }, 'price.0', VALIDATION.priceInvalid],
    ['a negative price', { price: [250, -1] }, 'price.1', VALIDATION.priceInvalid],
    ['a fractional price', { price: [249.5, 450] }, 'price.0', VALIDATION.priceInvalid],
    ['a zero size', { quantitysize: [0, 500] }, 'quantitysize.0', VALIDATION.sizeInvalid],
    ['a fractional size', { quantitysize: [200, 500.5] }, 'quantitysize.1', VALIDATION.sizeInvalid],
    ['a repeated size', { quantitysize: [500, 500] }, 'quantitysize', VALIDATION.sizesNotUnique],
    ['a default size not in the list', { quantity: 1000 }, 'quantity', VALIDATION.defaultSizeNotListed],
    ['an offer of 91', { offerpercentage: 91 }, 'offerpercentage', VALIDATION.offerRange],
    ['a negative offer', { offerpercentage: -1 }, 'offerpercentage', VALIDATION.offerRange],
    ['a 2001-character description', { description: 'd'.repeat(2001) }, 'description', VALIDATION.tooLong('Description', 2000, 2001)],
  ];

  for (const [what, change, field, message] of rules) {
    it(`rejects ${what} on create and on update, with the message under ${field}`, async () => {
      const target = await fresh();
      for (const res of [await create({ ...valid, name: `Rule Ghee ${what}`, ...change }), await update(target._id, { ...valid, name: target.name, ...change })]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { [field]: message } });
      }
      const stored = await set.shop.app.inject({ url: `/api/product/${target._id}`, headers: set.admin.auth });
      expect(stored.json()).toMatchObject({ price: valid.price, quantitysize: valid.quantitysize, offerpercentage: valid.offerpercentage });
    });
  }

  it('accepts the edges of every range', async () => {
    const edge = await fresh({ offerpercentage: 90, description: 'd'.repeat(2000), price: [1], quantitysize: [1], quantity: 1 });
    expect(edge).toMatchObject({ offerpercentage: 90, price: [1], quantitysize: [1] });
    const other = await fresh({ name: 'Nn'.padEnd(100, 'n'), offerpercentage: 0 });
    expect(other.name).toHaveLength(100);
    expect((await fresh({ name: 'Ab' })).name).toBe('Ab');
  });

  it('rejects unknown fields and a body that is not an object', async () => {
    const extra = await create({ ...valid, name: 'Extra Field Ghee', _id: '42' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBe('VALIDATION_FAILED');
    const wrongType = await create({ ...valid, name: 'Typed Ghee', instock: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().fields)).toContain('instock');
  });

  it('keeps names unique regardless of case, on create and on update', async () => {
    const first = await fresh({ name: 'Desi Cow Ghee Gold' });
    const dup = await create({ ...valid, name: 'desi cow GHEE gold' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'CONFLICT', message: CATALOGUE_MESSAGES.nameTaken, fields: { name: CATALOGUE_MESSAGES.nameTaken } });
    const second = await fresh({ name: 'Desi Cow Ghee Silver' });
    const rename = await update(second._id, { ...valid, name: 'DESI COW GHEE GOLD' });
    expect(rename.statusCode).toBe(409);
    // Saving a product under its own name (in another case) is fine.
    const self = await update(first._id, { ...valid, name: 'Desi Cow Ghee GOLD' });
    expect(self.statusCode).toBe(200);
    expect(self.json().name).toBe('Desi Cow Ghee GOLD');
  });

  it('updates every field, keeps the images and shows the change publicly at once', async () => {
    const product = await fresh();
    await publicList(); // warm the cache
    const res = await update(product._id, {
      ...valid,
      name: `${product.name} Renamed`,
      description: 'New words',
      offerpercentage: 0,
      instock: false,
      ratings: 99,
      ratingStar: 2,
      price: [100, 190, 360],
      quantitysize: [100, 200, 400],
      quantity: 200,
      images: ['/media/ignored.webp'],
      hsn: '04059010',
      gstRate: 18,
      bestBeforeMonths: 12,
      countryOfOrigin: 'Bhutan',
      ingredients: 'Milk fat',
      allergens: 'Contains milk',
      vegMark: 'NONVEG',
      nutritionPer100g: null,
      storage: '',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      _id: product._id,
      name: `${product.name} Renamed`,
      description: 'New words',
      offerpercentage: 0,
      instock: false,
      // Typed figures are ignored: no review is published.
      ratings: 0,
      ratingStar: 0,
      price: [100, 190, 360],
      quantitysize: [100, 200, 400],
      quantity: 200,
      images: [],
      hsn: '04059010',
      gstRate: 18,
      bestBeforeMonths: 12,
      countryOfOrigin: 'Bhutan',
      ingredients: 'Milk fat',
      allergens: 'Contains milk',
      vegMark: 'NONVEG',
      nutritionPer100g: null,
      storage: '',
    };
    expect(res.json()).toMatchObject(expected);
    // Out of stock products stay on the list, marked as such; a new name gives a new page address.
    expect((await publicList()).find((p) => p._id === product._id)).toEqual({
      ...expected,
      slug: `${product.slug}-renamed`,
      reviewsUpdatedAt: null,
      sizeInStock: [true, true, true],
      stockLeft: [null, null, null],
      sizeImages: [null, null, null],
    });
  });

  it('answers 404 for a product that does not exist and 400 for an id that is not a number', async () => {
    for (const res of [
      await set.shop.app.inject({ url: '/api/product/999999', headers: set.admin.auth }),
      await update('999999', valid),
      await set.shop.app.inject({ method: 'DELETE', url: '/api/product/999999', headers: set.admin.auth }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NOT_FOUND', message: CATALOGUE_MESSAGES.productNotFound });
    }
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await set.shop.app.inject({ url: `/api/product/${id}`, headers: set.admin.auth });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().fields.id).toBe(CATALOGUE_MESSAGES.productIdInvalid);
    }
  });

  it('deletes a product without touching the orders that bought it', async () => {
    const product = await fresh();
    const db = set.shop.app.ctx.db;
    const order = await insertOrder(db, { userId: set.customer.id, emailaddress: set.customer.email, lines: [{ productId: Number(product._id), name: product.name, size: 500, qty: 1, price: 405 }] });

    const res = await set.shop.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: set.admin.auth });
    expect(res.statusCode).toBe(204);
    expect((await publicList()).some((p) => p._id === product._id)).toBe(false);
    expect((await set.shop.app.inject({ url: `/api/product/${product._id}`, headers: set.admin.auth })).statusCode).toBe(404);
    const line = await db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ product_id: null, name: product.name, size_ml: 500, unit_price: 405, item_qty: 1, line_total: 405 });
    const sizes = await db.selectFrom('product_sizes').select('size_ml').where('product_id', '=', Number(product._id)).execute();
    expect(sizes).toEqual([]);
    // A name freed by a deletion can be used again.
    expect((await create({ ...valid, name: product.name })).statusCode).toBe(201);
  });
});
