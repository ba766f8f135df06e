import { expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { codOrder, orderBody } from '../../../tests/support/test-orders';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';

// Every address names a state from the list (case and spaces forgiven, the list's spelling stored), and a pincode
// India Post knows must lie in it (DESIGN.md §8.2).
describeEachDatabase('addresses: states and pincodes', (dialect) => {
  const set = useTestShop(dialect, { customer: { username: 'Asha Verma' } });

  it('accepts "karnataka " for an order and stores "Karnataka"; refuses "Karnatka" with fields.state', async () => {
    const ok = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', state: 'karnataka ' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'Karnataka', pincode: '560001' });
    const bad = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', state: 'Karnatka' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { state: 'Choose your state or union territory from the list' } });
  });

  it('refuses pincode 600001 with Karnataka, naming Tamil Nadu; lets a pincode India Post does not list pass', async () => {
    const wrong = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', pincode: '600001', state: 'Karnataka' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ pincode: '600001 is in Tamil Nadu' });
    const unknown = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', pincode: '999999', state: 'Karnataka' }));
    expect(unknown.statusCode, unknown.body).toBe(200);
  });

  it('checks the billing registration, the profile and the business details the same way', async () => {
    const guest = (state: string, pincode: string) =>
      set.shop.app.inject({
        method: 'POST',
        url: '/api/account/registeronprocess',
        payload: { name: 'Guest Buyer', email: `guest-${state.length}-${pincode}@example.in`, mobilenumber: '9123456780', address: '4 Lake Road', pincode, district: 'Chennai', state },
      });
    expect((await guest('Karnataka', '600001')).json().fields).toEqual({ pincode: '600001 is in Tamil Nadu' });
    const made = await guest('  TAMIL   nadu', '600001');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().user.state).toBe('Tamil Nadu');

    const profile = (state: string, pincode: string) =>
      set.shop.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: set.customer.auth,
        payload: { username: 'Asha Verma', emailaddress: set.customer.email, address: '12 Temple Street', pincode, state, mobilenumber: '9876543210', district: 'Bengaluru Urban' },
      });
    expect((await profile('Kerala', '560001')).json().fields).toEqual({ pincode: '560001 is in Karnataka' });
    expect((await profile('Atlantis', '560001')).json().fields).toEqual({ state: 'Choose your state or union territory from the list' });
    const saved = await profile('karnataka', '560001');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user.state).toBe('Karnataka');

    const business = (body: object) => set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: { ...KARNATAKA_BUSINESS, ...body } });
    expect((await business({ pincode: '600001' })).json().fields).toEqual({ pincode: '600001 is in Tamil Nadu' });
    const b = await business({ gstin: '', state: 'kerala', pincode: '682001' });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().state).toBe('Kerala');
  });

  it('names both states of a pincode on a border', async () => {
    const res = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', pincode: '160014', state: 'Haryana' }));
    expect(res.json().fields.pincode).toMatch(/^160014 is in (Chandigarh or Punjab|Punjab or Chandigarh)$/);
  });
});
