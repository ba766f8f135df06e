import { afterAll, beforeAll, expect, it } from 'vitest';
import { productSchema } from '../../domain/schemas/product';
import { studioProductSchema, type StudioProduct } from '../../domain/schemas/studio';
import { multipartBody } from '../media/multipart-test-body';
import { uniquePicture as picture } from '../media/test-pictures';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { CATALOGUE_MESSAGES } from './product-rules';

const body = {
  name: 'Size Picture Ghee',
  description: '',
  offerpercentage: 0,
  instock: true,
  ratings: 0,
  ratingStar: 5,
  price: [300, 550, 1000],
  quantitysize: [250, 500, 1000],
  quantity: 500,
};

describeEachDatabase('a picture per size', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let seq = 0;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  /** A product with three sizes and two photos, answered as the studio reads it. */
  async function productWithPhotos(): Promise<{ p: StudioProduct; name: string; h1: string; h2: string }> {
    seq += 1;
    const name = `${body.name} ${seq}`;
    const created = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: { ...body, name } });
    expect(created.statusCode, created.body).toBe(201);
    const upload = multipartBody([
      { filename: 'a.png', contentType: 'image/png', data: await picture() },
      { filename: 'b.png', contentType: 'image/png', data: await picture() },
    ]);
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/product/${created.json()._id}/images`,
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    });
    const p = studioProductSchema.parse(res.json());
    const [h1, h2] = p.gallery.map((g) => g.hash) as [string, string];
    return { p, name, h1, h2 };
  }

  const put = (id: string, payload: object) => shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.auth, payload });
  const publicOne = async (id: string) =>
    productSchema.parse(((await shop.app.inject('/api/public/product')).json() as { _id: string }[]).find((x) => x._id === id));

  it('saves a photo per size and answers it to the studio (hashes) and the shop (card URLs, aligned with the sizes)', async () => {
    const { p, name, h1, h2 } = await productWithPhotos();
    expect(p.sizeImageHashes).toEqual([null, null, null]);
    expect((await publicOne(p._id)).sizeImages).toEqual([null, null, null]);

    const saved = await put(p._id, { ...body, name, sizeImageHashes: [h2, null, h1] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(studioProductSchema.parse(saved.json()).sizeImageHashes).toEqual([h2, null, h1]);
    const shown = await publicOne(p._id);
    expect(shown.sizeImages).toEqual([`/media/${h2}-card.webp`, null, `/media/${h1}-card.webp`]);
    // Every existing field is still there, unchanged.
    expect(shown).toMatchObject({ quantitysize: [250, 500, 1000], price: [300, 550, 1000], images: [`/media/${h1}-card.webp`, `/media/${h2}-card.webp`] });
  });

  it('keeps the pictures when a body leaves them out, and drops those of sizes taken off', async () => {
    const { p, name, h1, h2 } = await productWithPhotos();
    await put(p._id, { ...body, name, sizeImageHashes: [h1, h2, h2] });
    // An older caller (or the list's stock switch) sends no pictures: they stay.
    expect((await put(p._id, { ...body, name, instock: false })).json().sizeImageHashes).toEqual([h1, h2, h2]);
    // The 500 ml size goes; the others keep theirs; added back later, it starts without one.
    const fewer = await put(p._id, { ...body, name, price: [300, 1000], quantitysize: [250, 1000], quantity: 250 });
    expect(fewer.json().sizeImageHashes).toEqual([h1, h2]);
    const again = await put(p._id, { ...body, name });
    expect(again.json().sizeImageHashes).toEqual([h1, null, h2]);
  });

  it("refuses a picture that is not one of the product's photos, and changes nothing", async () => {
    const { p, name, h1 } = await productWithPhotos();
    const other = await productWithPhotos();
    await put(p._id, { ...body, name, sizeImageHashes: [h1, null, null] });
    const res = await put(p._id, { ...body, name: `${name} renamed`, sizeImageHashes: [null, other.h1, null] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'VALIDATION_FAILED',
      message: CATALOGUE_MESSAGES.sizePictureNotOnProduct,
      fields: { 'sizeImageHashes.1': CATALOGUE_MESSAGES.sizePictureNotOnProduct },
    });
    const now = (await shop.app.inject({ url: `/api/product/${p._id}`, headers: admin.auth })).json();
    expect(now).toMatchObject({ name, sizeImageHashes: [h1, null, null] });

    // A new product has no photos yet, so it can name none.
    const created = await shop.app.inject({ method: 'POST', url: '/api/product', headers: admin.auth, payload: { ...body, name: `${name} new`, sizeImageHashes: [null, h1, null] } });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ 'sizeImageHashes.1': CATALOGUE_MESSAGES.sizePictureNotOnProduct });

    const misaligned = await put(p._id, { ...body, name, sizeImageHashes: [h1] });
    expect(misaligned.statusCode).toBe(400);
    expect(misaligned.json().fields.sizeImageHashes).toMatch(/each size/);
    expect((await put(p._id, { ...body, name, sizeImageHashes: [null, 'not-a-hash', null] })).statusCode).toBe(400);
  });

  it('a photo taken off the product is no size picture any more; reordering photos keeps them', async () => {
    const { p, name, h1, h2 } = await productWithPhotos();
    await put(p._id, { ...body, name, sizeImageHashes: [h1, h2, h1] });
    const reordered = await shop.app.inject({ method: 'PUT', url: `/api/product/${p._id}/images`, headers: admin.auth, payload: { order: [h2, h1] } });
    expect(reordered.json().sizeImageHashes).toEqual([h1, h2, h1]);
    const removed = await shop.app.inject({ method: 'DELETE', url: `/api/product/${p._id}/images/${h1}`, headers: admin.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().sizeImageHashes).toEqual([null, h2, null]);
    expect((await publicOne(p._id)).sizeImages).toEqual([null, `/media/${h2}-card.webp`, null]);
  });
});
