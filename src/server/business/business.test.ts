import { afterAll, beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from './test-business';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';

describeEachDatabase('business details', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  const put = (payload: object, headers = admin.auth) =>
    shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers, payload });

  it('starts with placeholders that say "set me", also in the public answer', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/settings/business', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ legalName: 'set me', fssai: 'set me', gstin: '' });
    expect((await shop.app.inject({ method: 'GET', url: '/api/public/business' })).json().legalName).toBe('set me');
  });

  it('saves valid details and answers them to anyone in public', async () => {
    const res = await put(KARNATAKA_BUSINESS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(KARNATAKA_BUSINESS);
    expect((await shop.app.inject({ method: 'GET', url: '/api/public/business' })).json()).toEqual(KARNATAKA_BUSINESS);
  });

  it('refuses a GSTIN of another state than the address, naming both, and changes neither', async () => {
    const res = await put({ ...KARNATAKA_BUSINESS, state: 'Kerala', pincode: '682001', gstin: '27aapfu0939f1zv' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.state).toBe('The GSTIN is registered in Maharashtra, but the address says Kerala. Choose Maharashtra, or correct the GSTIN.');
    expect((await shop.app.inject({ method: 'GET', url: '/api/settings/business', headers: admin.auth })).json()).toEqual(KARNATAKA_BUSINESS);
    // The owner chooses the GSTIN's state (the pincode must lie in it too, DESIGN.md §8.2: 400001 is Mumbai's).
    const chosen = await put({ ...KARNATAKA_BUSINESS, state: 'Maharashtra', pincode: '400001', gstin: '27aapfu0939f1zv' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ state: 'Maharashtra', gstin: '27AAPFU0939F1ZV' });
    await put(KARNATAKA_BUSINESS);
  });

  it('refuses a GSTIN whose check character is wrong with a 400 that says so', async () => {
    const res = await put({ ...KARNATAKA_BUSINESS, gstin: '29AAGCB7383J1Z5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.gstin).toMatch(/last character does not match/);
    expect((await put({ ...KARNATAKA_BUSINESS, gstin: '29AAGCB7383' })).json().fields.gstin).toMatch(/15 characters/);
    expect((await put({ ...KARNATAKA_BUSINESS, fssai: '1234' })).json().fields.fssai).toMatch(/14 digits/);
    expect((await put({ ...KARNATAKA_BUSINESS, state: 'Atlantis', gstin: '' })).statusCode).toBe(400);
    expect((await put({ ...KARNATAKA_BUSINESS, extra: 1 })).statusCode).toBe(400);
    const get = await shop.app.inject({ method: 'GET', url: '/api/settings/business', headers: admin.auth });
    expect(get.json()).toEqual(KARNATAKA_BUSINESS);
  });

  it('refuses a care or grievance phone that cannot be a real number, saying why, and keeps the saved one', async () => {
    for (const phone of ['0000000000', '+91 00000 00000', '99999 99999', '0 1111111111']) {
      const res = await put({ ...KARNATAKA_BUSINESS, carePhone: phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().fields.carePhone).toMatch(/one digit repeated/);
    }
    const res = await put({ ...KARNATAKA_BUSINESS, grievancePhone: '00000 12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.grievancePhone).toMatch(/does not start with 0/);
    expect((await shop.app.inject({ method: 'GET', url: '/api/settings/business', headers: admin.auth })).json()).toEqual(KARNATAKA_BUSINESS);
  });

  it('accepts a shop that is not GST-registered (empty GSTIN, state from the address)', async () => {
    const res = await put({ ...KARNATAKA_BUSINESS, gstin: '', state: 'Tamil Nadu', pincode: '600001' });
    expect(res.json()).toMatchObject({ gstin: '', state: 'Tamil Nadu' });
    await put(KARNATAKA_BUSINESS);
  });

  it('is for admins only', async () => {
    const user = await createTestUser(shop);
    expect((await put(KARNATAKA_BUSINESS, user.auth)).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/settings/business' })).statusCode).toBe(401);
  });
});
