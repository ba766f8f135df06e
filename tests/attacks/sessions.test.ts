// Attack suite: a stolen or left-behind token after its owner signed out (DESIGN.md §7.1, ASVS 5.0 V7.4).
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authAnswerSchema } from '../../src/domain/schemas/account';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../support/test-shop';

describeEachDatabase('attack: a token used after its session ended', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
  });
  afterAll(async () => shop.close());

  const as = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    shop.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const loginRemembered = async (email: string, password: string) =>
    authAnswerSchema.parse(
      (await shop.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password, remember: true } })).json(),
    ).token;

  it('a 7-day "remember me" token copied before the owner logged out opens nothing afterwards', async () => {
    const owner = await createTestUser(shop, { password: 'ghee-lover' });
    const stolen = await loginRemembered(owner.email, 'ghee-lover');
    expect((await as(stolen, 'GET', '/api/order')).statusCode).toBe(200);
    expect((await as(stolen, 'POST', '/api/account/logout')).statusCode).toBe(204);
    for (const [method, url] of [['GET', '/api/order'], ['GET', '/api/account/sessions'], ['POST', '/api/account/logout-all']] as const) {
      const res = await as(stolen, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
  });

  it("the owner's \"sign out everywhere\" from another device ends the thief's copy", async () => {
    const owner = await createTestUser(shop, { password: 'ghee-lover' });
    const stolen = await loginRemembered(owner.email, 'ghee-lover');
    expect((await as(owner.token, 'POST', '/api/account/logout-all')).statusCode).toBe(204);
    expect((await as(stolen, 'GET', '/api/order')).statusCode).toBe(401);
  });

  it("a thief cannot end the owner's session, nor learn that it exists", async () => {
    const owner = await createTestUser(shop);
    const thief = await createTestUser(shop);
    const res = await shop.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${String(decodeJwt(owner.token).sid)}`,
      headers: { authorization: `Bearer ${thief.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect((await as(owner.token, 'GET', '/api/order')).statusCode).toBe(200);
  });

  it('a genuinely signed token without a session (as issued before sessions existed) is refused', async () => {
    const owner = await createTestUser(shop);
    const legacy = await new SignJWT({ email: owner.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(owner.id))
      .setIssuer('ghee-shop')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(shop.config.JWT_SECRET));
    expect((await as(legacy, 'GET', '/api/order')).statusCode).toBe(401);
  });

  it("a token naming someone else's session with its own account id is refused", async () => {
    const owner = await createTestUser(shop);
    const attacker = await createTestUser(shop);
    // Even with the secret (an insider), pairing one account with another's session opens neither.
    const mixed = await new SignJWT({ email: attacker.email, sid: String(decodeJwt(owner.token).sid) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(attacker.id))
      .setIssuer('ghee-shop')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(shop.config.JWT_SECRET));
    expect((await as(mixed, 'GET', '/api/order')).statusCode).toBe(401);
  });
});
