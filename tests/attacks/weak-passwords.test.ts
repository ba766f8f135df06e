// Attack suite: weak new passwords were accepted (`aaaaaa`, `ghee123`, `gheeshop`, `Passw0rd!`, the account's own
// e-mail). New passwords now have at least 8 characters, are not among the common ones, are not the e-mail, hold
// no shop name, and score at least 2 in zxcvbn-ts with the e-mail and the shop's name as the account's own words.
// Passwords set before keep working until their owner changes them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, linkMailedTo, newRegistration } from '../../src/server/accounts/test-helpers';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../support/test-shop';
import { countRows } from './attack-support';

const STRONG = 'monsoon-ladder-brass';

describeEachDatabase('attack: weak new passwords', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
  });
  afterAll(async () => shop.close());

  const weak = (email: string) => [
    ['aaaaaa', /at least 8 characters/],
    ['ghee123', /at least 8 characters/],
    ['gheeshop', /shop's name/],
    ['Ghee-Shop-2026', /shop's name/],
    ['Passw0rd!', /easy to guess|too common/],
    ['password1', /too common/],
    ['aaaaaaaaaa', /easy to guess/],
    ['12345678', /too common/],
    ['qwertyuiop', /too common|easy to guess/],
    [email, /email address/],
    [email.split('@')[0] ?? '', /email address|easy to guess/],
  ] as const;

  it('registration refuses each weak password with a 400 under "password", and stores nothing', async () => {
    const before = await countRows(shop, 'users');
    const email = `kavya.menon-${Date.now()}@example.in`;
    for (const [password, message] of weak(email)) {
      const res = await call(shop, 'POST', '/api/account/register', newRegistration({ emailaddress: email, password }));
      expect(res.status, password).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields.password, password).toMatch(message);
    }
    expect(await countRows(shop, 'users')).toBe(before);
    expect((await call(shop, 'POST', '/api/account/register', newRegistration({ emailaddress: email, password: STRONG }))).status).toBe(200);
  });

  it('a reset refuses them too; the strong one is taken and signs in', async () => {
    const owner = await createTestUser(shop);
    expect((await call(shop, 'POST', '/api/account/resetpassword', { email: owner.email })).status).toBe(200);
    const link = await linkMailedTo(shop, owner.email);
    for (const [password, message] of weak(owner.email)) {
      const res = await call(shop, 'POST', '/api/account/resetnewpassword', { email: link.email, token: link.token, password });
      expect(res.status, password).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields.password, password).toMatch(message);
    }
    expect((await call(shop, 'POST', '/api/account/resetnewpassword', { email: link.email, token: link.token, password: STRONG })).status).toBe(200);
    expect((await call(shop, 'POST', '/api/account/login', { email: owner.email, password: STRONG })).status).toBe(200);
  });

  it('a password set before the rule keeps working until it is changed', async () => {
    const old = await createTestUser(shop, { password: 'ghee123' });
    expect((await call(shop, 'POST', '/api/account/login', { email: old.email, password: 'ghee123' })).status).toBe(200);
  });
});
