// Attack suite: password reset links (ASVS V6.4): replay, expiry, guessing, someone else's link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMailedTo } from '../../src/server/accounts/test-helpers';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../support/test-shop';

describeEachDatabase('attack: password reset tokens', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
  });
  afterAll(async () => shop.close());

  const requestLink = async (email: string) => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/account/resetpassword', payload: { email } });
    expect(res.statusCode).toBe(200);
    return linkMailedTo(shop, email);
  };
  const reset = (email: string, token: string, password = 'attacker-pass', ip = '127.0.0.1') =>
    shop.app.inject({ method: 'POST', url: '/api/account/resetnewpassword', payload: { email, token, password }, remoteAddress: ip });
  const login = (email: string, password: string) =>
    shop.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } });

  it('a used link replayed later is refused and the password stays the one set first', async () => {
    const user = await createTestUser(shop, { password: 'old-password' });
    const link = await requestLink(user.email);
    expect((await reset(user.email, link.token, 'first-new-password')).statusCode).toBe(200);
    const replay = await reset(user.email, link.token, 'attacker-pass');
    expect(replay.statusCode).toBe(400);
    expect((await login(user.email, 'first-new-password')).statusCode).toBe(200);
    expect((await login(user.email, 'attacker-pass')).statusCode).toBe(401);
  });

  it('an expired link is refused with the same answer as a made-up one', async () => {
    const user = await createTestUser(shop);
    const link = await requestLink(user.email);
    await shop.app.ctx.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await reset(user.email, link.token);
    const madeUp = await reset(user.email, 'A'.repeat(43));
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toBe(madeUp.body);
  });

  it("one account's link cannot set another account's password", async () => {
    const attacker = await createTestUser(shop);
    const victim = await createTestUser(shop, { password: 'victim-password' });
    const link = await requestLink(attacker.email);
    expect((await reset(victim.email, link.token)).statusCode).toBe(400);
    expect((await login(victim.email, 'victim-password')).statusCode).toBe(200);
  });

  it('guessing: links carry 256 random bits, and a hundred guesses all fail alike', async () => {
    const user = await createTestUser(shop, { password: 'kept-password' });
    const link = await requestLink(user.email);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    const bodies = new Set<string>();
    for (let i = 0; i < 100; i += 1) {
      const guess = Buffer.from(link.token, 'base64url');
      guess[i % 32] = (guess[i % 32] ?? 0) ^ (1 + (i % 255));
      const res = await reset(user.email, guess.toString('base64url'));
      expect(res.statusCode).toBe(400);
      bodies.add(res.body);
    }
    for (const guess of ["' OR '1'='1", '%', '*', link.token.slice(0, 20), `${link.token}x`, link.token.toUpperCase()]) {
      const res = await reset(user.email, guess);
      expect(res.statusCode, guess).toBe(400);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    expect((await login(user.email, 'kept-password')).statusCode).toBe(200);
  });

  it('the database keeps only a digest, so a stolen token table opens no account', async () => {
    const user = await createTestUser(shop);
    const link = await requestLink(user.email);
    const rows = await shop.app.ctx.db.selectFrom('password_reset_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    for (const row of rows) {
      expect(row.token_hash).not.toContain(link.token);
      expect((await reset(user.email, row.token_hash)).statusCode).toBe(400);
    }
  });

  describe('with the per-IP limit on (AUTH_RATE_LIMIT=5)', () => {
    let limited: TestShop;
    beforeAll(async () => {
      limited = await createTestShop(dialect, { env: { AUTH_RATE_LIMIT: '5' }, logger: { level: 'error' } });
    });
    afterAll(async () => limited.close());

    it('guessing from one address is cut off with 429 after five tries a minute', async () => {
      const user = await createTestUser(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/account/resetnewpassword',
          payload: { email: user.email, token: `guess-${i}`, password: 'attacker-pass' },
          remoteAddress: '203.0.113.7',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    });
  });
});
