import { executionAsyncId } from 'node:async_hooks';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { formatRupees } from '../../domain/display';
import { productSchema, type Product } from '../../domain/schemas/product';
import { finalPriceFor, priceForSize } from '../../domain/pricing';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { breadcrumbLd, jsonLdBlocks, metaContent, productLd } from './test-pages';

describeEachDatabase('crawlable pages, sitemap and robots.txt', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let origin: string;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    origin = shop.config.PUBLIC_URL;
  });
  afterAll(async () => shop.close());

  const products = async () => z.array(productSchema).parse((await shop.app.inject('/api/public/product')).json());
  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers });
  const studioBody = (p: Product, changes: Partial<Product> = {}) => {
    const { name, description, offerpercentage, instock, ratings, ratingStar, price, quantitysize, quantity } = { ...p, ...changes };
    return { name, description, offerpercentage, instock, ratings, ratingStar, price, quantitysize, quantity };
  };
  it('shows the food label on the crawlable page: veg mark, ingredients, allergens, nutrition per 100 g, storage', async () => {
    const [product] = await products();
    if (!product) throw new Error('no seeded product');
    // The public answer carries it as DESIGN.md §8.7 names it, seeded for the seed catalogue's ghee.
    expect(product).toMatchObject({
      ingredients: expect.stringMatching(/^Milk fat \(from /),
      allergens: 'Contains milk',
      vegMark: 'VEG',
      nutritionPer100g: { energyKcal: 897, fatG: 99.7 },
      storage: expect.stringContaining('cool, dry place'),
    });
    const html = (await get(`/products/${product.slug}`)).body;
    expect(html).toContain('Food label');
    expect(html).toContain('aria-label="Vegetarian (green mark)"');
    expect(html).toContain('Milk fat (from cow&#x27;s milk)');
    expect(html).toContain('Contains milk');
    expect(html).toContain('897 kcal');
    expect(html).toContain('99.7 g');
    expect(html).toContain('Store in a cool, dry place');
  });

  it('leaves async hooks off once a page is rendered, so later requests pay nothing for them', async () => {
    const [product] = await products();
    if (!product) throw new Error('no seeded product');
    expect((await get(`/products/${product.slug}`)).body).toContain(product.name);
    // With no async hook on, a promise's callback runs under no async id.
    expect(await Promise.resolve().then(() => executionAsyncId())).toBe(0);
  });

  const save = async (id: string, body: object) => {
    const res = await shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.auth, payload: body });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('serves a product page with its name, every size at its price, its description and valid JSON-LD, without JavaScript', async () => {
    const [product] = await products();
    if (!product) throw new Error('no seeded product');
    const res = await get(`/products/${product.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain(`<title>${product.name} · Ghee Shop</title>`);
    expect(html).toContain(`<h1 class="display-6 mb-2">${product.name}</h1>`);
    for (const size of product.quantitysize) {
      expect(html).toContain(`${size} ml`);
      expect(html).toContain(formatRupees(finalPriceFor(product, size)));
    }
    expect(html).toContain(product.description.slice(0, 40));
    expect(html).toContain(`<link rel="canonical" href="${origin}/products/${product.slug}" />`);
    expect(html).toContain(`data-route="/products/${product.slug}"`);
    // The app's links are paths (decision 072), the same the browser writes when it hydrates the page.
    expect(html).toContain('href="/cart"');
    expect(html).not.toContain('href="#/');

    const [data, crumbs] = jsonLdBlocks(html);
    const ld = productLd.parse(data);
    expect(ld.name).toBe(product.name);
    expect(ld.offers.map((o) => o.price)).toEqual(product.quantitysize.map((s) => finalPriceFor(product, s)));
    // Label declarations: country of origin, and per size its net quantity and MRP beside the price asked.
    expect(ld.countryOfOrigin.name).toBe(product.countryOfOrigin);
    expect(ld.offers.map((o) => o.priceSpecification[0].price)).toEqual(ld.offers.map((o) => o.price));
    expect(ld.offers.map((o) => o.priceSpecification[1].price)).toEqual(product.quantitysize.map((s) => priceForSize(product.price, product.quantitysize, s)));
    expect(ld.offers.map((o) => o.priceSpecification[1].referenceQuantity.value)).toEqual(product.quantitysize);
    expect(ld.offers.every((o) => o.availability === (product.instock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock'))).toBe(true);
    // No review is published yet: no rating at all (the figures are computed from reviews, never typed).
    expect(ld.aggregateRating).toBeUndefined();
    expect(breadcrumbLd.parse(crumbs).itemListElement.map((c) => c.name)).toEqual(['Home', 'Products', product.name]);
  });

  it('carries the business details it was rendered with, so the app starts from the very text of the page', async () => {
    const [product] = await products();
    if (!product) throw new Error('no seeded product');
    const pageOf = async () => {
      const html = (await get(`/products/${product.slug}`)).body;
      const block = /<script type="application\/json" id="shop-business">([^<]*)<\/script>/.exec(html)?.[1];
      return { data: JSON.parse(block ?? 'null') as unknown, markup: html.replace(block ?? '', '') };
    };
    const before = await pageOf();
    expect(before.data).toEqual((await get('/api/public/business')).json());
    expect(before.markup).not.toContain(KARNATAKA_BUSINESS.legalName);
    // A saved edit shows on the next request: in the block and in the label declarations the markup holds.
    const saved = await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await pageOf();
    expect(after.data).toEqual(saved.json());
    expect(after.markup).toContain(`${KARNATAKA_BUSINESS.legalName}, ${KARNATAKA_BUSINESS.addressLine}`);
  });

  it('serves the product list with a link to every product page', async () => {
    const list = await products();
    const res = await get('/products');
    expect(res.statusCode).toBe(200);
    for (const p of list) expect(res.body).toContain(`href="/products/${encodeURIComponent(p.slug)}"`);
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/products" />`);
    expect(res.body).toContain('data-route="/products"');
  });

  it('sends each page compressed once per catalogue edition, with an ETag that answers 304', async () => {
    const [product] = await products();
    const first = await get(`/products/${product?.slug}`, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toContain('must-revalidate');
    const etag = String(first.headers.etag);
    const again = await get(`/products/${product?.slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('shows a catalogue change on the page, in the sitemap and in a new ETag', async () => {
    const product = (await products())[1];
    if (!product) throw new Error('no second product');
    const before = await get(`/products/${product.slug}`);
    const newPrice = (product.price[0] ?? 100) + 111;
    await save(product._id, studioBody(product, { price: [newPrice, ...product.price.slice(1)], offerpercentage: 0 }));
    const after = await get(`/products/${product.slug}`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain(formatRupees(newPrice));
  });

  it('keeps the slug when only the case changes, and redirects the old slug (301) after a rename', async () => {
    const product = (await products())[2];
    if (!product) throw new Error('no third product');
    await save(product._id, studioBody(product, { name: product.name.toUpperCase() }));
    const recased = (await products()).find((p) => p._id === product._id);
    expect(recased?.slug).toBe(product.slug);

    await save(product._id, studioBody(product, { name: `${product.name} Gold` }));
    const renamed = (await products()).find((p) => p._id === product._id);
    expect(renamed?.slug).toBe(`${product.slug}-gold`);
    const old = await get(`/products/${product.slug}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/products/${product.slug}-gold`);
    expect((await get(`/products/${product.slug}-gold`)).statusCode).toBe(200);
    expect((await get(`/products/${product.slug.toUpperCase()}-GOLD`)).headers.location).toBe(`/products/${product.slug}-gold`);
  });

  it('answers an unknown product with a 404 page that is not indexed', async () => {
    const res = await get('/products/no-such-ghee');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(metaContent(res.body, 'robots')).toBe('noindex');
    expect(res.body).toContain('page not found');
  });

  it('lists home, the product list and every product in a valid sitemap with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const parsed = new XMLParser().parse(res.body) as { urlset: { url: { loc: string; lastmod?: string }[] } };
    const locs = parsed.urlset.url.map((u) => u.loc);
    const list = await products();
    const policies = ['/policy/shipping', '/policy/refunds', '/policy/terms', '/policy/privacy', '/contact'].map((p) => `${origin}${p}`);
    expect(locs).toEqual([`${origin}/`, `${origin}/products`, ...list.map((p) => `${origin}/products/${p.slug}`), ...policies]);
    const catalogue = parsed.urlset.url.filter((u) => !policies.includes(u.loc));
    expect(catalogue.every((u) => typeof u.lastmod === 'string' && !Number.isNaN(Date.parse(u.lastmod)))).toBe(true);
  });

  it('serves each policy page at its path with its text, title, description and canonical address, without JavaScript', async () => {
    const pages = [
      { path: '/policy/shipping', title: 'Shipping policy', text: 'Shipping policy' },
      { path: '/policy/refunds', title: 'Cancellation &amp; Refunds', text: 'Refunds go back to the' },
      { path: '/policy/terms', title: 'Terms of use', text: 'By placing an order you agree' },
      { path: '/policy/privacy', title: 'Privacy policy', text: 'Privacy policy' },
      { path: '/contact', title: 'Contact us', text: 'Contact us' },
    ];
    for (const page of pages) {
      const res = await get(page.path);
      expect(res.statusCode, page.path).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<title>${page.title} · Ghee Shop</title>`);
      expect(metaContent(res.body, 'description')?.length ?? 0, page.path).toBeGreaterThan(40);
      expect(res.body).toContain(`<link rel="canonical" href="${origin}${page.path}" />`);
      expect(res.body).toContain(`data-route="${page.path}"`);
      // The screen itself, rendered: the owner's Markdown as HTML inside the root.
      expect(res.body, page.path).toMatch(/<div id="root"[^>]*>[\s\S]*<div class="policy-text">[\s\S]*<h1>/);
      expect(res.body).toContain(page.text);
    }
    expect((await get('/policy/contact')).statusCode).toBe(404);
    const missing = await get('/policy/returns');
    expect(missing.statusCode).toBe(404);
    expect(metaContent(missing.body, 'robots')).toBe('noindex');
  });

  it('shows an edit of a policy on its page at once', async () => {
    const texts = (await shop.app.inject({ url: '/api/settings/policies', headers: admin.auth })).json() as Record<string, string>;
    const edited = { ...texts, shipping: '# Shipping policy\n\nWe now ship **only on Tuesdays**.' };
    const before = await get('/policy/shipping');
    try {
      expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/policies', headers: admin.auth, payload: edited })).statusCode).toBe(200);
      const after = await get('/policy/shipping');
      expect(after.body).toContain('<strong>only on Tuesdays</strong>');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await shop.app.inject({ method: 'PUT', url: '/api/settings/policies', headers: admin.auth, payload: texts });
    }
  });

  it('adds a new product to the sitemap and the list page at once', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.auth,
      payload: { name: 'Sitemap Saffron Ghee', description: 'New.', offerpercentage: 0, instock: true, ratings: 0, ratingStar: 5, price: [300], quantitysize: [200], quantity: 200 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await get('/sitemap.xml')).body).toContain(`${origin}/products/sitemap-saffron-ghee</loc>`);
    expect((await get('/products')).body).toContain('href="/products/sitemap-saffron-ghee"');
  });

  it('serves robots.txt that keeps crawlers out of the API and the admin screens, and points to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *\nAllow: /\nDisallow: /api/\n');
    expect(res.body).toContain('\nDisallow: /admin\nDisallow: /studio\n');
    // A rule is a prefix, which keeps out an order's page in the dashboard (/admin/orders/{orderid}) as well.
    expect((await get('/sitemap.xml')).body).not.toContain('/admin');
    expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    // '#' starts a comment in robots.txt: an old hash route written there would read as "Disallow: /".
    expect(res.body).not.toMatch(/Disallow: \/#/);
  });
});

describeEachDatabase('link previews of product pages', (dialect) => {
  let shop: TestShop;
  let origin: string;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { seed: { images: true } });
    origin = shop.config.PUBLIC_URL;
  });
  afterAll(async () => shop.close());

  const products = async () => z.array(productSchema).parse((await shop.app.inject('/api/public/product')).json());
  const get = (url: string) => shop.app.inject({ url });

  it('gives a shared link its preview: Open Graph and Twitter cards name the product with its picture', async () => {
    const [product] = await products();
    const html = (await get(`/products/${product?.slug}`)).body;
    const picture = metaContent(html, 'og:image') ?? '';
    expect(picture).toMatch(new RegExp(`^${origin}/media/og/[a-f0-9]{32}-v1\\.jpg$`));
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:image')).toBe(picture);
    expect(metaContent(html, 'og:title')).toBe(`${product?.name} · Ghee Shop`);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:url')).toBe(`${origin}/products/${product?.slug}`);
    expect(metaContent(html, 'og:description')).toMatch(new RegExp(`^${product?.name} in .* bottles from Rs\\.`));
    expect(metaContent(html, 'twitter:card')).toMatch(/^summary/);
    expect(metaContent(html, 'product:price:currency')).toBe('INR');
  });


  it('makes the preview picture once, 1200×630 JPEG, cached for a year', async () => {
    const [product] = await products();
    const html = (await get(`/products/${product?.slug}`)).body;
    const path = (metaContent(html, 'og:image') ?? '').slice(origin.length);
    const [first, second] = await Promise.all([get(path), get(path)]);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const stored = await shop.app.ctx.db.selectFrom('image_variants').select('variant').where('variant', '=', 'og-v1').execute();
    expect(stored).toHaveLength(1);
    expect((await get(path)).rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get('/media/og/' + 'f'.repeat(32) + '-v1.jpg')).statusCode).toBe(404);
    expect((await get('/media/og/../../etc-v1.jpg')).statusCode).toBe(404);
  });
});
