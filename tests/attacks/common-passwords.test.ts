// Attack suite: the passwords every guessing list tries first (DESIGN.md §7.1).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VALIDATION } from '../../src/domain/messages';
import { call, linkMailedTo, newRegistration } from '../../src/server/accounts/test-helpers';
import { countRows } from './attack-support';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../support/test-shop';

describeEachDatabase('attack: common passwords', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
  });
  afterAll(async () => shop.close());

  // Of 8 characters and more: shorter ones (123456, qwerty) are refused for their length first.
  it('register refuses 12345678, password and sunshine (and their capitals) with 400 and creates nothing', async () => {
    const before = await countRows(shop, 'users');
    for (const password of ['12345678', 'password', 'sunshine', 'Password1', 'iloveyou']) {
      const res = await call(shop, 'POST', '/api/account/register', newRegistration({ password }));
      expect(res.status, password).toBe(400);
      expect(res.json()).toMatchObject({ fields: { password: VALIDATION.passwordTooCommon } });
    }
    expect(await countRows(shop, 'users')).toBe(before);
  });

  it('a reset cannot set one either, and the link stays usable for a better password', async () => {
    const user = await createTestUser(shop);
    await call(shop, 'POST', '/api/account/resetpassword', { email: user.email });
    const link = await linkMailedTo(shop, user.email);
    const weak = await call(shop, 'POST', '/api/account/resetnewpassword', { email: link.email, token: link.token, password: 'qwerty123' });
    expect(weak.status).toBe(400);
    expect(weak.json()).toMatchObject({ message: VALIDATION.passwordTooCommon });
    const strong = await call(shop, 'POST', '/api/account/resetnewpassword', { email: link.email, token: link.token, password: 'ghee-from-grandma' });
    expect(strong.status).toBe(200);
  });
});
