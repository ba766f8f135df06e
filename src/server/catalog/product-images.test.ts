import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRODUCT_IMAGES_MAX, ROLES } from '../../domain/constants';
import { studioProductSchema, type StudioProduct } from '../../domain/schemas/studio';
import { multipartBody, type TestFilePart } from '../media/multipart-test-body';
import { uniquePicture } from '../media/test-pictures';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { CATALOGUE_MESSAGES } from './product-rules';

/** These tests' pictures are 640 × 480 unless one asks for another size. */
const picture = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 640, height = 480) => uniquePicture(format, width, height);

const product = {
  name: 'Image Test Ghee',
  description: '',
  offerpercentage: 0,
  instock: true,
  ratings: 0,
  ratingStar: 5,
  price: [300],
  quantitysize: [500],
  quantity: 500,
};

describeEachDatabase('product images', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let seq = 0;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  async function newProduct(): Promise<StudioProduct> {
    seq += 1;
    const res = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: { ...product, name: `${product.name} ${seq}` } });
    return studioProductSchema.parse(res.json());
  }

  const upload = (id: string, files: TestFilePart[], auth = admin.auth) => {
    const body = multipartBody(files);
    return shop.app.inject({ method: 'POST', url: `/api/product/${id}/images`, headers: { ...auth, ...body.headers }, payload: body.payload });
  };

  async function media(url: string) {
    const res = await shop.app.inject(url);
    expect(res.statusCode, url).toBe(200);
    return { res, meta: await sharp(res.rawPayload).metadata() };
  }

  for (const [format, contentType, filename] of [
    ['jpeg', 'image/jpeg', 'bottle.jpg'],
    ['png', 'image/png', 'bottle.png'],
    ['webp', 'image/webp', 'bottle.webp'],
  ] as const) {
    it(`uploads a ${format.toUpperCase()} picture and serves it as WebP in three sizes`, async () => {
      const p = await newProduct();
      const res = await upload(p._id, [{ filename, contentType, data: await picture(format, 1200, 900) }]);
      expect(res.statusCode, res.body).toBe(201);
      const saved = studioProductSchema.parse(res.json());
      expect(saved.gallery).toHaveLength(1);
      const image = saved.gallery[0]!;
      expect(image.hash).toMatch(/^[a-f0-9]{32}$/);
      expect(saved.images).toEqual([`/media/${image.hash}-card.webp`]);
      expect(image).toEqual({
        hash: image.hash,
        card: `/media/${image.hash}-card.webp`,
        thumb: `/media/${image.hash}-thumb.webp`,
        gallery: `/media/${image.hash}-gallery.webp`,
      });

      const card = await media(image.card);
      expect(card.res.headers['content-type']).toBe('image/webp');
      expect(card.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(card.meta).toMatchObject({ format: 'webp', width: 300, height: 225 });
      expect((await media(image.thumb)).meta).toMatchObject({ format: 'webp', width: 300, height: 300 });
      expect((await media(image.gallery)).meta).toMatchObject({ format: 'webp', width: 800, height: 600 });

      const listed = (await shop.app.inject('/api/public/product')).json().find((x: { _id: string }) => x._id === p._id);
      expect(listed.images).toEqual([image.card]);
    });
  }

  it('uploads several pictures in one request, in order, and ignores a picture the product already has', async () => {
    const p = await newProduct();
    const [a, b] = [await picture('png'), await picture('jpeg')];
    const res = await upload(p._id, [
      { filename: 'a.png', contentType: 'image/png', data: a },
      { filename: 'b.jpg', contentType: 'image/jpeg', data: b },
    ]);
    expect(res.statusCode).toBe(201);
    const hashes = studioProductSchema.parse(res.json()).gallery.map((g) => g.hash);
    expect(hashes).toHaveLength(2);
    const again = await upload(p._id, [{ filename: 'a-again.png', contentType: 'image/png', data: a }]);
    expect(again.json().gallery.map((g: { hash: string }) => g.hash)).toEqual(hashes);
  });

  it('rejects a text file renamed .png with 400 and stores nothing', async () => {
    const p = await newProduct();
    const before = await shop.app.ctx.db.selectFrom('images').select('hash').execute();
    const res = await upload(p._id, [{ filename: 'notes.png', contentType: 'image/png', data: Buffer.from('These are my notes, not a picture.\n'.repeat(20)) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('notes.png') });
    expect(res.json().message).toMatch(/JPEG, PNG or WebP/);
    expect(await shop.app.ctx.db.selectFrom('images').select('hash').execute()).toHaveLength(before.length);
    expect((await shop.app.inject({ url: `/api/product/${p._id}`, headers: admin.auth })).json().gallery).toEqual([]);
  });

  it('refuses files that are not pictures whatever they are called, and a mixed upload attaches nothing', async () => {
    const p = await newProduct();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    for (const file of [
      { filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('Ghee, 500 ml, Rs. 550\n') },
      { filename: 'price-list.pdf', contentType: 'application/pdf', data: pdf },
      { filename: 'photo.jpg', contentType: 'image/jpeg', data: pdf },
      { filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) },
    ]) {
      const res = await upload(p._id, [file]);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json().message, file.filename).toMatch(new RegExp(`^"${file.filename}": .*JPEG, PNG or WebP`));
    }
    const mixed = await upload(p._id, [
      { filename: 'good.png', contentType: 'image/png', data: await picture('png') },
      { filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('not a picture') },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect((await shop.app.inject({ url: `/api/product/${p._id}`, headers: admin.auth })).json().gallery).toEqual([]);
  });

  it('rejects a picture sharp reads but the shop does not take (GIF) with 400', async () => {
    const p = await newProduct();
    const res = await upload(p._id, [{ filename: 'anim.gif', contentType: 'image/gif', data: await picture('gif') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JPEG, PNG or WebP/);
  });

  it('rejects a 6 MB file with 413 and a message naming the limit', async () => {
    const p = await newProduct();
    const big = Buffer.concat([await picture('png'), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const res = await upload(p._id, [{ filename: 'huge.png', contentType: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: '"huge.png" is larger than 5 MB. Make it smaller and upload it again.' });
    expect((await shop.app.inject({ url: `/api/product/${p._id}`, headers: admin.auth })).json().gallery).toEqual([]);
  });

  it('answers 415 to an upload that is not multipart and 400 to one without a file or cut short', async () => {
    const p = await newProduct();
    const json = await shop.app.inject({ method: 'POST', url: `/api/product/${p._id}/images`, headers: admin.auth, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const empty = await upload(p._id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose a JPEG, PNG or WebP image to upload.');
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="image"; filename="cut.png"\r\n\r\nabc'],
    ]) {
      const broken = await shop.app.inject({ method: 'POST', url: `/api/product/${p._id}/images`, headers: { ...admin.auth, 'content-type': contentType as string }, payload });
      expect(broken.statusCode, payload).toBe(400);
      expect(broken.json().message).toBe('The upload was cut short or is not valid multipart data. Try again.');
    }
  });

  it('answers 404 for an upload to a product that does not exist', async () => {
    const res = await upload('987654', [{ filename: 'a.png', contentType: 'image/png', data: await picture('png') }]);
    expect(res.statusCode).toBe(404);
  });

  it(`keeps at most ${PRODUCT_IMAGES_MAX} pictures on a product`, async () => {
    const p = await newProduct();
    const files: TestFilePart[] = [];
    for (let i = 0; i < PRODUCT_IMAGES_MAX; i += 1) files.push({ filename: `p${i}.png`, contentType: 'image/png', data: await picture('png', 32, 32) });
    expect((await upload(p._id, files)).statusCode).toBe(201);
    const one = await upload(p._id, [{ filename: 'extra.png', contentType: 'image/png', data: await picture('png', 32, 32) }]);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(CATALOGUE_MESSAGES.tooManyImages);
  });

  it('reorders and removes pictures, and the public list follows', async () => {
    const p = await newProduct();
    const res = await upload(p._id, [
      { filename: '1.png', contentType: 'image/png', data: await picture('png') },
      { filename: '2.png', contentType: 'image/png', data: await picture('png') },
      { filename: '3.png', contentType: 'image/png', data: await picture('png') },
    ]);
    const [h1, h2, h3] = res.json().gallery.map((g: { hash: string }) => g.hash) as string[];
    const reorder = (order: unknown) =>
      shop.app.inject({ method: 'PUT', url: `/api/product/${p._id}/images`, headers: admin.auth, payload: { order } });

    const moved = await reorder([h3, h1, h2]);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().gallery.map((g: { hash: string }) => g.hash)).toEqual([h3, h1, h2]);
    const listed = (await shop.app.inject('/api/public/product')).json().find((x: { _id: string }) => x._id === p._id);
    expect(listed.images).toEqual([h3, h1, h2].map((h) => `/media/${h}-card.webp`));

    for (const bad of [[h1, h2], [h1, h2, h2], [h1, h2, h3, 'f'.repeat(32)], [h3, h1, 'f'.repeat(32)]]) {
      const r = await reorder(bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(409);
      expect(r.json().message).toBe(CATALOGUE_MESSAGES.reorderMismatch);
    }
    expect((await reorder(['../etc'])).statusCode).toBe(400);
    expect((await reorder([])).statusCode).toBe(400);

    const removed = await shop.app.inject({ method: 'DELETE', url: `/api/product/${p._id}/images/${h1}`, headers: admin.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().gallery.map((g: { hash: string }) => g.hash)).toEqual([h3, h2]);
    const again = await shop.app.inject({ method: 'DELETE', url: `/api/product/${p._id}/images/${h1}`, headers: admin.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CATALOGUE_MESSAGES.imageNotOnProduct);
    // The stored picture stays served: its URL was handed out as immutable.
    expect((await shop.app.inject(`/media/${h1}-card.webp`)).statusCode).toBe(200);
  });

  it('refuses uploads from a USER token before reading the file', async () => {
    const p = await newProduct();
    const customer = await createTestUser(shop, { roles: [ROLES.USER] });
    const res = await upload(p._id, [{ filename: 'a.png', contentType: 'image/png', data: await picture('png') }], customer.auth);
    expect(res.statusCode).toBe(403);
    expect((await shop.app.inject({ url: `/api/product/${p._id}`, headers: admin.auth })).json().gallery).toEqual([]);
  });
});
