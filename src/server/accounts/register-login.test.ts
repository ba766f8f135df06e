import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '../../domain/messages';
import { authAnswerSchema } from '../../domain/schemas/account';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { EMAIL_TAKEN_MESSAGE, LOGIN_FAILED_MESSAGE } from './account-service';
import { bearer, call, expectNoSecrets, newBilling, newRegistration } from './test-helpers';

describeEachDatabase('register and login', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  describe('POST /api/account/register', () => {
    it('creates a USER account and answers {token, user} without any password', async () => {
      const body = newRegistration({ emailaddress: '  Meera.Iyer@Example.IN ' });
      const res = await call(shop, 'POST', '/api/account/register', body);
      expect(res.status).toBe(200);
      expectNoSecrets(res);
      const answer = authAnswerSchema.strict().parse(res.json());
      expect(answer.user).toStrictEqual({
        username: 'Asha Rao',
        emailaddress: 'meera.iyer@example.in',
        mobilenumber: '9876543210',
        address: '',
        pincode: '',
        district: '',
        state: '',
        roles: ['USER'],
      });
      const row = await shop.app.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'meera.iyer@example.in')
        .executeTakeFirstOrThrow();
      // argon2id with the OWASP parameters, never the password itself.
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
      expect(decodeJwt(answer.token).sub).toBe(String(row.id));
    });

    it('ignores roles smuggled into the body', async () => {
      const body = newRegistration({ roles: ['ADMIN'], id: 1 });
      const res = await call(shop, 'POST', '/api/account/register', body);
      expect(res.status).toBe(200);
      expect(authAnswerSchema.parse(res.json()).user.roles).toEqual(['USER']);
      const row = await shop.app.ctx.db
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .select(['users.id', 'user_roles.role'])
        .where('users.email', '=', body.emailaddress)
        .execute();
      expect(row.map((r) => r.role)).toEqual(['USER']);
      expect(row[0]?.id).not.toBe(1);
      // And the token of that account is a plain user's: admin calls refuse it.
      const token = authAnswerSchema.parse(res.json()).token;
      const admin = await call(shop, 'POST', '/api/settings/adminaccess', { emailaddress: body.emailaddress, revoke: false }, { headers: bearer(token) });
      expect(admin.status).toBe(403);
    });

    it('answers 409 for an email that already has an account, whatever its capitals', async () => {
      const body = newRegistration();
      expect((await call(shop, 'POST', '/api/account/register', body)).status).toBe(200);
      const again = await call(shop, 'POST', '/api/account/register', { ...body, emailaddress: body.emailaddress.toUpperCase() });
      expect(again.status).toBe(409);
      expect(again.json()).toEqual({ error: 'CONFLICT', message: EMAIL_TAKEN_MESSAGE, fields: { emailaddress: EMAIL_TAKEN_MESSAGE } });
    });

    it('answers 409 for the email of a guest account made at checkout', async () => {
      const billing = newBilling();
      expect((await call(shop, 'POST', '/api/account/registeronprocess', billing)).status).toBe(200);
      const res = await call(shop, 'POST', '/api/account/register', newRegistration({ emailaddress: billing.email }));
      expect(res.status).toBe(409);
    });

    it('lets only one of two simultaneous registrations of one email through', async () => {
      const body = newRegistration();
      const answers = await Promise.all([1, 2, 3].map(() => call(shop, 'POST', '/api/account/register', body)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    });

    const rules: [string, Record<string, unknown>, string, string][] = [
      ['email missing', { emailaddress: undefined }, 'emailaddress', VALIDATION.emailRequired],
      ['email empty', { emailaddress: '   ' }, 'emailaddress', VALIDATION.emailRequired],
      ['email malformed', { emailaddress: 'asha@' }, 'emailaddress', VALIDATION.emailInvalid],
      ['name empty', { username: '' }, 'username', VALIDATION.nameRequired],
      ['name missing', { username: undefined }, 'username', VALIDATION.nameRequired],
      ['mobile empty', { mobilenumber: '' }, 'mobilenumber', VALIDATION.mobileRequired],
      ['mobile of 9 digits', { mobilenumber: '987654321' }, 'mobilenumber', VALIDATION.mobileInvalid],
      ['mobile of 11 digits', { mobilenumber: '98765432101' }, 'mobilenumber', VALIDATION.mobileInvalid],
      ['mobile with letters', { mobilenumber: '98765abcde' }, 'mobilenumber', VALIDATION.mobileInvalid],
      ['password empty', { password: '' }, 'password', VALIDATION.passwordRequired],
      ['password of 5 characters', { password: '12345' }, 'password', VALIDATION.passwordTooShort],
    ];
    it.each(rules)('answers 400 when the %s', async (_name, override, field, message) => {
      const res = await call(shop, 'POST', '/api/account/register', newRegistration(override));
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    });

    it('lists every failing field at once so a form can show each under its input', async () => {
      const res = await call(shop, 'POST', '/api/account/register', {});
      expect(res.status).toBe(400);
      expect((res.json() as { fields: unknown }).fields).toEqual({
        username: VALIDATION.nameRequired,
        emailaddress: VALIDATION.emailRequired,
        mobilenumber: VALIDATION.mobileRequired,
        password: VALIDATION.passwordRequired,
      });
    });
  });

  describe('POST /api/account/login', () => {
    it('logs in with the email in any capitals and answers {token, user}', async () => {
      const user = await createTestUser(shop, { password: 'pure-ghee' });
      const res = await call(shop, 'POST', '/api/account/login', { email: ` ${user.email.toUpperCase()} `, password: 'pure-ghee' });
      expect(res.status).toBe(200);
      expectNoSecrets(res);
      const answer = authAnswerSchema.strict().parse(res.json());
      expect(answer.user).toMatchObject({ emailaddress: user.email, username: 'Test Customer', pincode: '560001', roles: ['USER'] });
      const claims = decodeJwt(answer.token);
      expect(decodeJwt(answer.token).sub).toBe(String(user.id));
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(20 * 60);
    });

    it('issues a 7-day token with remember: true', async () => {
      const user = await createTestUser(shop);
      const res = await call(shop, 'POST', '/api/account/login', { email: user.email, password: user.password, remember: true });
      expect(res.status).toBe(200);
      const claims = decodeJwt(authAnswerSchema.parse(res.json()).token);
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7 * 24 * 60 * 60);
    });

    it('answers the same 401 for a wrong password, an unknown email and a guest account', async () => {
      const user = await createTestUser(shop);
      const billing = newBilling();
      await call(shop, 'POST', '/api/account/registeronprocess', billing);
      const attempts = [
        { email: user.email, password: 'not-the-password' },
        { email: 'nobody-here@example.in', password: 'whatever1' },
        { email: billing.email, password: 'whatever1' },
      ];
      const bodies = [];
      for (const attempt of attempts) {
        const res = await call(shop, 'POST', '/api/account/login', attempt);
        expect(res.status).toBe(401);
        bodies.push(res.body);
      }
      expect(new Set(bodies).size).toBe(1);
      expect(JSON.parse(bodies[0] ?? '')).toEqual({ error: 'UNAUTHORIZED', message: LOGIN_FAILED_MESSAGE });
    });

    const rules: [string, Record<string, unknown>, string, string][] = [
      ['email missing', { email: undefined }, 'email', VALIDATION.emailRequired],
      ['email malformed', { email: 'someone.example.in' }, 'email', VALIDATION.emailInvalid],
      ['password empty', { password: '' }, 'password', VALIDATION.passwordRequired],
      ['password missing', { password: undefined }, 'password', VALIDATION.passwordRequired],
    ];
    it.each(rules)('answers 400 when the %s', async (_name, override, field, message) => {
      const res = await call(shop, 'POST', '/api/account/login', { email: 'a@b.in', password: 'secret1', ...override });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
    });

    it('rejects unknown fields in the login body', async () => {
      const res = await call(shop, 'POST', '/api/account/login', { email: 'a@b.in', password: 'secret1', roles: ['ADMIN'] });
      expect(res.status).toBe(400);
    });
  });
});
