import { afterAll, beforeAll, expect, it } from 'vitest';
import { VALIDATION } from '../../domain/messages';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { LAST_ADMIN_MESSAGE, adminAccessMessages } from './admin-access-service';
import { call, mailsTo } from './test-helpers';

describeEachDatabase('POST /api/settings/adminaccess', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  const access = (caller: Pick<TestUser, 'auth'> | null, body: Record<string, unknown>) =>
    call(shop, 'POST', '/api/settings/adminaccess', body, caller ? { headers: caller.auth } : {});
  const rolesOf = async (id: number) =>
    (await shop.app.ctx.db.selectFrom('user_roles').select('role').where('user_id', '=', id).execute()).map((r) => r.role).sort();
  const audit = (target: string) =>
    shop.app.ctx.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id').execute();

  it('refuses anonymous callers with 401 and USER tokens with 403, changing nothing', async () => {
    const user = await createTestUser(shop);
    expect((await access(null, { emailaddress: user.email, revoke: false })).status).toBe(401);
    const res = await access(user, { emailaddress: user.email, revoke: false });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect(await rolesOf(user.id)).toEqual(['USER']);
  });

  it("GET /api/account/me answers the caller's roles as they are now, so a grant shows without logging in again", async () => {
    const user = await createTestUser(shop);
    const me = () => shop.app.inject({ method: 'GET', url: '/api/account/me', headers: user.auth });
    const before = await me();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ emailaddress: user.email, roles: ['USER'] });
    expect(before.body).not.toMatch(/password/i);
    expect((await access(admin, { emailaddress: user.email, revoke: false })).status).toBe(200);
    // The very same token: the roles are read from the database, not from the token.
    expect((await me()).json().roles).toEqual(expect.arrayContaining(['USER', 'ADMIN']));
    expect((await access(admin, { emailaddress: user.email, revoke: true })).status).toBe(200);
    expect((await me()).json().roles).toEqual(['USER']);
    expect((await shop.app.inject({ method: 'GET', url: '/api/account/me' })).statusCode).toBe(401);
  });

  it('grants ADMIN: a message string, the audit log, and a mail to the person', async () => {
    const user = await createTestUser(shop, { username: 'Priya Shah' });
    const res = await access(admin, { emailaddress: ` ${user.email.toUpperCase()}`, revoke: false });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toBe(`Admin access granted to ${user.email}`);
    expect(await rolesOf(user.id)).toEqual(['ADMIN', 'USER']);
    const entries = await audit(user.email);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'admin.grant', actor_user_id: admin.id });
    const mails = await mailsTo(shop, user.email);
    expect(mails.map((m) => m.subject)).toEqual(['You now have admin access to Ghee Shop']);
    expect(mails[0]?.text).toContain('Hello Priya Shah,');
    // The token issued before the grant now works on admin calls, since the role is read on every request.
    expect((await access(user, { emailaddress: user.email, revoke: false })).json()).toBe(adminAccessMessages.alreadyAdmin(user.email));
  });

  it('revokes ADMIN, and the revoked admin is refused on the very next call', async () => {
    const other = await createTestUser(shop, { roles: ['USER', 'ADMIN'] });
    expect((await access(other, { emailaddress: admin.email, revoke: false })).status).toBe(200);
    const res = await access(admin, { emailaddress: other.email, revoke: true });
    expect(res.status).toBe(200);
    expect(res.json()).toBe(`Admin access revoked from ${other.email}`);
    expect(await rolesOf(other.id)).toEqual(['USER']);
    expect((await audit(other.email)).map((e) => e.action)).toEqual(['admin.revoke']);
    expect((await mailsTo(shop, other.email)).map((m) => m.subject)).toEqual(['Your Ghee Shop admin access was removed']);
    const next = await access(other, { emailaddress: admin.email, revoke: false });
    expect(next.status).toBe(403);
  });

  it('says so, changing nothing, when the person already is (or is not) an admin', async () => {
    const user = await createTestUser(shop);
    const res = await access(admin, { emailaddress: user.email, revoke: true });
    expect(res.status).toBe(200);
    expect(res.json()).toBe(adminAccessMessages.notAdmin(user.email));
    expect(await audit(user.email)).toHaveLength(0);
    expect(await mailsTo(shop, user.email)).toHaveLength(0);
  });

  it('answers 404 with a clear message for an email without an account', async () => {
    const res = await access(admin, { emailaddress: 'stranger@example.in', revoke: false });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: adminAccessMessages.unknown('stranger@example.in') });
  });

  it('refuses to revoke the last admin with 409', async () => {
    const admins = await shop.app.ctx.db.selectFrom('user_roles').select('user_id').where('role', '=', 'ADMIN').execute();
    for (const row of admins.filter((r) => r.user_id !== admin.id)) {
      await shop.app.ctx.db.deleteFrom('user_roles').where('user_id', '=', row.user_id).where('role', '=', 'ADMIN').execute();
    }
    const res = await access(admin, { emailaddress: admin.email, revoke: true });
    expect(res.status).toBe(409);
    expect(res.json()).toEqual({ error: 'CONFLICT', message: LAST_ADMIN_MESSAGE });
    expect(await rolesOf(admin.id)).toContain('ADMIN');
  });

  it('keeps one admin when two admins revoke each other at the same moment', async () => {
    const second = await createTestUser(shop, { roles: ['USER', 'ADMIN'] });
    const admins = await shop.app.ctx.db.selectFrom('user_roles').select('user_id').where('role', '=', 'ADMIN').execute();
    expect(admins.map((r) => r.user_id).sort()).toEqual([admin.id, second.id].sort());
    const answers = await Promise.all([
      access(admin, { emailaddress: second.email, revoke: true }),
      access(second, { emailaddress: admin.email, revoke: true }),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const left = await shop.app.ctx.db.selectFrom('user_roles').select('user_id').where('role', '=', 'ADMIN').execute();
    expect(left).toHaveLength(1);
    // Put the seeded admin back in charge for any test that follows.
    if (left[0]?.user_id !== admin.id) {
      await shop.app.ctx.db.insertInto('user_roles').values({ user_id: admin.id, role: 'ADMIN' }).execute();
    }
  });

  it.each([
    ['email missing', { revoke: false }, 'emailaddress', VALIDATION.emailRequired],
    ['email malformed', { emailaddress: 'x@y', revoke: false }, 'emailaddress', VALIDATION.emailInvalid],
    ['revoke missing', { emailaddress: 'a@b.in' }, 'revoke', undefined],
    ['revoke not a boolean', { emailaddress: 'a@b.in', revoke: 'yes' }, 'revoke', undefined],
    ['unknown field', { emailaddress: 'a@b.in', revoke: false, role: 'ADMIN' }, '_', undefined],
  ])('answers 400 when the %s', async (_name, body, field, message) => {
    const res = await access(admin, body);
    expect(res.status).toBe(400);
    const json = res.json() as { fields: Record<string, string> };
    if (message) expect(json.fields[field]).toBe(message);
    else expect(Object.keys(json.fields).length).toBeGreaterThan(0);
  });
});
