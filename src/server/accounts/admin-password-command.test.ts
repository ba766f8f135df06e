import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { ADMIN_PASSWORD_USAGE, runAdminPassword } from './admin-password-command';
import { call } from './test-helpers';

describeEachDatabase('admin:password command', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const login = (email: string, password: string) => call(shop, 'POST', '/api/account/login', { email, password });

  it('sets a new generated password for an admin, printed in a frame; it logs in and the old one does not', async () => {
    const admin = await adminOf(shop);
    const result = await runAdminPassword({ db: shop.app.ctx.db }, [admin.email.toUpperCase()]);
    expect(result.exitCode).toBe(0);
    expect(result.message).toMatch(/^\n#+\n# New admin password set/);
    const password = /password: (\S+)/.exec(result.message)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await login(admin.email, password)).status).toBe(200);
    expect((await login(admin.email, admin.password)).status).toBe(401);
  });

  it('refuses a customer, an unknown address and a malformed call, changing nothing', async () => {
    const customer = await createTestUser(shop);
    const refused = await runAdminPassword({ db: shop.app.ctx.db }, [customer.email]);
    expect(refused).toEqual({ exitCode: 1, message: expect.stringContaining('is not an admin') });
    expect((await login(customer.email, customer.password)).status).toBe(200);
    expect(await runAdminPassword({ db: shop.app.ctx.db }, ['nobody@example.test'])).toMatchObject({ exitCode: 1, message: expect.stringContaining('No account has the email') });
    expect(await runAdminPassword({ db: shop.app.ctx.db }, [])).toEqual({ exitCode: 2, message: ADMIN_PASSWORD_USAGE });
    expect(await runAdminPassword({ db: shop.app.ctx.db }, ['not-an-email'])).toMatchObject({ exitCode: 2 });
  });
});
