import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { ADMIN_GRANT_USAGE, runAdminGrant } from './admin-grant-command';
import { LAST_ADMIN_MESSAGE, adminAccessMessages } from './admin-access-service';
import { mailsTo } from './test-helpers';

const run = promisify(execFile);

describeEachDatabase('admin:grant command', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const deps = () => ({ db: shop.app.ctx.db, dialect: shop.app.ctx.dialect, config: shop.config });
  const isAdmin = async (id: number) =>
    !!(await shop.app.ctx.db.selectFrom('user_roles').select('role').where('user_id', '=', id).where('role', '=', 'ADMIN').executeTakeFirst());

  it('grants ADMIN to an existing account, with an audit entry without an actor and a mail', async () => {
    const user = await createTestUser(shop);
    const result = await runAdminGrant(deps(), [user.email.toUpperCase()]);
    expect(result).toEqual({ exitCode: 0, message: adminAccessMessages.granted(user.email) });
    expect(await isAdmin(user.id)).toBe(true);
    const audit = await shop.app.ctx.db.selectFrom('audit_log').selectAll().where('target', '=', user.email).execute();
    expect(audit).toMatchObject([{ action: 'admin.grant', actor_user_id: null }]);
    expect(await mailsTo(shop, user.email)).toHaveLength(1);

    expect(await runAdminGrant(deps(), ['--revoke', user.email])).toEqual({
      exitCode: 0,
      message: adminAccessMessages.revoked(user.email),
    });
    expect(await isAdmin(user.id)).toBe(false);
  });

  it('fails with exit code 1 and a clear message for an unknown account or the last admin', async () => {
    expect(await runAdminGrant(deps(), ['nobody@example.in'])).toEqual({
      exitCode: 1,
      message: adminAccessMessages.unknown('nobody@example.in'),
    });
    expect(await runAdminGrant(deps(), [shop.config.ADMIN_EMAIL, '--revoke'])).toEqual({
      exitCode: 1,
      message: LAST_ADMIN_MESSAGE,
    });
  });

  it('prints the usage for a missing or malformed address', async () => {
    expect(await runAdminGrant(deps(), [])).toEqual({ exitCode: 2, message: ADMIN_GRANT_USAGE });
    expect(await runAdminGrant(deps(), ['not-an-email'])).toEqual({
      exitCode: 2,
      message: `"not-an-email" is not an email address.\n${ADMIN_GRANT_USAGE}`,
    });
  });
});

describe('npm run admin:grant (the real script) [sqlite]', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('sqlite');
  });
  afterAll(async () => shop.close());

  it('grants ADMIN in the database of DATA_DIR and prints what it did', async () => {
    const user = await createTestUser(shop);
    const root = path.resolve(import.meta.dirname, '../../..');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'src/server/cli/admin-grant.ts'), user.email],
      { cwd: root, env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
    );
    expect(stdout.trim()).toBe(adminAccessMessages.granted(user.email));
    const roles = await shop.app.ctx.db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
    expect(roles.map((r) => r.role).sort()).toEqual(['ADMIN', 'USER']);
  });
});
