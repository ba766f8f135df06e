// Contract suite: every call of SPEC.md §7 replayed as the original React client makes it (its exact bodies, its
// bearer header, from its own origin), judged as it judges them: status 200 and the fields it reads. DESIGN.md §7.4.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { settledMailbox } from '../support/test-orders';
import { createTestShop, describeEachDatabase, type TestShop } from '../support/test-shop';
import {
  BILLING,
  cartLineFromDetail,
  cartLineFromList,
  expectOriginalSuccess,
  expectReads,
  ORDER_READS,
  ORIGINAL_CLIENT_ENV,
  ORIGINAL_KEY_ID,
  ORIGINAL_ORIGIN,
  originalOrderBody,
  REFUSED_ORIGIN,
  replay,
  USER_READS,
  type OriginalCartLine,
  type OriginalProduct,
} from './original-client';

/** Every call of SPEC.md §7 (method and path), each asked about by a preflight before the browser sends it. */
const ORIGINAL_CALLS = [
  ['POST', '/api/account/register'],
  ['POST', '/api/account/login'],
  ['POST', '/api/account/registeronprocess'],
  ['POST', '/api/account/resetpassword'],
  ['PUT', '/api/account/profile'],
  ['GET', '/api/public/product'],
  ['POST', '/api/checkout/createorder'],
  ['POST', '/api/checkout/codorder'],
  ['PUT', '/api/checkout/updateorder'],
  ['POST', '/api/checkout/verifypayment'],
  ['GET', '/api/order'],
  ['GET', '/api/order/admin'],
  ['POST', '/api/email'],
  ['GET', '/api/email'],
  ['PUT', '/api/email'],
  ['DELETE', '/api/email'],
  ['PUT', '/api/email/admin/email'],
  ['GET', '/api/settings'],
  ['PUT', '/api/settings'],
  ['POST', '/api/settings/adminaccess'],
  ['GET', '/sandbox/orders/order_X'],
  ['POST', '/sandbox/pay'],
] as const;

const CUSTOMER = { username: 'Meera Nair', emailaddress: 'meera@example.in', mobilenumber: '9900112233', password: 'ghee-lover-7' };
const ADMIN = { email: 'admin@gheeshop.test', password: 'admin-password' };

describeEachDatabase('the original client against this API', (dialect) => {
  let shop: TestShop;
  let products: OriginalProduct[];
  let customerToken: string;
  let adminToken: string;
  let cart: OriginalCartLine[];
  let paid: { orderid: string; paymentid: string; totalAmount: number };

  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: ORIGINAL_CLIENT_ENV });
  });
  afterAll(async () => shop.close());

  const product = (name: string) => {
    const found = products.find((p) => p.name === name);
    if (!found) throw new Error(`seed has no ${name}`);
    return found;
  };

  it('preflights: every call is granted from the original\'s origin, none from a refused one', async () => {
    const ask = (origin: string, method: string, url: string) =>
      shop.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' } });
    for (const [method, url] of ORIGINAL_CALLS) {
      const granted = await ask(ORIGINAL_ORIGIN, method, url);
      expect(granted.statusCode, `${method} ${url}`).toBe(204);
      expect(granted.headers['access-control-allow-origin']).toBe(ORIGINAL_ORIGIN);
      expect(String(granted.headers['access-control-allow-methods']).split(', ')).toContain(method);
      expect(String(granted.headers['access-control-allow-headers']).toLowerCase()).toBe('content-type, authorization');
      const refused = await ask(REFUSED_ORIGIN, method, url);
      expect(refused.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
      expect(refused.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('GET the public product list: an array of products with every field the original selects', async () => {
    const res = await replay(shop, 'GET', '/api/public/product');
    expect(res.statusCode).toBe(200);
    products = res.json();
    expect(products.length).toBeGreaterThan(1);
    for (const p of products) {
      expect(p).toMatchObject({
        _id: expect.any(String),
        name: expect.any(String),
        offerpercentage: expect.any(Number),
        instock: expect.any(Boolean),
        ratings: expect.any(Number),
        ratingStar: expect.any(Number),
        description: expect.any(String),
        quantity: expect.any(Number),
      });
      expect(p.price.length).toBe(p.quantitysize.length);
      expect(Array.isArray(p.images)).toBe(true);
    }
    // From the product list (default size) and from the detail page (another size, two bottles, an offer).
    const offered = product('A2 Desi Cow Ghee');
    expect(offered.offerpercentage).toBeGreaterThan(0);
    cart = [cartLineFromList(product('Buffalo Ghee')), cartLineFromDetail(offered, offered.quantitysize[1] ?? offered.quantity, 2)];
  });

  it('register: token and user with every field the original keeps', async () => {
    const res = await replay(shop, 'POST', '/api/account/register', { body: CUSTOMER });
    const body = expectOriginalSuccess(res, { token: 'string', user: 'object' });
    expectReads(body.user, USER_READS);
    expect(body.user).toMatchObject({ username: CUSTOMER.username, emailaddress: CUSTOMER.emailaddress, roles: ['USER'] });
  });

  it('login: the same answer; its token is the stored bearer for every later call', async () => {
    const res = await replay(shop, 'POST', '/api/account/login', { body: { email: CUSTOMER.emailaddress, password: CUSTOMER.password } });
    const body = expectOriginalSuccess(res, { token: 'string', user: 'object' });
    customerToken = body.token as string;
    expect((body.user as { emailaddress: string }).emailaddress).toBe(CUSTOMER.emailaddress);
  });

  it('registration on the fly at billing (a guest): token and user', async () => {
    const res = await replay(shop, 'POST', '/api/account/registeronprocess', { body: BILLING });
    const body = expectOriginalSuccess(res, { token: 'string', user: 'object' });
    expect(body.user).toMatchObject({ username: BILLING.name, emailaddress: BILLING.email, pincode: BILLING.pincode, district: BILLING.district });
  });

  it('profile update with the fields the account page sends', async () => {
    const profile = { username: CUSTOMER.username, emailaddress: CUSTOMER.emailaddress, address: '21 Canal Road', pincode: '682001', state: 'Kerala', mobilenumber: CUSTOMER.mobilenumber, district: 'Ernakulam' };
    const res = await replay(shop, 'PUT', '/api/account/profile', { token: customerToken, body: profile });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ address: '21 Canal Road', district: 'Ernakulam' });
  });

  it('createorder with the original cart lines: 200 and every field the payment dialog is opened with', async () => {
    // The draft's own id (a random number below 1000) is one of the fields dropped.
    const body = { ...originalOrderBody(BILLING, cart, 'ONLINE'), id: 999 };
    const res = await replay(shop, 'POST', '/api/checkout/createorder', { token: customerToken, body });
    const answer = expectOriginalSuccess(res, { totalAmount: 'number', orderid: 'string', username: 'string', emailaddress: 'string', mobilenumber: 'string', address: 'string' });
    expect(answer.totalAmount).toBe(body.totalAmount);
    expect(answer.orderid).toMatch(/^order_/);
    paid = { orderid: answer.orderid as string, paymentid: '', totalAmount: body.totalAmount };
    // Only what the order needs was stored: the lines' four fields, the shop's own id, no draft id.
    const row = await shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', paid.orderid).executeTakeFirstOrThrow();
    expect(row.id).not.toBe(999);
    const lines = await replay(shop, 'GET', '/api/order', { token: customerToken });
    const stored = (lines.json() as { orderid: string; items: object[] }[]).find((o) => o.orderid === paid.orderid);
    expect(stored?.items).toEqual(cart.map((l) => ({ name: l.name, quantity: l.quantity, itemQty: l.itemQty, finalPrice: l.finalPrice })));
  });

  it('the sandbox dialog, opened with the original key id and its rupee total, charges the order as created', async () => {
    // The page passes amount: totalAmount (rupees); the dialog reads the order from the gateway instead.
    const view = await replay(shop, 'GET', `/sandbox/orders/${paid.orderid}?key_id=${ORIGINAL_KEY_ID}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ id: paid.orderid, amount: paid.totalAmount * 100, currency: 'INR' });
    const card = { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' };
    const pay = await replay(shop, 'POST', '/sandbox/pay', { body: { order_id: paid.orderid, key_id: ORIGINAL_KEY_ID, card } });
    expect(pay.statusCode, pay.body).toBe(200);
    const handler = pay.json() as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    const payment = await shop.app.ctx.db.selectFrom('sandbox_payments').select('amount').where('id', '=', handler.razorpay_payment_id).executeTakeFirstOrThrow();
    expect(payment.amount).toBe(paid.totalAmount * 100);

    // The original's confirmation: paymentid, orderid, paymentsignature; 200 means true.
    const confirmation = { paymentid: handler.razorpay_payment_id, orderid: handler.razorpay_order_id, paymentsignature: handler.razorpay_signature };
    const res = await replay(shop, 'PUT', '/api/checkout/updateorder', { token: customerToken, body: confirmation });
    expect(res.statusCode, res.body).toBe(200);
    paid.paymentid = handler.razorpay_payment_id;
  });

  it('a wrong total with the original cart lines is still 409 PRICE_CHANGED, and nothing is written', async () => {
    const before = await shop.app.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const url of ['/api/checkout/createorder', '/api/checkout/codorder']) {
      const body = { ...originalOrderBody(BILLING, cart, 'ONLINE'), totalAmount: 10 };
      const res = await replay(shop, 'POST', url, { token: customerToken, body });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error).toBe('PRICE_CHANGED');
    }
    const after = await shop.app.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('codorder with the same body places cash-on-delivery orders; a line with no itemQty counts as one bottle', async () => {
    const noQty = { ...cartLineFromList(product('Buffalo Ghee')) };
    delete noQty.itemQty;
    for (let i = 0; i < 6; i += 1) {
      const body = originalOrderBody(BILLING, i === 0 ? [noQty] : cart, 'CASHONDELIVERY');
      const res = await replay(shop, 'POST', '/api/checkout/codorder', { token: customerToken, body });
      expectOriginalSuccess(res, ORDER_READS);
      expect(res.json()).toMatchObject({ paymentmode: 'CASHONDELIVERY', status: 'PREPARATION', totalAmount: body.totalAmount });
      if (i === 0) expect(res.json().items).toEqual([{ name: noQty.name, quantity: noQty.quantity, itemQty: 1, finalPrice: noQty.finalPrice }]);
    }
  });

  it('Your Orders: the caller\'s orders with every field the order cards read', async () => {
    const res = await replay(shop, 'GET', '/api/order', { token: customerToken });
    expect(res.statusCode).toBe(200);
    const orders = res.json() as Record<string, unknown>[];
    expect(orders).toHaveLength(7);
    for (const order of orders) expectReads(order, ORDER_READS);
    expect(orders.find((o) => o.orderid === paid.orderid)).toMatchObject({ paymentid: paid.paymentid, paymentmode: 'ONLINE' });
  });

  it('admin login, then the admin list without parameters: every order (not a page of 5), total in X-Total-Count', async () => {
    const login = expectOriginalSuccess(await replay(shop, 'POST', '/api/account/login', { body: ADMIN }), { token: 'string', user: 'object' });
    adminToken = login.token as string;
    expect((login.user as { roles: string[] }).roles).toContain('ADMIN');
    const res = await replay(shop, 'GET', '/api/order/admin', { token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(7);
    expect(res.headers['x-total-count']).toBe('7');
    expect(res.headers['access-control-expose-headers']).toMatch(/X-Total-Count/i);
  });

  it('payment verification: true for the paid order\'s payment, false for another', async () => {
    const ok = await replay(shop, 'POST', '/api/checkout/verifypayment', { token: adminToken, body: { orderid: paid.orderid, paymentid: paid.paymentid } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toBe(true);
    const other = await replay(shop, 'POST', '/api/checkout/verifypayment', { token: adminToken, body: { orderid: paid.orderid, paymentid: 'pay_NotThisOne0000' } });
    expect(other.json()).toBe(false);
  });

  it('templates: list, add, update with the original\'s bare placeholder words, delete', async () => {
    const list = await replay(shop, 'GET', '/api/email', { token: adminToken });
    expect(list.statusCode).toBe(200);
    const templates = list.json() as { id: number; title: string; subject: string; body: string; status: string; isdefault: boolean }[];
    for (const t of templates) expect(Object.keys(t).sort()).toEqual(['body', 'id', 'isdefault', 'status', 'subject', 'title']);

    const added = await replay(shop, 'POST', '/api/email', { token: adminToken, body: { subject: 'On its way', body: 'Hello CUSTOMERNAME', isdefault: false, title: 'Rider on the way', status: 'OUTFORDELIVERY' } });
    expect(added.statusCode, added.body).toBe(200);

    const ready = templates.find((t) => t.status === 'READY' && t.isdefault);
    if (!ready) throw new Error('seed has no default READY template');
    const edited = { ...ready, subject: 'Order ORDERID is ready', body: 'Dear CUSTOMERNAME,\nRECIPET: TOTALAMOUNT for ITEMS.\nTo ADDRESS, DISTRICT, STATE PINCODE (MOBILENUMBER). Paid: PAYMENTID' };
    expect((await replay(shop, 'PUT', '/api/email', { token: adminToken, body: edited })).statusCode).toBe(200);

    const after = (await replay(shop, 'GET', '/api/email', { token: adminToken })).json() as typeof templates;
    const created = after.find((t) => t.title === 'Rider on the way');
    if (!created) throw new Error('the added template is not listed');
    expect((await replay(shop, 'DELETE', '/api/email', { token: adminToken, body: created })).statusCode).toBe(200);
  });

  it('status mail: 200, and the mail fills the bare words (escaped in HTML) in subject and body', async () => {
    const res = await replay(shop, 'PUT', '/api/email/admin/email', { token: adminToken, body: { orderid: paid.orderid, status: 'READY' } });
    expect(res.statusCode, res.body).toBe(200);
    const short = paid.orderid.slice('order_'.length);
    const mail = (await settledMailbox(shop)).find((m) => m.subject === `Order ${short} is ready`);
    expect(mail, 'the status mail with the subject filled in').toBeDefined();
    expect(mail?.text).toContain(`Dear ${BILLING.name},`);
    expect(mail?.text).toMatch(/Receipt-\d+: Rs\. [\d,]+ for Buffalo Ghee/);
    expect(mail?.text).toContain(`${BILLING.address}, ${BILLING.district}, ${BILLING.state} ${BILLING.pincode} (${BILLING.mobilenumber}). Paid: ${paid.paymentid.slice(4)}`);
    expect(mail?.html).toContain('7 Kutchery Road &amp; Lane, Mylapore');
    expect(mail?.text).not.toMatch(/\b(CUSTOMERNAME|ORDERID|RECIPET|TOTALAMOUNT|ITEMS|ADDRESS|PAYMENTID)\b/);
  });

  it('settings: read and replace the four fields; the initial mail fills bare words too', async () => {
    const got = expectOriginalSuccess(await replay(shop, 'GET', '/api/settings', { token: adminToken }), {
      emailsetting: 'boolean',
      customeremail: 'boolean',
      intialbody: 'string',
      intialsubject: 'string',
    });
    const next = { emailsetting: got.emailsetting, intialsubject: 'Thank you CUSTOMERNAME', intialbody: 'We got order ORDERID of TOTALAMOUNT.', customeremail: true };
    expect((await replay(shop, 'PUT', '/api/settings', { token: adminToken, body: next })).statusCode).toBe(200);
    const placed = await replay(shop, 'POST', '/api/checkout/codorder', { token: customerToken, body: originalOrderBody(BILLING, cart, 'CASHONDELIVERY') });
    expect(placed.statusCode).toBe(200);
    const mail = (await settledMailbox(shop)).find((m) => m.subject === `Thank you ${BILLING.name}`);
    expect(mail?.text).toContain(`We got order ${(placed.json().orderid as string).slice(6)} of Rs. `);
  });

  it('admin access: grant and revoke answer a message the original shows as a toast', async () => {
    for (const revoke of [false, true]) {
      const res = await replay(shop, 'POST', '/api/settings/adminaccess', { token: adminToken, body: { emailaddress: CUSTOMER.emailaddress, revoke } });
      expect(res.statusCode, res.body).toBe(200);
      expect(typeof res.json()).toBe('string');
    }
  });

  it('reset request: 200, and the mailed link opens this shop\'s own reset page on PUBLIC_URL', async () => {
    const res = await replay(shop, 'POST', '/api/account/resetpassword', { body: { email: CUSTOMER.emailaddress } });
    expect(res.statusCode).toBe(200);
    const mail = (await settledMailbox(shop)).filter((m) => m.to.includes(CUSTOMER.emailaddress)).at(-1);
    expect(mail?.text).toContain(`${ORIGINAL_CLIENT_ENV.PUBLIC_URL}/resetpassword?email=${encodeURIComponent(CUSTOMER.emailaddress)}&token=`);
  });

  it('refused on purpose: the original reset page "resets" by logging in with the new password, which is a 401 and changes nothing', async () => {
    const res = await replay(shop, 'POST', '/api/account/login', { body: { email: CUSTOMER.emailaddress, password: 'brand-new-pass-9' } });
    expect(res.statusCode).toBe(401);
    const old = await replay(shop, 'POST', '/api/account/login', { body: { email: CUSTOMER.emailaddress, password: CUSTOMER.password } });
    expect(old.statusCode).toBe(200);
  });

  it('refused on purpose: no answer echoes the password, so the original keeps none in its session', async () => {
    const answers = [
      await replay(shop, 'POST', '/api/account/login', { body: { email: CUSTOMER.emailaddress, password: CUSTOMER.password } }),
      await replay(shop, 'POST', '/api/account/register', { body: { ...CUSTOMER, emailaddress: 'echo@example.in' } }),
      await replay(shop, 'POST', '/api/account/registeronprocess', { body: { ...BILLING, email: 'echo-guest@example.in' } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().user).not.toHaveProperty('password');
      expect(res.body).not.toContain(CUSTOMER.password);
    }
  });
});
