import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '../../domain/messages';
import { authAnswerSchema } from '../../domain/schemas/account';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { bearer, call, linkMailedTo, mailsTo, newBilling } from './test-helpers';

describeEachDatabase('e-mail change', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
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
  const put = (user: Pick<TestUser, 'token'>, body: Record<string, unknown>) =>
    call(shop, 'PUT', '/api/account/profile', body, { headers: bearer(user.token) });
  const emailOf = async (id: number) =>
    (await shop.app.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
  const fresh = () => `new-${Math.random().toString(36).slice(2)}@example.in`;

  async function confirmLinkTo(address: string): Promise<string> {
    const mail = (await mailsTo(shop, address)).at(-1);
    const match = /\/confirm-email\?token=(\S+)/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no confirmation link to ${address}`);
    return decodeURIComponent(match[1]);
  }
  const confirm = (token: string) => call(shop, 'POST', '/api/account/confirm-email', { token });

  it('needs the current password: 400 PASSWORD_REQUIRED without it, 401 WRONG_PASSWORD when wrong, nothing changes', async () => {
    const user = await createTestUser(shop);
    const target = fresh();
    const without = await put(user, profile(target));
    expect(without.status).toBe(400);
    expect(without.json()).toMatchObject({ error: 'PASSWORD_REQUIRED', fields: { currentpassword: VALIDATION.currentPasswordRequired } });
    const wrong = await put(user, profile(target, { currentpassword: 'not-my-password' }));
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'WRONG_PASSWORD' });
    // A wrong password is not a signed-out session.
    expect((await shop.app.inject({ method: 'GET', url: '/api/order', headers: bearer(user.token) })).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await mailsTo(shop, target)).toEqual([]);
  });

  it('mails a link to the new address and a notice with a reset link to the old one; the link makes the change once', async () => {
    const user = await createTestUser(shop);
    const target = fresh();
    const res = await put(user, profile(target, { currentpassword: user.password, username: 'Renamed Now' }));
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ user: { emailaddress: user.email, username: 'Renamed Now' }, pendingEmail: target });
    expect(await emailOf(user.id)).toBe(user.email);
    // The old address is told, with a working reset link for itself.
    const notice = (await mailsTo(shop, user.email)).at(-1);
    expect(notice?.text).toContain(target);
    const reset = await linkMailedTo(shop, user.email);
    expect(reset.email).toBe(user.email);

    const token = await confirmLinkTo(target);
    const ok = await confirm(token);
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ emailaddress: target });
    expect(await emailOf(user.id)).toBe(target);
    expect((await confirm(token)).status).toBe(400);
    // The session goes on; the new address logs in, the old one no longer does.
    expect((await shop.app.inject({ method: 'GET', url: '/api/order', headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await call(shop, 'POST', '/api/account/login', { email: target, password: user.password })).status).toBe(200);
    expect((await call(shop, 'POST', '/api/account/login', { email: user.email, password: user.password })).status).toBe(401);
  });

  it('only the newest link works, an expired one never does, and a password reset calls a pending change off', async () => {
    const user = await createTestUser(shop);
    const first = fresh();
    const second = fresh();
    expect((await put(user, profile(first, { currentpassword: user.password }))).status).toBe(200);
    expect((await put(user, profile(second, { currentpassword: user.password }))).status).toBe(200);
    expect((await confirm(await confirmLinkTo(first))).status).toBe(400);

    await shop.app.ctx.db.updateTable('email_changes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('new_email', '=', second).execute();
    expect((await confirm(await confirmLinkTo(second))).status).toBe(400);

    const third = fresh();
    expect((await put(user, profile(third, { currentpassword: user.password }))).status).toBe(200);
    const reset = await linkMailedTo(shop, user.email);
    const done = await call(shop, 'POST', '/api/account/resetnewpassword', { email: reset.email, token: reset.token, password: 'brand-new-ghee' });
    expect(done.status).toBe(200);
    expect((await confirm(await confirmLinkTo(third))).status).toBe(400);
    expect(await emailOf(user.id)).toBe(user.email);
    authAnswerSchema.parse(done.json());
  });

  it('a checkout account without a password sets one first', async () => {
    const billing = newBilling();
    const guest = authAnswerSchema.parse((await call(shop, 'POST', '/api/account/registeronprocess', billing)).json());
    const res = await put(guest, { ...profile(fresh(), { currentpassword: 'anything' }), username: billing.name });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'PASSWORD_NOT_SET' });
  });

  describe('an address taken meanwhile', () => {
    it('is a 409 at confirmation and the account keeps its address', async () => {
      const user = await createTestUser(shop);
      const target = fresh();
      expect((await put(user, profile(target, { currentpassword: user.password }))).status).toBe(200);
      await createTestUser(shop, { email: target });
      const res = await confirm(await confirmLinkTo(target));
      expect(res.status).toBe(409);
      expect(await emailOf(user.id)).toBe(user.email);
    });
  });
});
