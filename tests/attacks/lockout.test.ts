// Attack suite: turning the failed-login lockout on the account's owner, and probing addresses (DESIGN.md §7.1).
// Five wrong logins locked the owner out for 15 minutes, and after a reset five more locked them out again: an
// attacker on other addresses could keep the owner out for good. The lock now mails the owner a link that signs in
// despite it (decision 051), at most twice a day, bound to the password, with its own limit on wrong passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, linkMailedTo, mailsTo, newRegistration } from '../../src/server/accounts/test-helpers';
import { FAILED_LOGINS_MAX, UNLOCK_LINK_FAILURES_MAX } from '../../src/server/accounts/login-throttle';
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
      expect(body.message).toMatch(/sign-in link we have e-mailed/);
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

  describe('an attacker keeps the owner locked out, on and on, from many addresses', () => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await createTestShop(dialect, { logger: { level: 'error' } });
    });
    afterAll(async () => shop.close());

    let attackerIp = 0;
    const attack = async (email: string, tries = FAILED_LOGINS_MAX) => {
      for (let i = 0; i < tries; i += 1) {
        attackerIp += 1;
        const res = await call(shop, 'POST', '/api/account/login', { email, password: `guess-${attackerIp}` }, { ip: `10.66.${attackerIp >> 8}.${attackerIp & 255}` });
        expect([401, 429]).toContain(res.status);
      }
    };
    const login = (body: Record<string, unknown>) => call(shop, 'POST', '/api/account/login', body, { ip: '10.77.0.1' });
    /** The sign-in links mailed to `email`, oldest first, read from the text part as a person would. */
    const unlockLinks = async (email: string) =>
      (await mailsTo(shop, email))
        .map((m) => /(\S+\/login\?\S+)/.exec(m.text)?.[1])
        .filter((url): url is string => !!url)
        .map((url) => new URLSearchParams(url.slice(url.indexOf('?') + 1)));

    it('the lock mails the owner one link that signs in despite it, however long the attack goes on', async () => {
      const owner = await createTestUser(shop, { password: 'owner-ghee-2026' });
      await attack(owner.email);
      expect((await login({ email: owner.email, password: 'owner-ghee-2026' })).status).toBe(429);
      const [link, ...more] = await unlockLinks(owner.email);
      expect(more).toEqual([]);
      expect(link?.get('email')).toBe(owner.email);
      const unlock = link?.get('unlock') ?? '';
      const signedIn = await login({ email: owner.email, password: 'owner-ghee-2026', unlock });
      expect(signedIn.status).toBe(200);
      // The attack goes on: the owner keeps getting in with the link, and is not mailed again and again.
      await attack(owner.email, 30);
      expect((await login({ email: owner.email, password: 'owner-ghee-2026', unlock })).status).toBe(200);
      expect((await login({ email: owner.email, password: 'owner-ghee-2026' })).status).toBe(429);
      expect(await unlockLinks(owner.email)).toHaveLength(1);
    });

    it('a link is only for its account and password: edited, borrowed or out of date, it unlocks nothing', async () => {
      const owner = await createTestUser(shop, { password: 'owner-ghee-2026' });
      const other = await createTestUser(shop, { password: 'other-ghee-2026' });
      await attack(owner.email);
      await attack(other.email);
      const unlock = (await unlockLinks(owner.email))[0]?.get('unlock') ?? '';
      const [id, expires, signature] = unlock.split('.');
      for (const forged of [`${id}.${Number(expires) + 86_400_000}.${signature}`, `${other.id}.${expires}.${signature}`, `${id}.${expires}.${'A'.repeat(43)}`]) {
        expect((await login({ email: owner.email, password: 'owner-ghee-2026', unlock: forged })).status).toBe(429);
      }
      // The owner's link does not open another account.
      expect((await login({ email: other.email, password: 'other-ghee-2026', unlock })).status).toBe(429);
      // A reset voids the old link; a new lock sends a new one, and that one works.
      expect((await call(shop, 'POST', '/api/account/resetpassword', { email: owner.email })).status).toBe(200);
      const reset = await linkMailedTo(shop, owner.email);
      expect((await call(shop, 'POST', '/api/account/resetnewpassword', { email: reset.email, token: reset.token, password: 'fresh-ghee-2026' })).status).toBe(200);
      await attack(owner.email);
      expect((await login({ email: owner.email, password: 'fresh-ghee-2026', unlock })).status).toBe(429);
      const links = await unlockLinks(owner.email);
      expect(links).toHaveLength(2);
      expect((await login({ email: owner.email, password: 'fresh-ghee-2026', unlock: links[1]?.get('unlock') ?? '' })).status).toBe(200);
    });

    it(`a link takes ${UNLOCK_LINK_FAILURES_MAX} wrong passwords, then it is refused too`, async () => {
      const owner = await createTestUser(shop, { password: 'owner-ghee-2026' });
      await attack(owner.email);
      const unlock = (await unlockLinks(owner.email))[0]?.get('unlock') ?? '';
      const statuses = [];
      for (let i = 0; i <= UNLOCK_LINK_FAILURES_MAX; i += 1) statuses.push((await login({ email: owner.email, password: `oops-${i}`, unlock })).status);
      expect(statuses).toEqual([...Array.from({ length: UNLOCK_LINK_FAILURES_MAX }, () => 401), 429]);
      expect((await login({ email: owner.email, password: 'owner-ghee-2026', unlock })).status).toBe(429);
    });

    it('an address without an account is answered alike and mails nobody', async () => {
      const email = `nobody-${Date.now()}@example.in`;
      await attack(email);
      const locked = await login({ email, password: 'whatever-2026' });
      expect(locked.status).toBe(429);
      expect((locked.json() as { message: string }).message).toMatch(/sign-in link we have e-mailed/);
      expect(await mailsTo(shop, email)).toEqual([]);
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
