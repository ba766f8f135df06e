// Attack suite: bodies built to exhaust or confuse the parser (ASVS V4.1 / V5): oversized, deeply nested,
// prototype pollution, wrong types and encodings.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBody } from '../support/test-orders';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';
import { countRows, expectNoServerError } from './attack-support';

describeEachDatabase('attack: oversized and malformed bodies', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    customer = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  const postRaw = (url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  it('a body over 1 MB is 413 on every JSON call, including the login that hashes passwords', async () => {
    const big = JSON.stringify({ email: 'a@example.in', password: 'x'.repeat(2 * 1024 * 1024) });
    for (const url of ['/api/account/login', '/api/account/register', '/api/checkout/codorder', '/api/checkout/webhook']) {
      const res = await postRaw(url, big, customer.auth);
      expect(res.statusCode, url).toBe(413);
    }
  });

  it('a declared Content-Length over the limit is refused before the body arrives', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
      payload: '{}',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expectNoServerError(res, 'content-length lie');
  });

  it('a long password under the body limit is refused before it reaches the hasher', async () => {
    const started = performance.now();
    // Under the sign-in calls' 16 KB (a 500 KB password is a 413 before any of it is read).
    const res = await postRaw('/api/account/login', JSON.stringify({ email: customer.email, password: 'x'.repeat(12_000) }));
    expect(res.statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('deeply nested JSON (5,000 levels, under the calls\' body limits) is a 400, and the server keeps answering', async () => {
    for (const nested of ['['.repeat(5_000) + ']'.repeat(5_000), '{"a":'.repeat(1_500) + '1' + '}'.repeat(1_500)]) {
      for (const url of ['/api/account/login', '/api/checkout/codorder']) {
        const res = await postRaw(url, nested, customer.auth);
        expectNoServerError(res, `nested ${url}`);
        expect(res.statusCode).toBe(400);
      }
    }
    expect((await shop.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('nesting inside a valid order (items of items) is refused by the schema', async () => {
    const body = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const deep = '['.repeat(5000) + JSON.stringify(body.items) + ']'.repeat(5000);
    const raw = JSON.stringify({ ...body, items: '@' }).replace('"@"', deep);
    const res = await postRaw('/api/checkout/codorder', raw, customer.auth);
    expectNoServerError(res, 'nested items');
    expect(res.statusCode).toBe(400);
  });

  it('__proto__ and constructor.prototype keys are refused and pollute nothing', async () => {
    const before = await countRows(shop, 'users');
    for (const raw of [
      '{"__proto__":{"isAdmin":true},"username":"P","emailaddress":"proto1@example.in","mobilenumber":"9876543210","password":"secret123"}',
      '{"constructor":{"prototype":{"isAdmin":true}},"username":"P","emailaddress":"proto2@example.in","mobilenumber":"9876543210","password":"secret123"}',
    ]) {
      const res = await postRaw('/api/account/register', raw);
      expect(res.statusCode).toBe(400);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await countRows(shop, 'users')).toBe(before);
  });

  it('an order with more lines than allowed is 400 (no unbounded work per request)', async () => {
    const body = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const items = Array.from({ length: 51 }, () => body.items[0]);
    const res = await shop.app.inject({ method: 'POST', url: '/api/checkout/codorder', headers: customer.auth, payload: { ...body, items } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('items');
    // 5,000 lines no longer reach the schema: the body is over the order's 64 KB.
    const wide = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout/codorder',
      headers: customer.auth,
      payload: { ...body, items: Array.from({ length: 5000 }, () => body.items[0]) },
    });
    expect(wide.statusCode).toBe(413);
  });

  it('every string field has a length cap: a 20 kB note or name is 400, not stored', async () => {
    const before = await countRows(shop, 'orders');
    for (const overrides of [{ note: 'n'.repeat(20_000) }, { username: 'u'.repeat(20_000) }, { address: 'a'.repeat(20_000) }, { receipt: 'r'.repeat(20_000) }]) {
      const res = await shop.app.inject({ method: 'POST', url: '/api/checkout/codorder', headers: customer.auth, payload: orderBody({ paymentmode: 'CASHONDELIVERY', ...overrides }) });
      expect(res.statusCode, Object.keys(overrides)[0]).toBe(400);
    }
    expect(await countRows(shop, 'orders')).toBe(before);
  });

  it('a body that is not JSON, or JSON that is not an object, is a 4xx', async () => {
    const cases: [string, Record<string, string>][] = [
      ['email=a@example.in&password=x', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['<xml/>', { 'content-type': 'application/xml' }],
      ['null', {}],
      ['[]', {}],
      ['"string"', {}],
      ['12', {}],
      ['{"email":"a@example.in","password":"x",}', {}],
      ['\uFEFF{"email":"a@example.in"}', {}],
    ];
    for (const [payload, headers] of cases) {
      const res = await postRaw('/api/account/login', payload, headers);
      expectNoServerError(res, payload);
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
    }
  });

  it('invalid UTF-8 and NUL bytes in strings are answered without a server error', async () => {
    const invalid = Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('@example.in","password":"secret1"}')]);
    expectNoServerError(await postRaw('/api/account/login', invalid), 'invalid utf-8');
  });

  it('NUL characters (which PostgreSQL cannot store) in bodies and query strings are 400 under the field', async () => {
    const before = await countRows(shop, 'orders');
    const body = orderBody({ paymentmode: 'CASHONDELIVERY', note: 'ring\u0000twice' });
    const res = await shop.app.inject({ method: 'POST', url: '/api/checkout/codorder', headers: customer.auth, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('note');
    const line = orderBody({ paymentmode: 'CASHONDELIVERY' });
    const inLine = { ...line, items: [{ ...line.items[0], name: 'A2 Desi\u0000Cow Ghee' }, line.items[1]] };
    const lineRes = await shop.app.inject({ method: 'POST', url: '/api/checkout/codorder', headers: customer.auth, payload: inLine });
    expect(lineRes.json().fields).toHaveProperty(['items.0.name']);
    expect(await countRows(shop, 'orders')).toBe(before);
    const admin = await adminOf(shop);
    const search = await shop.app.inject({ method: 'GET', url: '/api/order/admin?q=a%00b', headers: admin.auth });
    expect(search.statusCode).toBe(400);
    expect(search.json().fields).toHaveProperty('q');
    const profile = { username: 'Nul\u0000Name', emailaddress: customer.email, address: '1 Road', pincode: '560001', state: 'Karnataka', mobilenumber: '9876543210', district: 'Bengaluru' };
    expect((await shop.app.inject({ method: 'PUT', url: '/api/account/profile', headers: customer.auth, payload: profile })).statusCode).toBe(400);
  });
});
