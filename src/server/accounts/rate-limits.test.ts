import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { FAILED_LOGINS_MAX } from './login-throttle';
import { call, newBilling, newRegistration } from './test-helpers';

const RETRY_MESSAGE = /Please try again in \d+ (second|seconds|minute|minutes)\./;

describeEachDatabase('auth rate limits', (dialect) => {
  describe('per IP (AUTH_RATE_LIMIT=3)', () => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await createTestShop(dialect, { env: { AUTH_RATE_LIMIT: '3' } });
    });
    afterAll(async () => shop.close());

    let resets = 0;
    const calls: [string, () => Record<string, unknown>][] = [
      ['/api/account/login', () => ({ email: 'someone@example.in', password: 'whatever1' })],
      ['/api/account/register', () => newRegistration()],
      ['/api/account/registeronprocess', () => newBilling()],
      // A fresh address each time: reset mails are also limited per address (3 an hour), whatever the network.
      ['/api/account/resetpassword', () => ({ email: `someone-${(resets += 1)}@example.in` })],
    ];

    it.each(calls)('%s answers 429 past 3 a minute from one IP, saying when to retry', async (url, body) => {
      const ip = `10.1.${calls.findIndex(([u]) => u === url)}.1`;
      for (let i = 0; i < 3; i += 1) {
        const res = await call(shop, 'POST', url, body(), { ip });
        expect(res.status).not.toBe(429);
      }
      const limited = await call(shop, 'POST', url, body(), { ip });
      expect(limited.status).toBe(429);
      const json = limited.json() as { error: string; message: string; retryAfter: number };
      expect(json.error).toBe('RATE_LIMITED');
      expect(json.message).toMatch(RETRY_MESSAGE);
      expect(json.retryAfter).toBeGreaterThan(0);
      expect(json.retryAfter).toBeLessThanOrEqual(60);
      expect(Number(limited.headers['retry-after'])).toBe(json.retryAfter);
      // Another address is not affected.
      expect((await call(shop, 'POST', url, body(), { ip: '10.9.9.9' })).status).not.toBe(429);
    });

    it('counts a rejected body too, since the limit runs before anything else', async () => {
      const ip = '10.2.0.1';
      for (let i = 0; i < 3; i += 1) {
        expect((await call(shop, 'POST', '/api/account/login', {}, { ip })).status).toBe(400);
      }
      expect((await call(shop, 'POST', '/api/account/login', {}, { ip })).status).toBe(429);
    });

    it('leaves user calls such as the profile alone', async () => {
      const user = await createTestUser(shop);
      const body = {
        username: 'Same Name',
        emailaddress: user.email,
        address: '1 Road',
        pincode: '560001',
        state: 'Karnataka',
        mobilenumber: '9876543210',
        district: 'Bengaluru',
      };
      for (let i = 0; i < 5; i += 1) {
        const res = await call(shop, 'PUT', '/api/account/profile', body, { headers: user.auth, ip: '10.3.0.1' });
        expect(res.status).toBe(200);
      }
    });
  });

  describe('per account (whatever AUTH_RATE_LIMIT says; the test shop has it off)', () => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await createTestShop(dialect);
    });
    afterAll(async () => shop.close());

    const login = (email: string, password: string, ip = '10.4.0.1') =>
      call(shop, 'POST', '/api/account/login', { email, password }, { ip });

    it(`refuses even the right password after ${FAILED_LOGINS_MAX} failures, from any IP, with a 429 saying when`, async () => {
      const user = await createTestUser(shop, { password: 'right-password' });
      for (let i = 0; i < FAILED_LOGINS_MAX; i += 1) {
        expect((await login(user.email, `wrong-${i}`, `10.5.0.${i}`)).status).toBe(401);
      }
      const blocked = await login(user.email.toUpperCase(), 'right-password', '10.6.0.1');
      expect(blocked.status).toBe(429);
      const json = blocked.json() as { message: string; retryAfter: number };
      expect(json.message).toMatch(/failed logins for this account/);
      expect(json.message).toMatch(/paused until \d{1,2}:\d{2}\s?[ap]m India time \(in 15 minutes\)\./i);
      expect(json.message).toMatch(/sign-in link we have e-mailed/);
      expect(json.message).toMatch(/"Forgot password"/);
      expect(json.retryAfter).toBeGreaterThan(14 * 60);
      expect(Number(blocked.headers['retry-after'])).toBe(json.retryAfter);
      // Another account from the same IP logs in fine.
      const other = await createTestUser(shop, { password: 'other-password' });
      expect((await login(other.email, 'other-password', '10.6.0.1')).status).toBe(200);
    });

    it('does not count successful logins', async () => {
      const user = await createTestUser(shop, { password: 'right-password' });
      for (let i = 0; i < FAILED_LOGINS_MAX + 2; i += 1) {
        expect((await login(user.email, 'right-password')).status).toBe(200);
      }
      for (let i = 0; i < FAILED_LOGINS_MAX - 1; i += 1) {
        expect((await login(user.email, 'wrong-password')).status).toBe(401);
      }
      expect((await login(user.email, 'right-password')).status).toBe(200);
    });

    it('treats an unknown email the same, so the limit reveals nothing about which accounts exist', async () => {
      for (let i = 0; i < FAILED_LOGINS_MAX; i += 1) {
        expect((await login('ghost@example.in', 'wrong-password')).status).toBe(401);
      }
      expect((await login('ghost@example.in', 'wrong-password')).status).toBe(429);
    });
  });
});
