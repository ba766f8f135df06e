import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '../../domain/messages';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { PROFILE_EMAIL_TAKEN_MESSAGE } from './account-service';
import { bearer, call, expectNoSecrets } from './test-helpers';

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  username: 'Lakshmi Menon',
  emailaddress: `lakshmi-${Math.random().toString(36).slice(2)}@example.in`,
  address: '22 Coconut Grove',
  pincode: '682001',
  state: 'Kerala',
  mobilenumber: '9988776655',
  district: 'Ernakulam',
  ...overrides,
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeEachDatabase('profile and session tokens', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const putProfile = (user: Pick<TestUser, 'token'>, body: Record<string, unknown>) =>
    call(shop, 'PUT', '/api/account/profile', body, { headers: bearer(user.token) });

  describe('PUT /api/account/profile', () => {
    it("replaces the caller's profile and answers {user}", async () => {
      const user = await createTestUser(shop);
      const body = profileBody({ emailaddress: user.email, username: '  Lakshmi Menon ' });
      const res = await putProfile(user, body);
      expect(res.status).toBe(200);
      expectNoSecrets(res);
      expect(res.json()).toStrictEqual({
        user: { ...body, username: 'Lakshmi Menon', roles: ['USER'] },
      });
      const row = await shop.app.ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ username: 'Lakshmi Menon', pincode: '682001', district: 'Ernakulam', email: user.email });
    });

    it('keeps the email until the new address confirms it (the change itself: email-change.test.ts)', async () => {
      const user = await createTestUser(shop, { password: 'keep-this' });
      const res = await putProfile(user, profileBody({ emailaddress: 'New.Address@Example.IN', currentpassword: 'keep-this' }));
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ user: { emailaddress: user.email, username: 'Lakshmi Menon' }, pendingEmail: 'new.address@example.in' });
      expect((await putProfile(user, profileBody({ emailaddress: user.email }))).status).toBe(200);
    });

    it('answers 409 when the new email belongs to another account, and changes nothing', async () => {
      const user = await createTestUser(shop);
      const other = await createTestUser(shop);
      const res = await putProfile(user, profileBody({ emailaddress: other.email.toUpperCase(), username: 'Changed', currentpassword: user.password }));
      expect(res.status).toBe(409);
      expect(res.json()).toEqual({
        error: 'CONFLICT',
        message: PROFILE_EMAIL_TAKEN_MESSAGE,
        fields: { emailaddress: PROFILE_EMAIL_TAKEN_MESSAGE },
      });
      const row = await shop.app.ctx.db.selectFrom('users').select(['email', 'username']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ email: user.email, username: 'Test Customer' });
    });

    it("never touches another account: there is no id to aim with, and smuggled ids or roles are refused", async () => {
      const user = await createTestUser(shop);
      const other = await createTestUser(shop);
      for (const extra of [{ id: other.id }, { roles: ['ADMIN'] }, { password: 'hijacked' }]) {
        const res = await putProfile(user, profileBody({ emailaddress: user.email, ...extra }));
        expect(res.status).toBe(400);
      }
      const ok = await putProfile(user, profileBody({ emailaddress: user.email, username: 'Only Me' }));
      expect(ok.status).toBe(200);
      const otherRow = await shop.app.ctx.db.selectFrom('users').select('username').where('id', '=', other.id).executeTakeFirstOrThrow();
      expect(otherRow.username).toBe('Test Customer');
      const roles = await shop.app.ctx.db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
      expect(roles.map((r) => r.role)).toEqual(['USER']);
    });

    const rules: [string, Record<string, unknown>, string, string][] = [
      ['name empty', { username: '' }, 'username', VALIDATION.nameRequired],
      ['email empty', { emailaddress: '' }, 'emailaddress', VALIDATION.emailRequired],
      ['email malformed', { emailaddress: 'lakshmi.example.in' }, 'emailaddress', VALIDATION.emailInvalid],
      ['address empty', { address: '  ' }, 'address', VALIDATION.addressRequired],
      ['pincode malformed', { pincode: '68200A' }, 'pincode', VALIDATION.pincodeInvalid],
      ['pincode empty', { pincode: '' }, 'pincode', VALIDATION.pincodeRequired],
      ['state empty', { state: '' }, 'state', VALIDATION.stateRequired],
      ['mobile missing', { mobilenumber: undefined }, 'mobilenumber', VALIDATION.mobileRequired],
      ['mobile malformed', { mobilenumber: '+44 7700 900123' }, 'mobilenumber', VALIDATION.mobileInvalid],
      ['district empty', { district: '' }, 'district', VALIDATION.districtRequired],
    ];
    it.each(rules)('answers 400 when the %s', async (_name, override, field, message) => {
      const user = await createTestUser(shop);
      const res = await putProfile(user, profileBody({ emailaddress: user.email, ...override }));
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    });
  });

  describe('tokens on a user call', () => {
    let user: TestUser;
    let victim: TestUser;
    const secret = () => new TextEncoder().encode(shop.config.JWT_SECRET);
    const claims = () => ({ email: user.email });
    beforeAll(async () => {
      user = await createTestUser(shop);
      victim = await createTestUser(shop);
    });

    const expect401 = async (token: string | null) => {
      const headers = token === null ? undefined : bearer(token);
      const res = await call(shop, 'PUT', '/api/account/profile', profileBody({ emailaddress: user.email }), headers ? { headers } : {});
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED', message: expect.stringMatching(/log in/i) });
    };

    it('accepts the genuine token', async () => {
      expect((await putProfile(user, profileBody({ emailaddress: user.email }))).status).toBe(200);
    });

    it('answers 401 without a token or with garbage', async () => {
      await expect401(null);
      await expect401('not-a-jwt');
    });

    it('answers 401 to alg: none', async () => {
      const now = Math.floor(Date.now() / 1000);
      const payload = { ...claims(), sub: String(user.id), iss: 'ghee-shop', iat: now, exp: now + 600 };
      await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`);
    });

    it('answers 401 to a token signed with another secret', async () => {
      const forged = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('ghee-shop')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
      await expect401(forged);
    });

    it('answers 401 to a token with the right secret but an algorithm outside the allow-list', async () => {
      const hs512 = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(String(user.id))
        .setIssuer('ghee-shop')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(secret());
      await expect401(hs512);
    });

    it('answers 401 to an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('ghee-shop')
        .setIssuedAt(past - 1200)
        .setExpirationTime(past)
        .sign(secret());
      await expect401(expired);
    });

    it("answers 401 to a genuine token whose payload was edited to name someone else", async () => {
      const [header, , signature] = user.token.split('.');
      const edited = { ...decodeJwt(user.token), sub: String(victim.id), email: victim.email };
      await expect401(`${header}.${b64(edited)}.${signature}`);
    });

    it('answers 401 once the account behind a token is gone', async () => {
      const gone = await createTestUser(shop);
      await shop.app.ctx.db.deleteFrom('users').where('id', '=', gone.id).execute();
      const res = await putProfile(gone, profileBody({ emailaddress: gone.email }));
      expect(res.status).toBe(401);
    });
  });
});
