// Attack suite: turning the failed-login lockout on the account's owner, and probing addresses (DESIGN.md §7.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, linkMailedTo, newRegistration } from '../../src/server/accounts/test-helpers';
import { FAILED_LOGINS_MAX } from '../../src/server/accounts/login-throttle';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../support/test-shop';

describeEachDatabase('attack: lockout and address probing', (dialect) => {
  describe('an attacker locks the owner out with wrong passwords', () => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await createTestShop(dialect, { logger: { level: 'error' } });
    });
    afterAll(async () => shop.close());

    const login = (email: string, password: string, ip: string) => call(shop, 'POST', '/api/account/login', { email, password }, { ip });

    it('the 429 tells the owner to reset by e-mail and when the lock ends, and a reset lets them in at once', async () => {
      const owner = await createTestUser(shop, { password: 'owner-password' });
      for (let i = 0; i < FAILED_LOGINS_MAX; i += 1) {
        expect((await login(owner.email, `guess-${i}`, `10.66.0.${i}`)).status).toBe(401);
      }
      const locked = await login(owner.email, 'owner-password', '10.77.0.1');
      expect(locked.status).toBe(429);
      const body = locked.json() as { message: string; lockedUntil: string; retryAfter: number };
      expect(body.message).toMatch(/reset your password by e-mail/);
      expect(body.message).toMatch(/India time/);
      const until = Date.parse(body.lockedUntil);
      expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 5_000);

      expect((await call(shop, 'POST', '/api/account/resetpassword', { email: owner.email })).status).toBe(200);
      const link = await linkMailedTo(shop, owner.email);
      const reset = await call(shop, 'POST', '/api/account/resetnewpassword', { email: link.email, token: link.token, password: 'fresh-password' });
      expect(reset.status).toBe(200);
      expect((await login(owner.email, 'fresh-password', '10.77.0.1')).status).toBe(200);
      // The attacker's count did not carry over: a new lock needs a new run of failures.
      expect((await login(owner.email, 'guess-again', '10.66.0.9')).status).toBe(401);
      expect((await login(owner.email, 'fresh-password', '10.77.0.1')).status).toBe(200);
    });
  });

  describe('address probing through "address taken" answers (AUTH_RATE_LIMIT=3)', () => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await createTestShop(dialect, { logger: { level: 'error' }, env: { AUTH_RATE_LIMIT: '3' } });
    });
    afterAll(async () => shop.close());

    it('the e-mail change joins register and billing in one per-IP budget, then answers 429 instead of 409', async () => {
      const prober = await createTestUser(shop);
      const ip = '10.88.0.1';
      const taken = await Promise.all(Array.from({ length: 6 }, () => createTestUser(shop)));
      const register = await call(shop, 'POST', '/api/account/register', newRegistration({ emailaddress: taken[0]!.email }), { ip });
      expect(register.status).toBe(409);
      const statuses: number[] = [];
      for (const victim of taken.slice(1)) {
        const body = {
          username: 'Prober',
          emailaddress: victim.email,
          mobilenumber: '9876543210',
          address: '1 Lane',
          pincode: '560001',
          district: 'Bengaluru',
          state: 'Karnataka',
          currentpassword: prober.password,
        };
        statuses.push((await call(shop, 'PUT', '/api/account/profile', body, { headers: prober.auth, ip })).status);
      }
      const conflicts = 1 + statuses.filter((s) => s === 409).length;
      expect(conflicts).toBeLessThanOrEqual(4);
      expect(statuses.at(-1)).toBe(429);
      // Another network still gets the honest answer.
      const elsewhere = await call(shop, 'POST', '/api/account/register', newRegistration({ emailaddress: taken[0]!.email }), { ip: '10.99.0.1' });
      expect(elsewhere.status).toBe(409);
    });
  });
});
