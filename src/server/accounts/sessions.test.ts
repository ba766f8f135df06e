import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSessionSchema, authAnswerSchema } from '../../domain/schemas/account';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { bearer, call, linkMailedTo, newBilling } from './test-helpers';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0';

describeEachDatabase('sessions', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const login = async (email: string, password: string, userAgent = MAC_FIREFOX) => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.statusCode).toBe(200);
    return authAnswerSchema.parse(res.json()).token;
  };
  const get = (url: string, token: string) => shop.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string) => shop.app.inject({ method: 'POST', url, headers: bearer(token) });
  const ordersStatus = async (token: string) => (await get('/api/order', token)).statusCode;
  const sessionsOf = async (token: string) => {
    const res = await get('/api/account/sessions', token);
    expect(res.statusCode).toBe(200);
    return accountSessionSchema.array().parse(res.json());
  };
  const sid = (token: string) => String(decodeJwt(token).sid);

  it('log out ends the caller\'s session only: its token is a 401 on the next request, the other device stays in', async () => {
    const user = await createTestUser(shop, { password: 'ghee-lover' });
    const phone = await login(user.email, 'ghee-lover', ANDROID_CHROME);
    const laptop = await login(user.email, 'ghee-lover');
    expect(await ordersStatus(phone)).toBe(200);
    expect((await post('/api/account/logout', phone)).statusCode).toBe(204);
    expect(await ordersStatus(phone)).toBe(401);
    expect((await post('/api/account/logout', phone)).statusCode).toBe(401);
    expect(await ordersStatus(laptop)).toBe(200);
  });

  it('log out everywhere ends every session of the account, the caller\'s too, and no one else\'s', async () => {
    const user = await createTestUser(shop, { password: 'ghee-lover' });
    const other = await createTestUser(shop);
    const a = await login(user.email, 'ghee-lover');
    const b = await login(user.email, 'ghee-lover', ANDROID_CHROME);
    expect((await post('/api/account/logout-all', a)).statusCode).toBe(204);
    expect(await ordersStatus(a)).toBe(401);
    expect(await ordersStatus(b)).toBe(401);
    expect(await ordersStatus(user.token)).toBe(401);
    expect(await ordersStatus(other.token)).toBe(200);
  });

  it('lists the active sessions with their device, marks the caller\'s, and leaves out the ended ones', async () => {
    const user = await createTestUser(shop, { password: 'ghee-lover' });
    const phone = await login(user.email, 'ghee-lover', ANDROID_CHROME);
    const laptop = await login(user.email, 'ghee-lover', MAC_FIREFOX);
    await post('/api/account/logout', user.token);
    const list = await sessionsOf(laptop);
    expect(list.map((s) => s.id).sort()).toEqual([sid(phone), sid(laptop)].sort());
    const byId = new Map(list.map((s) => [s.id, s]));
    expect(byId.get(sid(phone))).toMatchObject({ device: 'Chrome 131 on Android (mobile)', current: false });
    expect(byId.get(sid(laptop))).toMatchObject({ device: 'Firefox 132 on macOS', current: true });
    expect(Date.parse(byId.get(sid(laptop))!.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('ends one chosen session of the caller\'s own; another account\'s session is a 404 and keeps working', async () => {
    const user = await createTestUser(shop, { password: 'ghee-lover' });
    const victim = await createTestUser(shop);
    const phone = await login(user.email, 'ghee-lover', ANDROID_CHROME);
    const end = (id: string) => shop.app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: bearer(user.token) });
    expect((await end(sid(phone))).statusCode).toBe(204);
    expect(await ordersStatus(phone)).toBe(401);
    expect((await end(sid(phone))).statusCode).toBe(404);
    const foreign = await end(sid(victim.token));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'NOT_FOUND' });
    expect(await ordersStatus(victim.token)).toBe(200);
    expect(await ordersStatus(user.token)).toBe(200);
  });

  it('an expired session is refused even while its token would still verify', async () => {
    const user = await createTestUser(shop);
    await shop.app.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', sid(user.token)).execute();
    expect(await ordersStatus(user.token)).toBe(401);
  });

  describe('last seen', () => {
    const lastSeen = async (id: string) =>
      (await shop.app.ctx.db.selectFrom('sessions').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow()).last_seen_at;

    it('is not written again within the minute, however many requests come', async () => {
      const user = await createTestUser(shop);
      const before = await lastSeen(sid(user.token));
      await Promise.all(Array.from({ length: 20 }, () => ordersStatus(user.token)));
      await sleep(200);
      expect(await lastSeen(sid(user.token))).toBe(before);
    });

    it('is written on the first request after a minute', async () => {
      const user = await createTestUser(shop);
      const old = new Date(Date.now() - 5 * 60_000).toISOString();
      await shop.app.ctx.db.updateTable('sessions').set({ last_seen_at: old }).where('id', '=', sid(user.token)).execute();
      const asked = new Date().toISOString();
      await Promise.all(Array.from({ length: 5 }, () => ordersStatus(user.token)));
      // The write is not awaited by the request; give it time on a loaded machine.
      for (let i = 0; i < 100 && (await lastSeen(sid(user.token))) === old; i += 1) await sleep(50);
      expect((await lastSeen(sid(user.token))) >= asked).toBe(true);
    });
  });

  it('setting the first password of a checkout account ends the session checkout opened', async () => {
    const billing = newBilling();
    const guest = await call(shop, 'POST', '/api/account/registeronprocess', billing);
    expect(guest.status).toBe(200);
    const guestToken = authAnswerSchema.parse(guest.json()).token;
    expect(await ordersStatus(guestToken)).toBe(200);
    const link = await linkMailedTo(shop, billing.email);
    const set = await call(shop, 'POST', '/api/account/resetnewpassword', { email: link.email, token: link.token, password: 'my-own-ghee' });
    expect(set.status).toBe(200);
    expect(await ordersStatus(guestToken)).toBe(401);
    expect(await ordersStatus(authAnswerSchema.parse(set.json()).token)).toBe(200);
  });
});
