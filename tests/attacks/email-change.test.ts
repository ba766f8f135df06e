// Attack suite: taking an account over by changing its e-mail with a stolen token (DESIGN.md §7.1).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, linkMailedTo, mailsTo } from '../../src/server/accounts/test-helpers';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../support/test-shop';

describeEachDatabase('attack: account takeover through the e-mail address', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
  });
  afterAll(async () => shop.close());

  const profile = (emailaddress: string, extra: Record<string, unknown> = {}) => ({
    username: 'Test Customer',
    emailaddress,
    mobilenumber: '9876543210',
    address: '12 Temple Street',
    pincode: '560001',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    ...extra,
  });

  it('a stolen token alone cannot move the account to the thief\'s address, so the thief cannot reset the password through it', async () => {
    const owner = await createTestUser(shop);
    const thiefMail = `thief-${Date.now()}@example.in`;
    const headers = { authorization: `Bearer ${owner.token}` };
    for (const extra of [{}, { currentpassword: 'guess123' }, { currentpassword: '' }]) {
      const res = await call(shop, 'PUT', '/api/account/profile', profile(thiefMail, extra), { headers });
      expect(res.status, JSON.stringify(extra)).toBeGreaterThanOrEqual(400);
    }
    const row = await shop.app.ctx.db.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(owner.email);
    await call(shop, 'POST', '/api/account/resetpassword', { email: thiefMail });
    expect(await mailsTo(shop, thiefMail)).toEqual([]);
  });

  it('password guesses through the e-mail change count toward the account\'s lockout', async () => {
    const owner = await createTestUser(shop);
    const headers = { authorization: `Bearer ${owner.token}` };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await call(shop, 'PUT', '/api/account/profile', profile(`x${i}-${Date.now()}@example.in`, { currentpassword: `wrong-${i}` }), { headers })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('even with the password, the owner is told at the old address and can stop it before the new one confirms', async () => {
    const owner = await createTestUser(shop);
    const thiefMail = `thief2-${Date.now()}@example.in`;
    const headers = { authorization: `Bearer ${owner.token}` };
    expect((await call(shop, 'PUT', '/api/account/profile', profile(thiefMail, { currentpassword: owner.password }), { headers })).status).toBe(200);
    const link = await linkMailedTo(shop, owner.email);
    const reset = await call(shop, 'POST', '/api/account/resetnewpassword', { email: link.email, token: link.token, password: 'owner-again' });
    expect(reset.status).toBe(200);
    const confirmMail = (await mailsTo(shop, thiefMail)).at(-1);
    const token = decodeURIComponent(/\/confirm-email\?token=(\S+)/.exec(confirmMail?.text ?? '')?.[1] ?? '');
    expect((await call(shop, 'POST', '/api/account/confirm-email', { token })).status).toBe(400);
    // The thief's session (the stolen token) ended with the reset.
    expect((await shop.app.inject({ method: 'GET', url: '/api/order', headers })).statusCode).toBe(401);
  });

  it('confirmation tokens cannot be guessed or replayed', async () => {
    for (const token of ['x', 'a'.repeat(43), "' OR '1'='1"]) {
      expect((await call(shop, 'POST', '/api/account/confirm-email', { token })).status).toBe(400);
    }
  });
});
