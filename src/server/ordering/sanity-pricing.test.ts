import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { startSanityTestServer, type SanityTestServer } from '../catalog/sanity-test-server';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { codOrder, orderBody } from '../../../tests/support/test-orders';

/** Products kept only in Sanity; the test shop's database holds its own seeded catalogue with other names. */
const documents = [
  {
    _id: 'sanity-cow',
    name: 'Sanity Cow Ghee',
    offerpercentage: 10,
    instock: true,
    price: [500, 900],
    quantitysize: [250, 500],
    quantity: 250,
  },
  { _id: 'sanity-gone', name: 'Sanity Camel Ghee', offerpercentage: 0, instock: false, price: [700], quantitysize: [500], quantity: 500 },
];

describeEachDatabase('checkout with the catalogue in Sanity', (dialect) => {
  let sanity: SanityTestServer;
  let shop: TestShop;
  let user: TestUser;

  beforeAll(async () => {
    sanity = await startSanityTestServer(() => documents);
    shop = await createTestShop(dialect, {
      env: { SANITY_PROJECT_ID: 'gh33proj', SANITY_DATASET: 'production', SANITY_API_HOST: sanity.apiHost },
    });
  });
  afterAll(async () => {
    await shop.close();
    await sanity.close();
  });
  beforeEach(async () => {
    user = await createTestUser(shop);
    sanity.failing = false;
  });

  it('prices a COD order from Sanity, with the list the storefront showed, and keeps no product id', async () => {
    const shown = await shop.app.inject('/api/public/product');
    expect(shown.json().map((p: { name: string }) => p.name)).toEqual(['Sanity Cow Ghee', 'Sanity Camel Ghee']);
    sanity.seen.length = 0;
    // The list stays fresh for two seconds; a busy machine may take longer to place the order, so the clock is held
    // while it does: what is checked is which list prices it, not how fast.
    const held = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    // 900 less 10% = 810, twice; 500 less 10% = 450 once.
    const res = await codOrder(
      shop,
      user,
      orderBody({
        paymentmode: 'CASHONDELIVERY',
        items: [
          { name: 'Sanity Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 810 },
          { name: 'Sanity Cow Ghee', quantity: 250, itemQty: 1, finalPrice: 450 },
        ],
        totalAmount: 2070,
      }),
    ).finally(() => held.mockRestore());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalAmount: 2070,
      items: [
        { name: 'Sanity Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 810 },
        { name: 'Sanity Cow Ghee', quantity: 250, itemQty: 1, finalPrice: 450 },
      ],
    });
    // Priced from the list already cached for the storefront: one source per app, no second client.
    expect(sanity.seen).toHaveLength(0);
    const lines = await shop.app.ctx.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.product_id', 'order_lines.unit_price', 'order_lines.line_total'])
      .where('orders.orderid', '=', res.json().orderid as string)
      .orderBy('order_lines.position')
      .execute();
    expect(lines).toEqual([
      { product_id: null, unit_price: 810, line_total: 1620 },
      { product_id: null, unit_price: 450, line_total: 450 },
    ]);
  });

  it("answers 409 PRICE_CHANGED with Sanity's price when the client's price differs", async () => {
    const res = await codOrder(
      shop,
      user,
      orderBody({
        paymentmode: 'CASHONDELIVERY',
        items: [{ name: 'Sanity Cow Ghee', quantity: 500, itemQty: 1, finalPrice: 900 }],
        totalAmount: 900,
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'PRICE_CHANGED',
      prices: [{ name: 'Sanity Cow Ghee', quantity: 500, finalPrice: 810 }],
      totalAmount: 810,
    });
  });

  it('refuses a Sanity product that is out of stock', async () => {
    const res = await codOrder(
      shop,
      user,
      orderBody({
        paymentmode: 'CASHONDELIVERY',
        items: [{ name: 'Sanity Camel Ghee', quantity: 500, itemQty: 1, finalPrice: 700 }],
        totalAmount: 700,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'items.0.name': 'Sanity Camel Ghee is out of stock. Remove it from your cart to continue.' });
  });

  it('refuses a product that exists only in the database catalogue as unknown', async () => {
    const dbProduct = await shop.app.ctx.db.selectFrom('products').select('name').where('name', '=', 'A2 Desi Cow Ghee').executeTakeFirst();
    expect(dbProduct).toBeDefined();
    const res = await codOrder(shop, user, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'items.0.name': 'We do not sell "A2 Desi Cow Ghee". Remove it from your cart and try again.',
      'items.1.name': 'We do not sell "Buffalo Ghee". Remove it from your cart and try again.',
    });
    const orders = await shop.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(orders).toHaveLength(0);
  });
});

describeEachDatabase('checkout with Sanity unreachable and no list yet', (dialect) => {
  let sanity: SanityTestServer;
  let shop: TestShop;

  beforeAll(async () => {
    sanity = await startSanityTestServer(() => documents);
    sanity.failing = true;
    shop = await createTestShop(dialect, {
      env: { SANITY_PROJECT_ID: 'gh33proj', SANITY_DATASET: 'production', SANITY_API_HOST: sanity.apiHost },
    });
  });
  afterAll(async () => {
    await shop.close();
    await sanity.close();
  });

  it('answers 503 with a message to retry, never a 500', async () => {
    const user = await createTestUser(shop);
    const res = await codOrder(
      shop,
      user,
      orderBody({
        paymentmode: 'CASHONDELIVERY',
        items: [{ name: 'Sanity Cow Ghee', quantity: 500, itemQty: 1, finalPrice: 810 }],
        totalAmount: 810,
      }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'CATALOGUE_UNAVAILABLE' });
  });
});
