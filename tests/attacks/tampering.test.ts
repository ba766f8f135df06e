// Attack suite: the browser lies about money and quantities (Juice Shop "negative order", ASVS V2 business logic).
import { expect, it } from 'vitest';
import { VALIDATION } from '../../src/domain/messages';
import type { CreateOrderBody } from '../../src/domain/schemas/order';
import { codOrder, createOrder, orderBody } from '../support/test-orders';
import { describeEachDatabase, useTestShop } from '../support/test-shop';
import { countRows } from './attack-support';

const cod = (overrides: Partial<CreateOrderBody> = {}) => orderBody({ paymentmode: 'CASHONDELIVERY', ...overrides });
const firstLine = (overrides: Record<string, unknown>) => {
  const body = cod();
  return { ...body, items: [{ ...body.items[0], ...overrides }, body.items[1]] } as CreateOrderBody;
};

describeEachDatabase('attack: price, total and quantity tampering', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' } });

  /** Sends the body to both checkout calls and checks that neither created anything. */
  async function expectRefused(body: CreateOrderBody, status: number) {
    const before = { orders: await countRows(set.shop, 'orders'), mails: await countRows(set.shop, 'mail_outbox') };
    const answers = [await codOrder(set.shop, set.customer, body), await createOrder(set.shop, set.customer, { ...body, paymentmode: 'ONLINE' })];
    for (const res of answers) expect(res.statusCode, res.body).toBe(status);
    expect(await countRows(set.shop, 'orders')).toBe(before.orders);
    expect(await countRows(set.shop, 'mail_outbox')).toBe(before.mails);
    return answers.map((res) => res.json() as Record<string, unknown>);
  }

  it('a lowered line price gets 409 PRICE_CHANGED with the real prices, and no order', async () => {
    const [answer] = await expectRefused(firstLine({ finalPrice: 1 }), 409);
    expect(answer).toMatchObject({ error: 'PRICE_CHANGED', totalAmount: 3037 });
    expect(answer?.prices).toContainEqual({ name: 'A2 Desi Cow Ghee', quantity: 500, finalPrice: 1019 });
  });

  it('a lowered total with honest line prices gets 409 PRICE_CHANGED, and no order', async () => {
    const [answer] = await expectRefused(cod({ totalAmount: 1 }), 409);
    expect(answer).toMatchObject({ error: 'PRICE_CHANGED', totalAmount: 3037 });
  });

  it('a zero total and zero prices get 409 PRICE_CHANGED, and no order', async () => {
    const body = cod();
    await expectRefused({ ...body, totalAmount: 0, items: body.items.map((i) => ({ ...i, finalPrice: 0 })) }, 409);
  });

  it('negative and fractional prices or totals are 400 under their field', async () => {
    for (const [body, field] of [
      [firstLine({ finalPrice: -1019 }), 'items.0.finalPrice'],
      [firstLine({ finalPrice: 1018.5 }), 'items.0.finalPrice'],
      [cod({ totalAmount: -3037 }), 'totalAmount'],
      [cod({ totalAmount: 3036.99 }), 'totalAmount'],
      [cod({ totalAmount: 1e300 }), 'totalAmount'],
    ] as const) {
      const [answer] = await expectRefused(body, 400);
      expect((answer?.fields as Record<string, string>)[field]).toBe(VALIDATION.amountInvalid);
    }
  });

  it('quantities 0, negative, fractional and huge are 400 under the line, creating nothing', async () => {
    for (const itemQty of [0, -1, -1000, 2.5, 0.1, 11, 1e9, Number.MAX_SAFE_INTEGER, 1e308]) {
      const [answer] = await expectRefused(firstLine({ itemQty }), 400);
      expect((answer?.fields as Record<string, string>)['items.0.itemQty'], String(itemQty)).toBe(VALIDATION.itemQtyRange);
    }
  });

  it('quantities sent as strings, null or arrays are 400, never coerced', async () => {
    for (const itemQty of ['2', null, [2], { $gt: 0 }, true]) {
      await expectRefused(firstLine({ itemQty }), 400);
    }
  });

  it('a size the product is not sold in (cheaper per ml) is 400 naming the sizes on offer', async () => {
    const [answer] = await expectRefused(firstLine({ quantity: 123, finalPrice: 1 }), 400);
    expect((answer?.fields as Record<string, string>)['items.0.quantity']).toMatch(/not sold in 123 ml/);
  });

  it('the same product twice in one order is priced line by line, so splitting a line gains nothing', async () => {
    const body = cod({
      items: [
        { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 },
        { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 1 },
      ],
      totalAmount: 1000,
    });
    const [answer] = await expectRefused(body, 409);
    expect(answer?.totalAmount).toBe(1998);
  });

  it('split lines: the same product and size across lines counts as one line, at most 10 bottles', async () => {
    const ten = { name: 'Buffalo Ghee', quantity: 1000, itemQty: 10, finalPrice: 999 };
    for (const items of [[ten, ten, ten, ten, ten], Array.from({ length: 50 }, () => ten), [{ ...ten, itemQty: 6 }, { ...ten, itemQty: 5 }]]) {
      const bottles = items.reduce((n, l) => n + l.itemQty, 0);
      const [answer] = await expectRefused(cod({ items, totalAmount: bottles * 999 }), 400);
      expect(answer?.error).toBe('VALIDATION_FAILED');
      expect((answer?.fields as Record<string, string>)['items.1.itemQty']).toBe(VALIDATION.productSizeOverLimit('Buffalo Ghee', '1000 ml', bottles));
    }
    // Ten bottles over two lines are one order, like one line of ten.
    const fine = await codOrder(set.shop, set.customer, cod({ items: [{ ...ten, itemQty: 6 }, { ...ten, itemQty: 4 }], totalAmount: 9990 }));
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('ordering a deleted product is 400 naming the line, and no order', async () => {
    const created = await set.shop.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: set.admin.auth,
      payload: { name: 'Limited Ghee', description: 'Gone soon.', offerpercentage: 0, instock: true, ratings: 0, ratingStar: 5, price: [300], quantitysize: [250], quantity: 250 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    expect((await set.shop.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: set.admin.auth })).statusCode).toBe(204);
    const [answer] = await expectRefused(cod({ items: [{ name: 'Limited Ghee', quantity: 250, itemQty: 1, finalPrice: 300 }], totalAmount: 300 }), 400);
    expect((answer?.fields as Record<string, string>)['items.0.name']).toMatch(/We do not sell "Limited Ghee"/);
  });

  it('ordering an out-of-stock product is 400 naming the line, and no order', async () => {
    const body = { name: 'Seasonal Ghee', description: 'Winter batch.', offerpercentage: 0, instock: true, ratings: 0, ratingStar: 5, price: [400], quantitysize: [250], quantity: 250 };
    const created = await set.shop.app.inject({ method: 'POST', url: '/api/product', headers: set.admin.auth, payload: body });
    const id = created.json()._id as string;
    const sold = await codOrder(set.shop, set.customer, cod({ items: [{ name: 'Seasonal Ghee', quantity: 250, itemQty: 1, finalPrice: 400 }], totalAmount: 400 }));
    expect(sold.statusCode, sold.body).toBe(200);
    const update = await set.shop.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: set.admin.auth, payload: { ...body, instock: false } });
    expect(update.statusCode, update.body).toBe(200);
    const [answer] = await expectRefused(cod({ items: [{ name: 'Seasonal Ghee', quantity: 250, itemQty: 1, finalPrice: 400 }], totalAmount: 400 }), 400);
    expect((answer?.fields as Record<string, string>)['items.0.name']).toMatch(/out of stock/);
  });

  it('a product name differing only in case or spacing is not a cheaper product', async () => {
    await expectRefused(firstLine({ name: 'a2 desi cow ghee', finalPrice: 1 }), 400);
  });

  it('the gateway is asked for the server total in paise, never the client figure', async () => {
    const res = await createOrder(set.shop, set.customer, orderBody());
    expect(res.statusCode, res.body).toBe(200);
    const { orderid, amount } = res.json() as { orderid: string; amount: number };
    expect(amount).toBe(303_700);
    const gatewayOrder = await set.shop.app.ctx.db.selectFrom('sandbox_orders').selectAll().where('id', '=', orderid).executeTakeFirstOrThrow();
    expect(gatewayOrder.amount).toBe(303_700);
  });
});
