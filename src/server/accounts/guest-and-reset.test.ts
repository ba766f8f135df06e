import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '../../domain/messages';
import { authAnswerSchema } from '../../domain/schemas/account';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { RESET_REQUESTED_MESSAGE } from './password-reset-service';
import { call, expectNoSecrets, linkMailedTo, mailsTo, newBilling } from './test-helpers';

describeEachDatabase('guest accounts and password reset', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { PUBLIC_URL: 'https://ghee.example.in/' } });
  });
  afterAll(async () => shop.close());

  const login = (email: string, password: string) => call(shop, 'POST', '/api/account/login', { email, password });
  const setPassword = (body: Record<string, unknown>) => call(shop, 'POST', '/api/account/resetnewpassword', body);

  describe('POST /api/account/registeronprocess', () => {
    it('creates an account without a usable password and answers {token, user} with the billing details', async () => {
      const billing = newBilling({ email: ' Ravi.K@Example.in' });
      const res = await call(shop, 'POST', '/api/account/registeronprocess', billing);
      expect(res.status).toBe(200);
      expectNoSecrets(res);
      const answer = authAnswerSchema.strict().parse(res.json());
      expect(answer.user).toStrictEqual({
        username: 'Ravi Kumar',
        emailaddress: 'ravi.k@example.in',
        mobilenumber: '9123456780',
        address: '4 Lake Road',
        pincode: '600001',
        district: 'Chennai',
        state: 'Tamil Nadu',
        roles: ['USER'],
      });
      const row = await shop.app.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'ravi.k@example.in')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toBeNull();
      // The token works for the user calls that follow at checkout.
      const profile = await call(shop, 'PUT', '/api/account/profile', { ...answer.user, roles: undefined }, {
        headers: { authorization: `Bearer ${answer.token}` },
      });
      expect(profile.status).toBe(200);
    });

    it('mails a "set your password" link that sets the password and logs in', async () => {
      const billing = newBilling();
      expect((await call(shop, 'POST', '/api/account/registeronprocess', billing)).status).toBe(200);
      const mails = await mailsTo(shop, billing.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Welcome to Ghee Shop: set your password');
      expect(mails[0]?.text).toContain('Hello Ravi Kumar,');
      // Sent at billing, before any order: a welcome, with no thanks for an order that was not placed.
      expect(mails[0]?.text).toContain('Welcome to Ghee Shop!');
      expect(mails[0]?.text).not.toMatch(/thank you for your order/i);
      const link = await linkMailedTo(shop, billing.email);
      expect(link.url).toBe(
        `https://ghee.example.in/resetpassword?email=${encodeURIComponent(billing.email)}&token=${link.token}&first=1`,
      );
      const set = await setPassword({ email: link.email, token: link.token, password: 'my-new-pass' });
      expect(set.status).toBe(200);
      expectNoSecrets(set);
      expect(authAnswerSchema.parse(set.json()).user.emailaddress).toBe(billing.email);
      expect((await login(billing.email, 'my-new-pass')).status).toBe(200);
    });

    it("answers 409 'User name already exists' for an email with an account", async () => {
      const user = await createTestUser(shop);
      const res = await call(shop, 'POST', '/api/account/registeronprocess', newBilling({ email: user.email.toUpperCase() }));
      expect(res.status).toBe(409);
      expect(res.json()).toMatchObject({ error: 'CONFLICT', message: 'User name already exists' });
      expect(await mailsTo(shop, user.email)).toHaveLength(0);
    });

    const rules: [string, Record<string, unknown>, string, string][] = [
      ['name empty', { name: ' ' }, 'name', VALIDATION.nameRequired],
      ['email missing', { email: undefined }, 'email', VALIDATION.emailRequired],
      ['email malformed', { email: 'ravi@@example.in' }, 'email', VALIDATION.emailInvalid],
      ['mobile empty', { mobilenumber: '' }, 'mobilenumber', VALIDATION.mobileRequired],
      ['mobile short', { mobilenumber: '91234' }, 'mobilenumber', VALIDATION.mobileInvalid],
      ['address empty', { address: '' }, 'address', VALIDATION.addressRequired],
      ['pincode empty', { pincode: '' }, 'pincode', VALIDATION.pincodeRequired],
      ['pincode starting with 0', { pincode: '012345' }, 'pincode', VALIDATION.pincodeInvalid],
      ['pincode of 5 digits', { pincode: '60001' }, 'pincode', VALIDATION.pincodeInvalid],
      ['district empty', { district: '' }, 'district', VALIDATION.districtRequired],
      ['state missing', { state: undefined }, 'state', VALIDATION.stateRequired],
    ];
    it.each(rules)('answers 400 when the %s', async (_name, override, field, message) => {
      const res = await call(shop, 'POST', '/api/account/registeronprocess', newBilling(override));
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    });

    it('rejects unknown fields such as roles', async () => {
      const res = await call(shop, 'POST', '/api/account/registeronprocess', newBilling({ roles: ['ADMIN'] }));
      expect(res.status).toBe(400);
    });
  });

  describe('POST /api/account/resetpassword', () => {
    it('answers the same 200 body for an account and for an unknown address, and mails only the account', async () => {
      const user = await createTestUser(shop);
      const known = await call(shop, 'POST', '/api/account/resetpassword', { email: user.email.toUpperCase() });
      const unknown = await call(shop, 'POST', '/api/account/resetpassword', { email: 'no-account@example.in' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
      expect(await mailsTo(shop, user.email)).toHaveLength(1);
      expect(await mailsTo(shop, 'no-account@example.in')).toHaveLength(0);
    });

    it('stores only a digest of a 32-byte token that expires in one hour', async () => {
      const user = await createTestUser(shop);
      const before = Date.now();
      await call(shop, 'POST', '/api/account/resetpassword', { email: user.email });
      const link = await linkMailedTo(shop, user.email);
      expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
      const rows = await shop.app.ctx.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.token_hash).not.toContain(link.token);
      const ttl = Date.parse(rows[0]?.expires_at ?? '') - before;
      expect(ttl).toBeGreaterThan(59 * 60_000);
      expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    });

    it.each([
      ['missing', {}, VALIDATION.emailRequired],
      ['malformed', { email: 'not-an-email' }, VALIDATION.emailInvalid],
    ])('answers 400 when the email is %s', async (_name, body, message) => {
      const res = await call(shop, 'POST', '/api/account/resetpassword', body);
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { email: message } });
    });
  });

  describe('POST /api/account/resetnewpassword', () => {
    async function mailedLinkFor(email: string) {
      await call(shop, 'POST', '/api/account/resetpassword', { email });
      return linkMailedTo(shop, email);
    }
    const invalid = { error: 'VALIDATION_FAILED', message: VALIDATION.resetTokenRequired, fields: { token: VALIDATION.resetTokenRequired } };

    it('sets the new password from the mailed link, logs in, and the link then stops working', async () => {
      const user = await createTestUser(shop, { password: 'old-password' });
      const link = await mailedLinkFor(user.email);
      expect(link.email).toBe(user.email);
      const res = await setPassword({ email: link.email, token: link.token, password: 'new-password' });
      expect(res.status).toBe(200);
      expectNoSecrets(res);
      const answer = authAnswerSchema.strict().parse(res.json());
      expect(answer.user.emailaddress).toBe(user.email);
      expect((await login(user.email, 'new-password')).status).toBe(200);
      expect((await login(user.email, 'old-password')).status).toBe(401);

      const again = await setPassword({ email: link.email, token: link.token, password: 'third-password' });
      expect(again.status).toBe(400);
      expect(again.json()).toEqual(invalid);
      expect((await login(user.email, 'new-password')).status).toBe(200);
    });

    it('refuses an expired link', async () => {
      const user = await createTestUser(shop);
      const link = await mailedLinkFor(user.email);
      await shop.app.ctx.db
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      const res = await setPassword({ email: user.email, token: link.token, password: 'new-password' });
      expect(res.status).toBe(400);
      expect(res.json()).toEqual(invalid);
      expect((await login(user.email, user.password)).status).toBe(200);
    });

    it("refuses one account's link used with another account's email", async () => {
      const owner = await createTestUser(shop);
      const other = await createTestUser(shop);
      const link = await mailedLinkFor(owner.email);
      const res = await setPassword({ email: other.email, token: link.token, password: 'taken-over' });
      expect(res.status).toBe(400);
      expect(res.json()).toEqual(invalid);
      expect((await login(other.email, 'taken-over')).status).toBe(401);
      // The link is not spent by the failed attempt: its owner can still use it.
      expect((await setPassword({ email: owner.email, token: link.token, password: 'owner-new' })).status).toBe(200);
    });

    it('refuses a made-up token, and ends older links once one is used', async () => {
      const user = await createTestUser(shop);
      const first = await mailedLinkFor(user.email);
      const second = await mailedLinkFor(user.email);
      expect(first.token).not.toBe(second.token);
      const guessed = await setPassword({ email: user.email, token: 'A'.repeat(43), password: 'guessed-pass' });
      expect(guessed.status).toBe(400);
      expect((await setPassword({ email: user.email, token: second.token, password: 'second-pass' })).status).toBe(200);
      expect((await setPassword({ email: user.email, token: first.token, password: 'first-pass' })).status).toBe(400);
    });

    it('sets the password once when the link is submitted twice at the same moment', async () => {
      const user = await createTestUser(shop);
      const link = await mailedLinkFor(user.email);
      const answers = await Promise.all(
        ['parallel-one', 'parallel-two'].map((password) => setPassword({ email: user.email, token: link.token, password })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    });

    it.each([
      ['password is short', { password: 'abc' }, 'password', VALIDATION.passwordTooShort],
      ['password is empty', { password: '' }, 'password', VALIDATION.passwordRequired],
      ['token is missing', { token: undefined }, 'token', VALIDATION.resetTokenRequired],
      ['email is malformed', { email: 'x@' }, 'email', VALIDATION.emailInvalid],
    ])('answers 400 when the %s', async (_name, override, field, message) => {
      const res = await setPassword({ email: 'a@b.in', token: 'x'.repeat(43), password: 'long-enough', ...override });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
    });
  });
});
