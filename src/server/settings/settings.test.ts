import { afterAll, beforeAll, expect, it } from 'vitest';
import { INITIAL_ORDER_MAIL } from '../email-templates/default-mail-copy';
import { adminOf, createTestShop, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';

describeEachDatabase('settings API', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  const get = () => shop.app.inject({ method: 'GET', url: '/api/settings', headers: admin.auth });
  const put = (payload: object) => shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload });
  const valid = { emailsetting: false, customeremail: true, intialsubject: 'Thank you, {{customerName}}', intialbody: 'Line 1\nLine 2' };

  it('starts with both mails on and the initial order mail copy', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      emailsetting: true,
      customeremail: true,
      intialsubject: INITIAL_ORDER_MAIL.subject,
      intialbody: INITIAL_ORDER_MAIL.body,
      lowStockThreshold: 5,
      reviewsNeedApproval: true,
      reviewRequestDays: 3,
      codConfirmation: false,
      codConfirmHours: 24,
    });
  });

  it('saves all four fields, answers them and keeps exactly one row', async () => {
    const res = await put(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...valid, lowStockThreshold: 5, reviewsNeedApproval: true, reviewRequestDays: 3, codConfirmation: false, codConfirmHours: 24 });
    expect((await get()).json()).toEqual({ ...valid, lowStockThreshold: 5, reviewsNeedApproval: true, reviewRequestDays: 3, codConfirmation: false, codConfirmHours: 24 });
    expect(await shop.app.ctx.db.selectFrom('settings').selectAll().execute()).toHaveLength(1);
    await put({ ...valid, emailsetting: true, customeremail: false });
    expect((await get()).json()).toMatchObject({ emailsetting: true, customeremail: false });
    expect(await shop.app.ctx.db.selectFrom('settings').selectAll().execute()).toHaveLength(1);
  });

  it('records who changed the settings', async () => {
    await put(valid);
    const entries = await shop.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.at(-1)?.actor_user_id).toBe(admin.id);
  });

  it('refuses a partial, unknown or too long body with 400 and keeps what was saved', async () => {
    await put(valid);
    const missing = await put({ emailsetting: true });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(expect.arrayContaining(['customeremail', 'intialsubject', 'intialbody']));
    expect((await put({ ...valid, admin: true })).statusCode).toBe(400);
    expect((await put({ ...valid, emailsetting: 'yes' })).statusCode).toBe(400);
    // An empty subject or body would mail the next customer an empty message; a typo'd placeholder, its braces.
    const empty = await put({ ...valid, intialsubject: ' ', intialbody: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      intialsubject: 'The order-confirmation subject is required',
      intialbody: 'The order-confirmation body is required: customers would get an empty mail',
    });
    const typo = await put({ ...valid, intialbody: 'Hi {{name}}' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().fields.intialbody).toContain('Unknown placeholder {{name}}. Use only these: {{customerName}}');
    const long = await put({ ...valid, intialsubject: 's'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.intialsubject).toBe('Initial subject can be at most 200 characters; this one has 201.');
    expect((await put({ ...valid, intialbody: 'b'.repeat(10_001) })).json().fields.intialbody).toBe('Initial body can be at most 10000 characters; this one has 10001.');
    expect((await get()).json()).toEqual({ ...valid, lowStockThreshold: 5, reviewsNeedApproval: true, reviewRequestDays: 3, codConfirmation: false, codConfirmHours: 24 });
  });

  it('saves the low-stock threshold the stock list and its mails use, and keeps it when a body leaves it out', async () => {
    const saved = await put({ ...valid, lowStockThreshold: 12 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...valid, lowStockThreshold: 12, reviewsNeedApproval: true, reviewRequestDays: 3, codConfirmation: false, codConfirmHours: 24 });
    const row = await shop.app.ctx.db.selectFrom('settings').select('low_stock_threshold').executeTakeFirstOrThrow();
    expect(row.low_stock_threshold).toBe(12);
    // The original client sends the four fields only: its save must not reset the threshold.
    expect((await put({ ...valid, intialsubject: 'From the original' })).json()).toMatchObject({ lowStockThreshold: 12 });
    const audit = await shop.app.ctx.db.selectFrom('audit_log').select('details').where('action', '=', 'settings.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ lowStockThreshold: 12 });
    await put({ ...valid, lowStockThreshold: 0 });
    expect((await get()).json().lowStockThreshold).toBe(0);
    await put({ ...valid, lowStockThreshold: 5 });
  });

  it('refuses a threshold that is not a whole number from 0 to 10,000 with the field named, and keeps the old one', async () => {
    await put({ ...valid, lowStockThreshold: 7 });
    for (const bad of [-1, 10_001, 1.5, '7', null]) {
      const res = await put({ ...valid, lowStockThreshold: bad });
      expect(res.statusCode, `threshold ${String(bad)}`).toBe(400);
      expect(res.json().fields).toEqual({ lowStockThreshold: 'Enter the low-stock threshold as a whole number from 0 to 10,000.' });
    }
    expect((await get()).json().lowStockThreshold).toBe(7);
    await put({ ...valid, lowStockThreshold: 5 });
  });

  it('saves whether reviews wait for approval and the days before the review request, keeping them when left out', async () => {
    const saved = await put({ ...valid, reviewsNeedApproval: false, reviewRequestDays: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ reviewsNeedApproval: false, reviewRequestDays: 7 });
    expect((await put(valid)).json()).toMatchObject({ reviewsNeedApproval: false, reviewRequestDays: 7 });
    for (const bad of [0, 61, 1.5, '3']) {
      const res = await put({ ...valid, reviewRequestDays: bad });
      expect(res.statusCode, `days ${String(bad)}`).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['reviewRequestDays']);
    }
    expect((await put({ ...valid, reviewsNeedApproval: 'yes' })).statusCode).toBe(400);
    await put({ ...valid, reviewsNeedApproval: true, reviewRequestDays: 3, codConfirmation: false, codConfirmHours: 24 });
  });
});
