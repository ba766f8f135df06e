import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_POLICIES, POLICY_KEYS } from '../../domain/policies';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';

describeEachDatabase('policy pages', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS });
  });
  afterAll(async () => shop.close());

  const publicPolicies = async () => (await shop.app.inject('/api/public/policies')).json() as Record<string, string>;

  it('answers all five pages to anyone, the defaults naming the business and its grievance officer', async () => {
    const policies = await publicPolicies();
    expect(Object.keys(policies).sort()).toEqual([...POLICY_KEYS].sort());
    expect(policies.contact).toContain(KARNATAKA_BUSINESS.grievanceName);
    expect(policies.contact).toContain('within 48 hours');
    expect(policies.contact).toContain('within one month');
    expect(policies.refunds).toContain('5–7 working days');
    expect(policies.terms).toContain(KARNATAKA_BUSINESS.legalName);
    for (const text of Object.values(policies)) expect(text).not.toMatch(/\{\{/);
  });

  it('lets admins edit the Markdown, placeholders kept as written and filled in public', async () => {
    const edited = { ...DEFAULT_POLICIES, shipping: '# Shipping\n\nWe ship from {{city}} in 2 days.' };
    const res = await shop.app.inject({ method: 'PUT', url: '/api/settings/policies', headers: admin.auth, payload: edited });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipping).toBe(edited.shipping);
    expect((await publicPolicies()).shipping).toBe('# Shipping\n\nWe ship from Bengaluru in 2 days.');
    const empty = await shop.app.inject({ method: 'PUT', url: '/api/settings/policies', headers: admin.auth, payload: { ...edited, terms: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/policies', headers: admin.auth, payload: { shipping: 'x' } })).statusCode).toBe(400);
    const user = await createTestUser(shop);
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/policies', headers: user.auth, payload: edited })).statusCode).toBe(403);
  });
});
