import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAnswerSchema } from '../../domain/schemas/account';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../test-support/test-shop';
import { call, linkMailedTo } from './test-helpers';

/** Tokens carry whole seconds: wait for the next one so the tokens signed so far are from an earlier second. */
async function nextSecond() {
  await sleep(1000 - (Date.now() % 1000) + 20);
}

describeEachDatabase('sessions after a password change', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const profileOf = (user: Pick<TestUser, 'email'>) => ({
    username: 'Test Customer',
    emailaddress: user.email,
    mobilenumber: '9876543210',
    address: '12 Temple Street',
    pincode: '560001',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
  });
  const putProfile = (user: Pick<TestUser, 'email'>, token: string) =>
    call(shop, 'PUT', '/api/account/profile', profileOf(user), { headers: { authorization: `Bearer ${token}` } });
  const login = (email: string, password: string, remember?: boolean) =>
    call(shop, 'POST', '/api/account/login', { email, password, ...(remember ? { remember } : {}) });

  async function resetThroughMail(email: string, password: string) {
    expect((await call(shop, 'POST', '/api/account/resetpassword', { email })).status).toBe(200);
    const link = await linkMailedTo(shop, email);
    const res = await call(shop, 'POST', '/api/account/resetnewpassword', { email: link.email, token: link.token, password });
    expect(res.status).toBe(200);
    return authAnswerSchema.parse(res.json()).token;
  }

  describe('a password reset completed through the mailed link', () => {
    it('ends the sessions opened before it, "remember me" included, and keeps the one it answers', async () => {
      const user = await createTestUser(shop, { password: 'old-password' });
      const remembered = await login(user.email, 'old-password', true);
      expect(remembered.status).toBe(200);
      const rememberedToken = authAnswerSchema.parse(remembered.json()).token;
      // Both old tokens are used (and so verified and cached) before the reset.
      expect((await putProfile(user, user.token)).status).toBe(200);
      expect((await putProfile(user, rememberedToken)).status).toBe(200);

      await nextSecond();
      const fresh = await resetThroughMail(user.email, 'new-password');

      const stale = await putProfile(user, user.token);
      expect(stale.status).toBe(401);
      expect(stale.json()).toMatchObject({ error: 'UNAUTHORIZED' });
      expect((await putProfile(user, rememberedToken)).status).toBe(401);
      expect((await putProfile(user, fresh)).status).toBe(200);
      const relogged = await login(user.email, 'new-password');
      expect((await putProfile(user, authAnswerSchema.parse(relogged.json()).token)).status).toBe(200);
    });

    it("leaves another account's sessions alone", async () => {
      const untouched = await createTestUser(shop);
      const reset = await createTestUser(shop);
      await nextSecond();
      await resetThroughMail(reset.email, 'new-password');
      expect((await putProfile(reset, reset.token)).status).toBe(401);
      expect((await putProfile(untouched, untouched.token)).status).toBe(200);
    });

    it('records when the password changed, and only then', async () => {
      const user = await createTestUser(shop);
      const changedAt = () =>
        shop.app.ctx.db.selectFrom('users').select('password_changed_at').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect((await changedAt()).password_changed_at).toBeNull();
      expect((await putProfile(user, user.token)).status).toBe(200);
      expect((await changedAt()).password_changed_at).toBeNull();
      const before = new Date().toISOString();
      await resetThroughMail(user.email, 'new-password');
      const after = new Date().toISOString();
      const recorded = (await changedAt()).password_changed_at;
      expect(recorded).not.toBeNull();
      expect(recorded! >= before && recorded! <= after).toBe(true);
    });
  });

  describe('the comparison is in whole seconds, as the token carries them', () => {
    async function changePasswordAt(user: TestUser, iso: string) {
      await shop.app.ctx.db.updateTable('users').set({ password_changed_at: iso }).where('id', '=', user.id).execute();
    }

    it('keeps a token issued in the same second as the change', async () => {
      const user = await createTestUser(shop);
      const issuedAt = decodeJwt(user.token).iat!;
      await changePasswordAt(user, new Date(issuedAt * 1000 + 999).toISOString());
      expect((await putProfile(user, user.token)).status).toBe(200);
    });

    it('refuses a token issued in any earlier second', async () => {
      const user = await createTestUser(shop);
      const issuedAt = decodeJwt(user.token).iat!;
      await changePasswordAt(user, new Date((issuedAt + 1) * 1000).toISOString());
      expect((await putProfile(user, user.token)).status).toBe(401);
    });

    it('refuses every token when the recorded time cannot be read', async () => {
      const user = await createTestUser(shop);
      await changePasswordAt(user, 'not-a-time');
      expect((await putProfile(user, user.token)).status).toBe(401);
    });
  });
});
