// Attack suite: broken access control (OWASP A01, ASVS V8). Every admin call, another customer's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codOrder, createOrder, orderBody } from '../support/test-orders';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';
import { PUBLIC_API, USER_API, concreteUrl, listRoutes, routeKey, type RouteEntry } from './attack-support';

describeEachDatabase('attack: broken access control', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let victim: TestUser;
  let attacker: TestUser;
  let apiRoutes: RouteEntry[];

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    admin = await adminOf(shop);
    victim = await createTestUser(shop, { username: 'Victim Customer' });
    attacker = await createTestUser(shop, { username: 'Attacker Customer' });
    apiRoutes = listRoutes(shop.app).filter((r) => r.url.startsWith('/api/'));
  });
  afterAll(async () => shop.close());

  const adminRoutes = () => apiRoutes.filter((r) => !PUBLIC_API.has(routeKey(r)) && !USER_API.has(routeKey(r)));
  const call = (route: RouteEntry, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method: route.method as 'GET',
      url: concreteUrl(route.url),
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('finds the admin calls to attack (every /api route not listed as public or for customers)', () => {
    const admins = adminRoutes().map(routeKey);
    expect(admins.length).toBeGreaterThanOrEqual(20);
    for (const known of ['GET /api/order/admin', 'PUT /api/email/admin/email', 'POST /api/settings/adminaccess', 'POST /api/checkout/verifypayment', 'DELETE /api/product/:id']) {
      expect(admins).toContain(known);
    }
    // A listed public or customer call that no longer exists would make the lists lie.
    const all = new Set(apiRoutes.map(routeKey));
    for (const key of [...PUBLIC_API, ...USER_API]) expect(all, key).toContain(key);
  });

  it('every admin call answers 401 to an anonymous caller, before reading the body', async () => {
    for (const route of adminRoutes()) {
      const res = await call(route);
      expect(res.statusCode, `${routeKey(route)}: ${res.body}`).toBe(401);
      expect(res.json().error).toBe('UNAUTHORIZED');
    }
  });

  it('every admin call answers 403 to a USER token, before reading the body', async () => {
    for (const route of adminRoutes()) {
      const res = await call(route, attacker.auth);
      expect(res.statusCode, `${routeKey(route)}: ${res.body}`).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
    }
  });

  it('every customer call answers 401 to an anonymous caller', async () => {
    for (const key of USER_API) {
      const [method = '', url = ''] = key.split(' ');
      const res = await call({ method, url });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(401);
    }
  });

  it("reading another customer's orders: the list is the caller's own whatever id or email the request names", async () => {
    const placed = await codOrder(shop, victim, orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: victim.email }));
    expect(placed.statusCode).toBe(200);
    const victimOrderId = placed.json().orderid as string;
    for (const query of ['', `?email=${victim.email}`, `?emailaddress=${victim.email}`, `?userId=${victim.id}`, `?id=${placed.json().id}`]) {
      const res = await shop.app.inject({ method: 'GET', url: `/api/order${query}`, headers: attacker.auth });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(victimOrderId);
    }
    // The admin list and export stay closed to customers whatever the query asks for.
    const search = await shop.app.inject({ method: 'GET', url: `/api/order/admin?q=${victimOrderId}`, headers: attacker.auth });
    expect(search.statusCode).toBe(403);
  });

  it("confirming a payment on another customer's order answers 404 and leaves it unpaid", async () => {
    const online = await createOrder(shop, victim);
    const { orderid } = online.json() as { orderid: string };
    const res = await shop.app.inject({
      method: 'PUT',
      url: '/api/checkout/updateorder',
      headers: attacker.auth,
      payload: { orderid, paymentid: 'pay_AAAAAAAAAAAAAA', paymentsignature: 'f'.repeat(64) },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Victim');
    const row = await shop.app.ctx.db.selectFrom('orders').select(['payment_status', 'user_id']).where('orderid', '=', orderid).executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_status: 'PENDING', user_id: victim.id });
  });

  it("paying another customer's order is refused: payorder answers 404 and tells nothing of the order", async () => {
    const { orderid } = (await createOrder(shop, victim)).json() as { orderid: string };
    const res = await shop.app.inject({ method: 'POST', url: '/api/checkout/payorder', headers: attacker.auth, payload: { orderid } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('NOT_FOUND');
    expect(res.body).not.toContain('Victim');
    expect(res.body).not.toMatch(/amount|keyid/);
    // The owner is answered the same gateway order, so the refusal is about the caller and nothing else.
    const own = await shop.app.inject({ method: 'POST', url: '/api/checkout/payorder', headers: victim.auth, payload: { orderid } });
    expect(own.statusCode).toBe(200);
    expect(own.json().orderid).toBe(orderid);
  });

  it("reusing another customer's receipt makes a new order of the caller's own and leaves the victim's alone", async () => {
    const body = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const mine = (await codOrder(shop, victim, body)).json();
    const theirs = await codOrder(shop, attacker, { ...body, username: 'Attacker', address: 'Somewhere else' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().orderid).not.toBe(mine.orderid);
    const victimRow = await shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', mine.orderid).executeTakeFirstOrThrow();
    expect(victimRow).toMatchObject({ user_id: victim.id, username: body.username, address: body.address });
  });

  it("changing another customer's profile: there is no id to aim with, and their email is refused with 409", async () => {
    const profile = {
      username: 'Attacker',
      emailaddress: victim.email,
      address: '1 Evil Lane',
      pincode: '560001',
      state: 'Karnataka',
      mobilenumber: '9000000000',
      district: 'Bengaluru',
    };
    const takeover = await shop.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: attacker.auth,
      payload: { ...profile, currentpassword: attacker.password },
    });
    expect(takeover.statusCode).toBe(409);
    for (const smuggled of [{ id: victim.id }, { userId: victim.id }, { email: victim.email }]) {
      const res = await shop.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: attacker.auth,
        payload: { ...profile, emailaddress: attacker.email, ...smuggled },
      });
      expect(res.statusCode).toBe(400);
    }
    const row = await shop.app.ctx.db.selectFrom('users').selectAll().where('id', '=', victim.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: victim.email, username: 'Victim Customer' });
  });

  it('granting oneself admin as a USER is refused and leaves the roles unchanged', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/settings/adminaccess',
      headers: attacker.auth,
      payload: { emailaddress: attacker.email, revoke: false },
    });
    expect(res.statusCode).toBe(403);
    const roles = await shop.app.ctx.db.selectFrom('user_roles').select('role').where('user_id', '=', attacker.id).execute();
    expect(roles.map((r) => r.role)).toEqual(['USER']);
  });

  describe('the admin still gets in (so the 401s and 403s above are the guard, not a broken route)', () => {
    it('answers the admin order list and settings to the admin', async () => {
      expect((await shop.app.inject({ method: 'GET', url: '/api/order/admin', headers: admin.auth })).statusCode).toBe(200);
      expect((await shop.app.inject({ method: 'GET', url: '/api/settings', headers: admin.auth })).statusCode).toBe(200);
    });
  });
});
