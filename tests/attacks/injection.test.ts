// Attack suite: SQL injection (OWASP A03, ASVS V1.2.4) in every string field and query parameter. Each string
// must come back as text (stored verbatim or refused by its field rule) and never reach the database as SQL.
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { codOrder, orderBody } from '../support/test-orders';
import { describeEachDatabase, useTestShop } from '../support/test-shop';
import { SQL_INJECTIONS, countRows, expectNoServerError } from './attack-support';

const enc = encodeURIComponent;

describeEachDatabase('attack: SQL injection', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' } });
  let baseline: { users: number; products: number };
  let registered = 0;

  beforeAll(async () => {
    baseline = { users: await countRows(set.shop, 'users'), products: await countRows(set.shop, 'products') };
  });

  async function send(options: InjectOptions, what: string) {
    const started = performance.now();
    const res = await set.shop.app.inject(options);
    expectNoServerError(res, what);
    // A stacked pg_sleep(5) that ran would show here.
    expect(performance.now() - started, `${what} took too long`).toBeLessThan(4000);
    return res;
  }

  // The injection inside a password that the new-password rules take (8 characters and more, hard to guess).
  const strongWith = (p: string) => `${p} monsoon-ladder`;

  it('login, register, billing and reset: every field', async () => {
    for (const [i, p] of SQL_INJECTIONS.entries()) {
      await send({ method: 'POST', url: '/api/account/login', payload: { email: p, password: p } }, `login ${p}`);
      await send({ method: 'POST', url: '/api/account/login', payload: { email: `${p}@example.in`, password: p } }, `login ${p}`);
      await send({ method: 'POST', url: '/api/account/resetpassword', payload: { email: p } }, `reset ${p}`);
      await send({ method: 'POST', url: '/api/account/resetnewpassword', payload: { email: set.customer.email, token: p, password: strongWith(p) } }, `reset ${p}`);
      const email = `inj${i}-${dialect}@example.in`;
      const reg = await send(
        { method: 'POST', url: '/api/account/register', payload: { username: p, emailaddress: email, mobilenumber: '9876543210', password: strongWith(p) } },
        `register ${p}`,
      );
      expect(reg.statusCode, reg.body).toBe(200);
      registered += 1;
      expect(reg.json().user.username).toBe(p.trim());
      // The password is data too: the account logs in with exactly that string.
      const back = await send({ method: 'POST', url: '/api/account/login', payload: { email, password: strongWith(p) } }, 'login back');
      expect(back.statusCode).toBe(200);
      const guest = await send(
        {
          method: 'POST',
          url: '/api/account/registeronprocess',
          payload: { name: p, email: `guest${i}-${dialect}@example.in`, mobilenumber: '9876543210', address: p, pincode: '560001', district: p, state: 'Karnataka' },
        },
        `billing ${p}`,
      );
      expect(guest.statusCode, guest.body).toBe(200);
      registered += 1;
      expect(guest.json().user).toMatchObject({ username: p.trim(), address: p.trim(), district: p.trim(), state: 'Karnataka' });
      // The state is one of the list's (DESIGN.md §8.2): anything else is refused by its field rule.
      const state = await send(
        {
          method: 'POST',
          url: '/api/account/registeronprocess',
          payload: { name: 'Guest', email: `guest${i}-state-${dialect}@example.in`, mobilenumber: '9876543210', address: 'a', pincode: '560001', district: 'd', state: p },
        },
        `billing state ${p}`,
      );
      expect(state.statusCode).toBe(400);
      expect(Object.keys(state.json().fields)).toEqual(['state']);
    }
  });

  it('profile: every field is stored verbatim', async () => {
    for (const p of SQL_INJECTIONS) {
      const body = { username: p, emailaddress: set.customer.email, address: p, pincode: '560001', state: 'Karnataka', mobilenumber: '9876543210', district: p };
      const res = await send({ method: 'PUT', url: '/api/account/profile', headers: set.customer.auth, payload: body }, `profile ${p}`);
      expect(res.statusCode, res.body).toBe(200);
      const row = await set.shop.app.ctx.db.selectFrom('users').selectAll().where('id', '=', set.customer.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ username: p.trim(), address: p.trim(), state: 'Karnataka', district: p.trim() });
      const state = await send({ method: 'PUT', url: '/api/account/profile', headers: set.customer.auth, payload: { ...body, state: p } }, `profile state ${p}`);
      expect(state.statusCode).toBe(400);
    }
  });

  it('order bodies: customer fields, note and receipt stored verbatim; an injected product name is an unknown product', async () => {
    for (const p of SQL_INJECTIONS) {
      const body = orderBody({ paymentmode: 'CASHONDELIVERY', username: p, address: p, district: p, note: p, receipt: `R-${p}` });
      const res = await send({ method: 'POST', url: '/api/checkout/codorder', headers: set.customer.auth, payload: body }, `order ${p}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ username: p.trim(), address: p.trim(), note: p.trim(), receipt: `R-${p}`.trim() });
      const bad = orderBody({ paymentmode: 'CASHONDELIVERY', items: [{ name: p, quantity: 500, itemQty: 1, finalPrice: 1019 }], totalAmount: 1019 });
      expect((await send({ method: 'POST', url: '/api/checkout/codorder', headers: set.customer.auth, payload: bad }, `item ${p}`)).statusCode).toBe(400);
    }
  });

  async function literalMatches(term: string): Promise<number> {
    const rows = await set.shop.app.ctx.db.selectFrom('orders').select(['orderid', 'username']).execute();
    const t = term.trim().toLowerCase();
    return rows.filter((r) => r.username.toLowerCase().includes(t) || r.orderid.slice(6).toLowerCase().includes(t)).length;
  }

  it('admin order list and export: q, status, sort, offset, limit and payment', async () => {
    const marked = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', username: "O'Brien %_ Ghee" }));
    expect(marked.statusCode).toBe(200);
    for (const p of SQL_INJECTIONS) {
      for (const param of ['q', 'status', 'sort', 'offset', 'limit', 'payment']) {
        for (const url of [`/api/order/admin?${param}=${enc(p)}`, `/api/admin/orders.csv?${param}=${enc(p)}`]) {
          const res = await send({ method: 'GET', url, headers: set.admin.auth }, url);
          expect([200, 400], url).toContain(res.statusCode);
          // A search that matched everything ("' OR '1'='1") would list orders it should not: only the orders
          // whose name holds the string itself (the order bodies above stored some) may come back.
          if (param === 'q' && url.startsWith('/api/order/admin')) expect(res.headers['x-total-count'], p).toBe(String(await literalMatches(p)));
        }
      }
    }
    // Quotes, % and _ are searched literally: the one order with them in its name is found, and only it.
    const hit = await send({ method: 'GET', url: `/api/order/admin?q=${enc("o'brien %_")}`, headers: set.admin.auth }, 'literal search');
    expect(hit.headers['x-total-count']).toBe('1');
  });

  it('e-mail templates, preview, status mail, outbox and settings', async () => {
    for (const p of SQL_INJECTIONS) {
      const created = await send({ method: 'POST', url: '/api/email', headers: set.admin.auth, payload: { title: p, subject: p, body: p, status: 'READY', isdefault: false } }, `template ${p}`);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ title: p.trim(), subject: p.trim(), body: p.trim() });
      await send({ method: 'DELETE', url: '/api/email', headers: set.admin.auth, payload: { id: created.json().id } }, 'template delete');
      await send({ method: 'POST', url: '/api/email/preview', headers: set.admin.auth, payload: { subject: p, body: p, orderid: p } }, `preview ${p}`);
      const status = await send({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid: p, status: 'READY' } }, `status ${p}`);
      expect(status.statusCode).toBe(404);
      await send({ method: 'GET', url: `/api/email/outbox?status=${enc(p)}&limit=${enc(p)}`, headers: set.admin.auth }, `outbox ${p}`);
      await send({ method: 'POST', url: `/api/email/outbox/${enc(p)}/retry`, headers: set.admin.auth }, `retry ${p}`);
      await send({ method: 'GET', url: `/api/email/outbox/${enc(p)}`, headers: set.admin.auth }, `mail ${p}`);
      const settings = await send(
        { method: 'PUT', url: '/api/settings', headers: set.admin.auth, payload: { emailsetting: true, customeremail: true, intialsubject: p, intialbody: p } },
        `settings ${p}`,
      );
      expect(settings.json()).toMatchObject({ intialsubject: p.trim(), intialbody: p.trim() });
      await send({ method: 'POST', url: '/api/settings/adminaccess', headers: set.admin.auth, payload: { emailaddress: p, revoke: true } }, `access ${p}`);
      await send({ method: 'POST', url: '/api/settings/adminaccess', headers: set.admin.auth, payload: { emailaddress: `${p}@example.in`, revoke: false } }, `access ${p}`);
    }
  });

  it('catalogue: product text stored verbatim, ids and image names in paths refused', async () => {
    for (const [i, p] of SQL_INJECTIONS.entries()) {
      const body = { name: `${p} ${i}`, description: p, offerpercentage: 0, instock: true, ratings: 0, ratingStar: 5, price: [100], quantitysize: [100], quantity: 100 };
      const created = await send({ method: 'POST', url: '/api/product', headers: set.admin.auth, payload: body }, `product ${p}`);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ name: `${p} ${i}`.trim(), description: p.trim() });
      await send({ method: 'DELETE', url: `/api/product/${created.json()._id}`, headers: set.admin.auth }, 'product delete');
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await send({ method, url: `/api/product/${enc(p)}`, headers: set.admin.auth, ...(method === 'PUT' ? { payload: body } : {}) }, `product id ${p}`);
        expect(res.statusCode).toBe(400);
      }
      expect((await send({ method: 'DELETE', url: `/api/product/1/images/${enc(p)}`, headers: set.admin.auth }, `image ${p}`)).statusCode).toBe(400);
      expect((await send({ method: 'GET', url: `/media/${enc(p)}` }, `media ${p}`)).statusCode).toBe(404);
    }
  });

  it('payment ids in confirmation, admin verification, the sandbox and the webhook', async () => {
    for (const p of SQL_INJECTIONS) {
      const confirm = await send({ method: 'PUT', url: '/api/checkout/updateorder', headers: set.customer.auth, payload: { orderid: p, paymentid: p, paymentsignature: p } }, `confirm ${p}`);
      expect(confirm.statusCode).toBe(404);
      const verify = await send({ method: 'POST', url: '/api/checkout/verifypayment', headers: set.admin.auth, payload: { orderid: p, paymentid: p } }, `verify ${p}`);
      expect(verify.json()).toBe(false);
      const pay = await send({ method: 'POST', url: '/sandbox/pay', payload: { order_id: p, key_id: 'rzp_test_sandbox', card: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' } } }, `pay ${p}`);
      expect(pay.statusCode).toBe(404);
      const hook = await send({ method: 'POST', url: '/api/checkout/webhook', headers: { 'content-type': 'application/json', 'x-razorpay-signature': p, 'x-razorpay-event-id': p }, payload: JSON.stringify({ event: p }) }, `webhook ${p}`);
      expect(hook.statusCode).toBe(400);
    }
  });

  it('afterwards every table is still there and holds exactly what the legitimate calls wrote', async () => {
    expect(await countRows(set.shop, 'users')).toBe(baseline.users + registered);
    expect(await countRows(set.shop, 'products')).toBe(baseline.products);
    expect(await countRows(set.shop, 'orders')).toBe(SQL_INJECTIONS.length + 1);
    const admins = await set.shop.app.ctx.db.selectFrom('user_roles').select('user_id').where('role', '=', 'ADMIN').execute();
    expect(admins.map((a) => a.user_id)).toEqual([set.admin.id]);
    const login = await set.shop.app.inject({ method: 'POST', url: '/api/account/login', payload: { email: set.admin.email, password: 'admin-password' } });
    expect(login.statusCode).toBe(200);
  });
});
