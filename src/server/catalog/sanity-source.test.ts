import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { EMPTY_FOOD_LABEL } from '../../domain/schemas/food-label';
import { productSchema } from '../../domain/schemas/product';
import { adminOf, createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { CATALOGUE_CACHE_TTL_MS } from './routes';
import { SANITY_API_VERSION, SANITY_PRODUCT_QUERY } from './sanity-source';
import { startSanityTestServer, type SanityTestServer } from './sanity-test-server';

const PROJECT = 'gh33proj';
const DATASET = 'production';

/** Documents as Sanity stores them: image fields are references to assets. */
const documents = [
  {
    _id: 'prod-cow',
    name: 'A2 Cow Ghee',
    offerpercentage: 10,
    instock: true,
    ratings: 42,
    ratingStar: 5,
    description: 'Bilona churned.',
    price: [100, 200, 300],
    quantitysize: [100, 250, 300],
    quantity: 250,
    images: [
      { _type: 'image', _key: 'k1', asset: { _type: 'reference', _ref: 'image-Tb9Ew8CXIwaY6R1kjMvI0uRR-2000x3000-jpg' } },
      { _type: 'image', _key: 'k2', asset: { _type: 'reference', _ref: 'image-abc123-800x800-png' } },
    ],
  },
  // Hand-edited content with gaps: missing fields fall back, a bad size/price pair is dropped.
  { _id: 'prod-sparse', name: 'Buffalo Ghee', price: [500, 'x'], quantitysize: [500, 1000], quantity: 1000 },
  // No usable price at all: left out rather than sold at nothing.
  { _id: 'prod-broken', name: 'Draft Ghee', price: [], quantitysize: [] },
];

describeEachDatabase('Sanity product source', (dialect) => {
  let sanity: SanityTestServer;
  let shop: TestShop;

  beforeAll(async () => {
    sanity = await startSanityTestServer(() => documents);
    shop = await createTestShop(dialect, {
      env: {
        SANITY_PROJECT_ID: PROJECT,
        SANITY_DATASET: DATASET,
        SANITY_API_HOST: sanity.apiHost,
        SANITY_STUDIO_URL: 'https://gheeshop.sanity.studio',
      },
    });
  });
  afterAll(async () => {
    await shop.close();
    await sanity.close();
  });
  beforeEach(() => {
    sanity.seen.length = 0;
    sanity.failing = false;
  });

  it('lists products from Sanity with the query of SPEC.md §7 and image URLs at width 300', async () => {
    const res = await shop.app.inject('/api/public/product');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(sanity.seen).toHaveLength(1);
    expect(sanity.seen[0]).toEqual({
      path: `/v${SANITY_API_VERSION}/data/query/${DATASET}`,
      query: SANITY_PRODUCT_QUERY,
      projectHeader: PROJECT,
    });
    const products = z.array(productSchema).parse(res.json());
    expect(products).toEqual([
      {
        _id: 'prod-cow',
        name: 'A2 Cow Ghee',
        offerpercentage: 10,
        instock: true,
        ratings: 42,
        ratingStar: 5,
        description: 'Bilona churned.',
        price: [100, 200, 300],
        quantitysize: [100, 250, 300],
        quantity: 250,
        images: [
          `https://cdn.sanity.io/images/${PROJECT}/${DATASET}/Tb9Ew8CXIwaY6R1kjMvI0uRR-2000x3000.jpg?w=300`,
          `https://cdn.sanity.io/images/${PROJECT}/${DATASET}/abc123-800x800.png?w=300`,
        ],
        slug: 'a2-cow-ghee',
        hsn: '0405',
        gstRate: 5,
        bestBeforeMonths: 9,
        countryOfOrigin: 'India',
        ...EMPTY_FOOD_LABEL,
      },
      {
        _id: 'prod-sparse',
        name: 'Buffalo Ghee',
        offerpercentage: 0,
        instock: true,
        ratings: 0,
        ratingStar: 5,
        description: '',
        price: [500],
        quantitysize: [500],
        quantity: 500,
        images: [],
        slug: 'buffalo-ghee',
        hsn: '0405',
        gstRate: 5,
        bestBeforeMonths: 9,
        countryOfOrigin: 'India',
        ...EMPTY_FOOD_LABEL,
      },
    ]);
  });

  it('serves crawlable pages of the Sanity products, by slugs made from their names, in the sitemap without dates', async () => {
    const page = await shop.app.inject('/products/a2-cow-ghee');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>A2 Cow Ghee · Ghee Shop</title>');
    // Seeded database products are not the catalogue here: their pages do not exist.
    expect((await shop.app.inject('/products/a2-desi-cow-ghee')).statusCode).toBe(404);
    const sitemap = (await shop.app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain('/products/buffalo-ghee</loc></url>');
    expect(sitemap).not.toContain('<lastmod>');
  });

  it('asks Sanity again only after the cache has expired, and answers 304 meanwhile', async () => {
    const first = await shop.app.inject('/api/public/product');
    const again = await shop.app.inject({ url: '/api/public/product', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(sanity.seen.length).toBeLessThanOrEqual(1);
  });

  it('keeps serving the last list while Sanity is down', async () => {
    const good = await shop.app.inject('/api/public/product');
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_CACHE_TTL_MS + 100));
    sanity.failing = true;
    sanity.seen.length = 0;
    const res = await shop.app.inject('/api/public/product');
    expect(sanity.seen.length).toBeGreaterThan(0);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(good.body);
  });

  it('tells the studio that products are managed in Sanity, and where', async () => {
    const admin = await adminOf(shop);
    const res = await shop.app.inject({ url: '/api/product/source', headers: admin.auth });
    expect(res.json()).toEqual({ source: 'sanity', studioUrl: 'https://gheeshop.sanity.studio' });
  });
});

describeEachDatabase('Sanity product source, unreachable from the start', (dialect) => {
  let shop: TestShop;
  let server: Server;
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(503).end('down'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    shop = await createTestShop(dialect, {
      env: { SANITY_PROJECT_ID: PROJECT, SANITY_DATASET: DATASET, SANITY_API_HOST: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await shop.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers 503 with a message to retry, never a 500', async () => {
    const res = await shop.app.inject('/api/public/product');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'CATALOGUE_UNAVAILABLE',
      message: 'The product list is not available right now. Please try again in a minute.',
    });
  });
});
