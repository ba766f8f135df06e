import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAnswerSchema } from '../../domain/schemas/account';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { call, linkMailedTo } from './test-helpers';

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

  describe('a token signed in the same second as the reset', () => {
    it('is ended by it all the same (sessions, not times, decide)', async () => {
      const user = await createTestUser(shop, { password: 'old-password' });
      // No wait for the next second: the old check let a token of the reset's own second survive.
      const sameSecond = authAnswerSchema.parse((await login(user.email, 'old-password')).json()).token;
      const fresh = await resetThroughMail(user.email, 'new-password');
      expect((await putProfile(user, sameSecond)).status).toBe(401);
      expect((await putProfile(user, fresh)).status).toBe(200);
    });
  });
});
