import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// Every admin call of templates, status mail, outbox and settings; bodies are valid so only the guard can refuse.
const CALLS: { method: Method; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/email' },
  { method: 'POST', url: '/api/email', payload: { title: 'T', subject: 'S', body: '', status: 'READY', isdefault: false } },
  { method: 'PUT', url: '/api/email', payload: { id: 1, title: 'T', subject: 'S', body: '', status: 'READY', isdefault: true } },
  { method: 'DELETE', url: '/api/email', payload: { id: 1 } },
  { method: 'POST', url: '/api/email/preview', payload: { subject: 'S', body: 'B' } },
  { method: 'PUT', url: '/api/email/admin/email', payload: { orderid: 'order_X', status: 'READY' } },
  { method: 'GET', url: '/api/email/outbox' },
  { method: 'GET', url: '/api/email/outbox/1' },
  { method: 'POST', url: '/api/email/outbox/1/retry' },
  { method: 'GET', url: '/api/settings' },
  { method: 'PUT', url: '/api/settings', payload: { emailsetting: false, customeremail: false, intialsubject: '', intialbody: '' } },
];

describeEachDatabase('admin-only mail and settings calls', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    customer = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  for (const { method, url, payload } of CALLS) {
    it(`${method} ${url}: 401 without a login, 403 for a customer`, async () => {
      const anonymous = await shop.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toBe('UNAUTHORIZED');
      const user = await shop.app.inject({ method, url, headers: customer.auth, ...(payload ? { payload } : {}) });
      expect(user.statusCode).toBe(403);
      expect(user.json().error).toBe('FORBIDDEN');
    });
  }

  it('refuses before reading the body: an anonymous invalid body is 401, not 400', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/email', payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });

  it('changed nothing while refusing', async () => {
    const templates = await shop.app.ctx.db.selectFrom('email_templates').selectAll().orderBy('id').execute();
    expect(templates.map((t) => [t.status, t.isdefault])).toEqual([
      ['PREPARATION', 1],
      ['READY', 1],
      ['OUTFORDELIVERY', 1],
      ['DELIVERED', 1],
      ['CANCELLED', 1],
      ['RETURNED', 1],
    ]);
    const settings = await shop.app.ctx.db.selectFrom('settings').selectAll().execute();
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({ emailsetting: 1, customeremail: 1 });
  });
});
