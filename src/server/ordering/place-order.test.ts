import { orderNumber } from '../../domain/display';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { orderSchema } from '../../domain/schemas/order';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { getSettings, saveSettings } from '../settings/settings-repository';
import { codOrder, confirm, countRows, createOrder, orderBody, sandboxPay, settledMailbox } from '../../../tests/support/test-orders';

describeEachDatabase('placing orders', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());
  beforeEach(async () => {
    user = await createTestUser(shop);
  });

  async function ordersOf(u: TestUser) {
    return shop.app.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', u.id).execute();
  }

  it('a COD checkout leaves one order with its own lines, the server total, and the order-placed mails', async () => {
    const before = (await settledMailbox(shop)).length;
    const body = orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: 'billing@example.in', username: 'Asha <b>Verma</b>' });
    const res = await codOrder(shop, user, body);
    expect(res.statusCode).toBe(200);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({
      orderid: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      paymentid: '',
      status: 'PREPARATION',
      paymentmode: 'CASHONDELIVERY',
      paymentstatus: 'COD',
      totalAmount: 3037,
      username: 'Asha <b>Verma</b>',
      // The account's, not the billing form's (DESIGN.md §7.1).
      emailaddress: user.email,
      note: 'Please ring twice',
      receipt: body.receipt,
      items: [
        { name: 'A2 Desi Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 1019 },
        { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 },
      ],
    });
    const rows = await ordersOf(user);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, total_amount: 3037, gateway_order_id: null });
    // Stamped in shop time, so the first 10 characters are the shop's date.
    expect(rows[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/);

    const mails = (await settledMailbox(shop)).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@gheeshop.test', user.email].sort());
    const shortId = orderNumber(order.id);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Thank you for your order ${shortId}`);
      expect(mail.text).toContain('Namaste Asha <b>Verma</b>,');
      expect(mail.text).toContain('A2 Desi Cow Ghee - 500 ml x 2 - Rs. 2,038');
      expect(mail.text).toContain('Total: Rs. 3,037');
      // Customer text is escaped in the HTML part.
      expect(mail.html).toContain('Asha &lt;b&gt;Verma&lt;/b&gt;');
    }
  });

  it("follows the settings: customer copy only with customeremail, shop copy only with emailsetting, the initial subject and body", async () => {
    const db = shop.app.ctx.db;
    const original = await getSettings(db);
    try {
      const cases = [
        { emailsetting: false, customeremail: true, to: [user.email] },
        { emailsetting: true, customeremail: false, to: ['admin@gheeshop.test'] },
        { emailsetting: false, customeremail: false, to: [] },
      ];
      for (const c of cases) {
        await saveSettings(db, { ...original, ...c, intialsubject: 'Got it: {{orderId}}', intialbody: 'Hi {{customerName}}, {{totalAmount}} for {{receipt}}' });
        const before = (await settledMailbox(shop)).length;
        const body = orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: 'shopper@example.in' });
        const order = (await codOrder(shop, user, body)).json();
        const mails = (await settledMailbox(shop)).slice(before);
        expect(mails.map((m) => m.to)).toEqual(c.to);
        for (const m of mails) {
          expect(m.subject).toBe(`Got it: ${order.orderid.slice(6)}`);
          // The shop's copy opens with what the owner acts on (the customer's note too) and the order's page in the
          // dashboard; the template's words are the same.
          const summary = `New order ${orderNumber(order.id)}: Rs. 3,037, cash on delivery, from Asha Verma, 9876543210.\nTheir note: Please ring twice\n\n`;
          const link = m.to === user.email ? '' : `${summary}Open this order in the dashboard: ${shop.app.ctx.config.PUBLIC_URL}/admin/orders/${order.orderid}\n\n`;
          expect(m.text).toBe(`${link}Hi Asha Verma, Rs. 3,037 for ${body.receipt}`);
        }
      }
    } finally {
      await saveSettings(db, original);
    }
  });

  it('createorder answers what the payment dialog needs and queues no mail yet', async () => {
    const before = (await settledMailbox(shop)).length;
    const body = orderBody();
    const res = await createOrder(shop, user, body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      orderid: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      orderNumber: expect.stringMatching(/^GS-\d{4,}$/),
      totalAmount: 3037,
      amount: 303700,
      currency: 'INR',
      keyid: 'rzp_test_sandbox',
      username: 'Asha Verma',
      emailaddress: user.email,
      mobilenumber: '9876543210',
      address: '12 Temple Street',
      paymentstatus: 'PENDING',
    });
    const [row] = await ordersOf(user);
    expect(row).toMatchObject({ orderid: answer.orderid, gateway_order_id: answer.orderid, payment_status: 'PENDING', paymentmode: 'ONLINE' });
    const sandboxOrder = await shop.app.ctx.db.selectFrom('sandbox_orders').selectAll().where('id', '=', answer.orderid).executeTakeFirst();
    expect(sandboxOrder).toMatchObject({ amount: 303700, currency: 'INR', receipt: body.receipt });
    expect((await settledMailbox(shop)).length).toBe(before);
  });

  it('tampered prices or totals get 409 PRICE_CHANGED with the current prices, and nothing is created', async () => {
    const ordersBefore = await countRows(shop, 'orders');
    const sandboxBefore = await countRows(shop, 'sandbox_orders');
    const cheap = orderBody({
      items: [
        { name: 'A2 Desi Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 1 },
        { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 },
      ],
      totalAmount: 1001,
    });
    for (const send of [createOrder, codOrder]) {
      const res = await send(shop, user, cheap);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'PRICE_CHANGED',
        message: expect.stringContaining('Rs. 3,037'),
        prices: [
          { name: 'A2 Desi Cow Ghee', quantity: 500, finalPrice: 1019 },
          { name: 'Buffalo Ghee', quantity: 1000, finalPrice: 999 },
        ],
        totalAmount: 3037,
      });
      const wrongTotal = await send(shop, user, orderBody({ totalAmount: 3000 }));
      expect(wrongTotal.statusCode).toBe(409);
      expect(wrongTotal.json()).toMatchObject({ error: 'PRICE_CHANGED', totalAmount: 3037 });
    }
    expect(await countRows(shop, 'orders')).toBe(ordersBefore);
    expect(await countRows(shop, 'sandbox_orders')).toBe(sandboxBefore);
  });

  it('rejects quantities 0, -1, 11 and 2.5 under the line\'s field, creating nothing', async () => {
    const before = await countRows(shop, 'orders');
    for (const itemQty of [0, -1, 11, 2.5]) {
      for (const send of [createOrder, codOrder]) {
        const body = orderBody({ items: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty, finalPrice: 999 }], totalAmount: 999 });
        const res = await send(shop, user, body);
        expect(res.statusCode, `itemQty ${itemQty}`).toBe(400);
        expect(res.json().fields).toEqual({ 'items.0.itemQty': 'Quantity must be between 1 and 10' });
      }
    }
    expect(await countRows(shop, 'orders')).toBe(before);
  });

  it('rejects unknown products, sizes a product is not sold in and out-of-stock products, naming the line', async () => {
    const before = await countRows(shop, 'orders');
    const sandboxBefore = await countRows(shop, 'sandbox_orders');
    const good = { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 };
    const cases = [
      { line: { name: 'Moon Ghee', quantity: 500, itemQty: 1, finalPrice: 100 }, field: 'items.1.name', message: 'We do not sell "Moon Ghee". Remove it from your cart and try again.' },
      { line: { name: 'A2 Desi Cow Ghee', quantity: 750, itemQty: 1, finalPrice: 100 }, field: 'items.1.quantity', message: 'A2 Desi Cow Ghee is not sold in 750 ml. Choose 250 ml, 500 ml or 1000 ml.' },
      { line: { name: 'Himalayan Badri Cow Ghee', quantity: 250, itemQty: 1, finalPrice: 854 }, field: 'items.1.name', message: 'Himalayan Badri Cow Ghee is out of stock. Remove it from your cart to continue.' },
    ];
    for (const c of cases) {
      for (const send of [createOrder, codOrder]) {
        const res = await send(shop, user, orderBody({ items: [good, c.line], totalAmount: 999 + c.line.finalPrice }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'VALIDATION_FAILED', message: c.message, fields: { [c.field]: c.message } });
      }
    }
    expect(await countRows(shop, 'orders')).toBe(before);
    expect(await countRows(shop, 'sandbox_orders')).toBe(sandboxBefore);
  });

  it('the same receipt twice gives one order, for online and COD, in sequence and all at once', async () => {
    const online = orderBody();
    const first = await createOrder(shop, user, online);
    const again = await createOrder(shop, user, online);
    expect(again.statusCode).toBe(200);
    expect(again.json().orderid).toBe(first.json().orderid);

    const cod = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const results = await Promise.all(Array.from({ length: 8 }, () => codOrder(shop, user, cod)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json().orderid)).size).toBe(1);

    const racing = orderBody();
    const created = await Promise.all(Array.from({ length: 8 }, () => createOrder(shop, user, racing)));
    expect(created.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(created.map((r) => r.json().orderid)).size).toBe(1);

    expect(await ordersOf(user)).toHaveLength(3);
    const mails = await settledMailbox(shop);
    const codId = orderNumber(results[0]?.json().id);
    expect(mails.filter((m) => m.subject.includes(codId))).toHaveLength(2);
  });

  it('a receipt reused for other items is a conflict; an unpaid online order can switch to COD once', async () => {
    const body = orderBody();
    const online = await createOrder(shop, user, body);
    const changed = await createOrder(shop, user, { ...body, items: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 }], totalAmount: 999 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe('CONFLICT');

    const before = (await settledMailbox(shop)).length;
    const switched = await codOrder(shop, user, { ...body, paymentmode: 'CASHONDELIVERY' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ orderid: online.json().orderid, paymentmode: 'CASHONDELIVERY', paymentstatus: 'COD' });
    const twice = await codOrder(shop, user, { ...body, paymentmode: 'CASHONDELIVERY' });
    expect(twice.json().orderid).toBe(online.json().orderid);
    expect((await settledMailbox(shop)).length - before).toBe(2);

    const backToOnline = await createOrder(shop, user, body);
    expect(backToOnline.statusCode).toBe(409);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('a COD retry after a price change answers the order already placed; a new receipt is told the new price', async () => {
    const body = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const placed = await codOrder(shop, user, body);
    expect(placed.statusCode).toBe(200);
    const { db } = shop.app.ctx;
    const buffalo = await db.selectFrom('products').select('id').where('name', '=', 'Buffalo Ghee').executeTakeFirstOrThrow();
    const priceNow = () => db.selectFrom('product_sizes').select('price').where('product_id', '=', buffalo.id).where('size_ml', '=', 1000);
    const before = (await priceNow().executeTakeFirstOrThrow()).price;
    await db.updateTable('product_sizes').set({ price: before + 100 }).where('product_id', '=', buffalo.id).where('size_ml', '=', 1000).execute();
    try {
      const retry = await codOrder(shop, user, body);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ orderid: placed.json().orderid, totalAmount: body.totalAmount });
      const fresh = await codOrder(shop, user, orderBody({ paymentmode: 'CASHONDELIVERY' }));
      expect(fresh.statusCode).toBe(409);
      expect(fresh.json()).toMatchObject({ error: 'PRICE_CHANGED', totalAmount: body.totalAmount + 100 });
    } finally {
      await db.updateTable('product_sizes').set({ price: before }).where('product_id', '=', buffalo.id).where('size_ml', '=', 1000).execute();
    }
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('a COD retry after a product ran out answers the order already placed; a new receipt is refused', async () => {
    const body = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const placed = await codOrder(shop, user, body);
    expect(placed.statusCode).toBe(200);
    const { db } = shop.app.ctx;
    await db.updateTable('products').set({ instock: 0 }).where('name', '=', 'Buffalo Ghee').execute();
    try {
      const retry = await codOrder(shop, user, body);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().orderid).toBe(placed.json().orderid);
      const fresh = await codOrder(shop, user, orderBody({ paymentmode: 'CASHONDELIVERY' }));
      expect(fresh.statusCode).toBe(400);
      expect(fresh.json().message).toBe('Buffalo Ghee is out of stock. Remove it from your cart to continue.');
    } finally {
      await db.updateTable('products').set({ instock: 1 }).where('name', '=', 'Buffalo Ghee').execute();
    }
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('a COD request with the receipt of an order already paid online answers that paid order and sends no mail', async () => {
    const body = orderBody();
    const { orderid } = (await createOrder(shop, user, body)).json();
    const paid = (await sandboxPay(shop, orderid)).json();
    const confirmed = await confirm(shop, user, { orderid, paymentid: paid.razorpay_payment_id, paymentsignature: paid.razorpay_signature });
    expect(confirmed.json()).toMatchObject({ paymentstatus: 'PAID' });
    const mailsBefore = (await settledMailbox(shop)).length;
    const asCod = await Promise.all(Array.from({ length: 3 }, () => codOrder(shop, user, { ...body, paymentmode: 'CASHONDELIVERY' })));
    expect(asCod.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const r of asCod) expect(r.json()).toMatchObject({ orderid, paymentmode: 'ONLINE', paymentstatus: 'PAID' });
    expect((await settledMailbox(shop)).length).toBe(mailsBefore);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('takes the account from the token, the customer details from the billing form, and the e-mail from the account', async () => {
    const other = await createTestUser(shop);
    const res = await codOrder(shop, user, orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: other.email }));
    expect(res.statusCode).toBe(200);
    expect(await ordersOf(other)).toHaveLength(0);
    expect((await ordersOf(user))[0]?.emailaddress).toBe(user.email);
  });

  it('needs a logged-in user', async () => {
    for (const url of ['/api/checkout/createorder', '/api/checkout/codorder']) {
      const res = await shop.app.inject({ method: 'POST', url, payload: orderBody() });
      expect(res.statusCode).toBe(401);
    }
  });
});
