import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '../../domain/schemas/product';
import type { OrderStatus } from '../../domain/order-status';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { jsonLdBlocks, productLd } from '../seo/test-pages';
import { insertOrder } from '../../../tests/support/test-orders';

describeEachDatabase('reviews from real buyers', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let productId: number;
  let slug: string;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    const row = await shop.app.ctx.db.selectFrom('products').select(['id', 'slug']).orderBy('position').executeTakeFirstOrThrow();
    productId = row.id;
    slug = row.slug;
  });
  afterAll(async () => shop.close());

  const buyer = async (name = 'Asha Verma', status: OrderStatus = 'DELIVERED') => {
    const user = await createTestUser(shop, { username: name });
    await insertOrder(shop.app.ctx.db, { userId: user.id, lines: [{ productId, size: 500, qty: 1, price: 500 }], status, username: name });
    return user;
  };
  const write = (user: TestUser, payload: object, id = productId) =>
    shop.app.inject({ method: 'POST', url: `/api/products/${id}/reviews`, headers: user.auth, payload });
  const moderate = (id: number, payload: object) => shop.app.inject({ method: 'PUT', url: `/api/reviews/${id}`, headers: admin.auth, payload });
  const publicPage = async (query = '') => (await shop.app.inject(`/api/public/products/${productId}/reviews${query}`)).json();
  const catalogueProduct = async () =>
    z.array(productSchema).parse((await shop.app.inject('/api/public/product')).json()).find((p) => p._id === String(productId));
  const productLdOfPage = async () => {
    const res = await shop.app.inject(`/products/${slug}`);
    expect(res.statusCode).toBe(200);
    return { html: res.body, ld: productLd.passthrough().parse(jsonLdBlocks(res.body)[0]) };
  };

  it('starts with no rating anywhere: the typed numbers are gone and the JSON-LD has no aggregateRating', async () => {
    expect(await catalogueProduct()).toMatchObject({ ratings: 0, ratingStar: 0 });
    expect(await publicPage()).toEqual({ items: [], total: 0, average: 0, histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } });
    const { html, ld } = await productLdOfPage();
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld).not.toHaveProperty('review');
    expect(html).toContain('No reviews yet');
  });

  it('lets a customer with a delivered order review it; the review waits, invisible, until the owner publishes it', async () => {
    const asha = await buyer('Asha Verma');
    const res = await write(asha, { rating: 2, title: 'Too salty for me', text: 'Grainy and a little salty.' });
    expect(res.statusCode).toBe(201);
    const review = res.json();
    expect(review).toMatchObject({ status: 'PENDING', rating: 2, title: 'Too salty for me', text: 'Grainy and a little salty.', author: 'Asha V.', verified: true, reply: null, productId });
    expect((await publicPage()).items).toEqual([]);
    expect(await catalogueProduct()).toMatchObject({ ratings: 0 });

    const pending = await shop.app.inject({ url: '/api/reviews?status=PENDING', headers: admin.auth });
    expect(pending.json().items.map((r: { id: number }) => r.id)).toContain(review.id);

    // A negative review is published like any other; the figures and the crawlable page follow.
    const published = await moderate(review.id, { status: 'PUBLISHED' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id: review.id, status: 'PUBLISHED', hiddenReason: null });
    expect(await catalogueProduct()).toMatchObject({ ratings: 1, ratingStar: 2 });
    const page = await publicPage();
    expect(page).toMatchObject({ total: 1, average: 2, histogram: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 0 } });
    expect(page.items[0]).toEqual({ id: review.id, rating: 2, title: 'Too salty for me', text: 'Grainy and a little salty.', author: 'Asha V.', verified: true, createdAt: expect.any(String), reply: null });
    const { ld, html } = await productLdOfPage();
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 2, ratingCount: 1 });
    expect((ld as { review?: unknown[] }).review).toEqual([
      expect.objectContaining({ '@type': 'Review', reviewRating: expect.objectContaining({ ratingValue: 2 }), author: { '@type': 'Person', name: 'Asha V.' }, reviewBody: 'Grainy and a little salty.' }),
    ]);
    expect(html).toContain('Grainy and a little salty.');
    expect(html).toContain('Verified buyer');

    const audit = await shop.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'review.publish').where('target', '=', String(review.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_user_id).toBe(admin.id);
  });

  it('answers 403 NOT_A_BUYER to a customer without a delivered order of the product, and 401 without a login', async () => {
    const stranger = await createTestUser(shop);
    const res = await write(stranger, { rating: 5, text: 'Lovely' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('NOT_A_BUYER');
    const waiting = await buyer('Ravi Iyer', 'READY');
    expect((await write(waiting, { rating: 5, text: 'Lovely' })).json().error).toBe('NOT_A_BUYER');
    expect((await shop.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, payload: { rating: 5, text: 'x' } })).statusCode).toBe(401);
    const mine = await shop.app.inject({ url: `/api/products/${productId}/reviews/mine`, headers: stranger.auth });
    expect(mine.json()).toEqual({ canReview: false, review: null });
  });

  it('refuses bad bodies with the field named, and unknown products with 404', async () => {
    const meena = await buyer('Meena Reddy');
    for (const [body, field] of [
      [{ rating: 0, text: 'x' }, 'rating'],
      [{ rating: 6, text: 'x' }, 'rating'],
      [{ rating: 4.5, text: 'x' }, 'rating'],
      [{ rating: 4, text: ' ' }, 'text'],
      [{ rating: 4, text: 'x'.repeat(2001) }, 'text'],
    ] as const) {
      const res = await write(meena, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await write(meena, { rating: 4, text: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await write(meena, { rating: 4, text: 'ok', status: 'PUBLISHED' })).statusCode).toBe(400);
    expect((await write(meena, { rating: 4, text: 'ok' }, 999_999)).statusCode).toBe(404);
    expect((await shop.app.inject('/api/public/products/999999/reviews')).statusCode).toBe(404);
    expect((await shop.app.inject(`/api/public/products/${productId}/reviews?stars=9`)).statusCode).toBe(400);
  });

  it('keeps one review per customer: editing replaces it and sends it back to moderation, out of the figures', async () => {
    const arjun = await buyer('Arjun Khan');
    const first = (await write(arjun, { rating: 5, text: 'Superb aroma' })).json();
    await moderate(first.id, { status: 'PUBLISHED' });
    const before = await catalogueProduct();
    const edited = await write(arjun, { rating: 1, text: 'The second jar was rancid' });
    expect(edited.statusCode).toBe(201);
    expect(edited.json()).toMatchObject({ id: first.id, status: 'PENDING', rating: 1 });
    const after = await catalogueProduct();
    expect(after?.ratings).toBe((before?.ratings ?? 0) - 1);
    expect((await publicPage()).items.map((r: { id: number }) => r.id)).not.toContain(first.id);
    const mine = await shop.app.inject({ url: `/api/products/${productId}/reviews/mine`, headers: arjun.auth });
    expect(mine.json()).toMatchObject({ canReview: true, review: { id: first.id, text: 'The second jar was rancid', status: 'PENDING' } });
  });

  it('hides a review only with a reason from the list, and hiding takes it out of the page, figures and JSON-LD', async () => {
    const spam = (await write(await buyer('Farhan Das'), { rating: 5, text: 'Buy cheap watches at example.com' })).json();
    expect((await moderate(spam.id, { status: 'PUBLISHED' })).statusCode).toBe(200);
    const shown = await catalogueProduct();
    expect((await moderate(spam.id, { status: 'HIDDEN' })).json().fields).toEqual({ reason: 'Choose why the review is hidden' });
    expect((await moderate(spam.id, { status: 'HIDDEN', reason: 'NEGATIVE' })).statusCode).toBe(400);
    const hidden = await moderate(spam.id, { status: 'HIDDEN', reason: 'SPAM' });
    expect(hidden.json()).toMatchObject({ status: 'HIDDEN', hiddenReason: 'SPAM' });
    expect((await catalogueProduct())?.ratings).toBe((shown?.ratings ?? 0) - 1);
    expect((await publicPage()).items.map((r: { id: number }) => r.id)).not.toContain(spam.id);
    const { html } = await productLdOfPage();
    expect(html).not.toContain('cheap watches');
    const audit = await shop.app.ctx.db.selectFrom('audit_log').select('details').where('action', '=', 'review.hide').where('target', '=', String(spam.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ reason: 'SPAM', from: 'PUBLISHED', to: 'HIDDEN' });
    const list = (await shop.app.inject({ url: '/api/reviews?status=HIDDEN', headers: admin.auth })).json();
    expect(list.items).toEqual([expect.objectContaining({ id: spam.id, hiddenReason: 'SPAM', productId })]);
  });

  it('shows the shop reply under the review, records it, and lets only admins moderate', async () => {
    const divya = await buyer('Divya Nair');
    const review = (await write(divya, { rating: 3, text: 'Good, but the jar leaked' })).json();
    await moderate(review.id, { status: 'PUBLISHED' });
    const reply = await shop.app.inject({ method: 'PUT', url: `/api/reviews/${review.id}/reply`, headers: admin.auth, payload: { text: 'Sorry! We now seal every lid.' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().reply).toEqual({ text: 'Sorry! We now seal every lid.', createdAt: expect.any(String) });
    const item = (await publicPage()).items.find((r: { id: number }) => r.id === review.id);
    expect(item.reply.text).toBe('Sorry! We now seal every lid.');
    expect((await productLdOfPage()).html).toContain('Sorry! We now seal every lid.');
    expect(await shop.app.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'review.reply').execute()).toHaveLength(1);
    expect((await shop.app.inject({ method: 'PUT', url: `/api/reviews/${review.id}`, headers: divya.auth, payload: { status: 'HIDDEN', reason: 'SPAM' } })).statusCode).toBe(403);
    expect((await shop.app.inject({ url: '/api/reviews', headers: divya.auth })).statusCode).toBe(403);
    expect((await moderate(999_999, { status: 'PUBLISHED' })).statusCode).toBe(404);
  });

  it('filters by stars and pages newest first, with the stored average and histogram', async () => {
    const fives = await publicPage('?stars=5');
    expect(fives.items.every((r: { rating: number }) => r.rating === 5)).toBe(true);
    const all = await publicPage();
    const product = await catalogueProduct();
    expect(all.total).toBe(product?.ratings);
    expect(all.average).toBe(product?.ratingStar);
    const times = all.items.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps </script> and markup in a review from breaking the JSON-LD block or the page', async () => {
    const evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const review = (await write(await buyer('Vikram <b>Singh</b>'), { rating: 4, title: evil, text: evil })).json();
    await moderate(review.id, { status: 'PUBLISHED' });
    await shop.app.inject({ method: 'PUT', url: `/api/reviews/${review.id}/reply`, headers: admin.auth, payload: { text: evil } });
    const { html, ld } = await productLdOfPage();
    const reviews = (ld as { review?: { reviewBody: string; name?: string }[] }).review ?? [];
    expect(reviews.find((r) => r.reviewBody === evil)?.name).toBe(evil);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    // Every script element of the page is the shop's own: JSON blocks and the app's module.
    expect([...html.matchAll(/<script(?: [^>]*)?>/g)].every((m) => /type="(application\/ld\+json|application\/json|module)"/.test(m[0]))).toBe(true);
  });

  it('publishes at once when the owner turns approval off, and the studio can no longer type ratings', async () => {
    const settings = (await shop.app.inject({ url: '/api/settings', headers: admin.auth })).json();
    await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...settings, reviewsNeedApproval: false } });
    const res = await write(await buyer('Lakshmi Menon'), { rating: 5, text: 'Just like home' });
    expect(res.json().status).toBe('PUBLISHED');
    await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...settings, reviewsNeedApproval: true } });

    const before = await catalogueProduct();
    const studio = (await shop.app.inject({ url: `/api/product/${productId}`, headers: admin.auth })).json();
    const { name, description, offerpercentage, instock, price, quantitysize, quantity } = studio;
    const put = await shop.app.inject({
      method: 'PUT',
      url: `/api/product/${productId}`,
      headers: admin.auth,
      payload: { name, description, offerpercentage, instock, price, quantitysize, quantity, ratings: 312, ratingStar: 5 },
    });
    expect(put.statusCode).toBe(200);
    expect(await catalogueProduct()).toMatchObject({ ratings: before?.ratings, ratingStar: before?.ratingStar });
  });

  it('with approval off, a review the owner hid waits for the owner again when its author edits it', async () => {
    const settings = (await shop.app.inject({ url: '/api/settings', headers: admin.auth })).json();
    await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...settings, reviewsNeedApproval: false } });
    try {
      const author = await buyer('Kiran Rao');
      const first = await write(author, { rating: 1, text: 'Call the owner on 98765 43210, he lives at 4 Lake Road' });
      expect(first.json().status).toBe('PUBLISHED');
      const id = first.json().id as number;
      expect((await moderate(id, { status: 'HIDDEN', reason: 'PERSONAL_DATA' })).statusCode).toBe(200);
      const figures = await catalogueProduct();

      // The same text sent again is not back on the page: the owner decides, as they did once.
      const again = await write(author, { rating: 1, text: 'Call the owner on 98765 43210, he lives at 4 Lake Road' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ id, status: 'PENDING' });
      expect((await publicPage()).items.map((r: { id: number }) => r.id)).not.toContain(id);
      expect(await catalogueProduct()).toMatchObject({ ratings: figures?.ratings, ratingStar: figures?.ratingStar });
      const pending = await shop.app.inject({ url: '/api/reviews?status=PENDING', headers: admin.auth });
      expect(pending.json().items.map((r: { id: number }) => r.id)).toContain(id);
    } finally {
      await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...settings, reviewsNeedApproval: true } });
    }
  });
});
