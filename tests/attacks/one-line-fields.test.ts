// Attack suite: one-line fields of a person or a business (names, address lines, district, city) used to carry a
// phishing sentence with a web address into genuine shop mails, and line breaks, tabs or text-direction controls
// into invoices, labels and messages. They are refused with a 400 naming the field, but for tabs, which a pasted
// spreadsheet cell brings and which are stored as a space; rows stored before still read.
import { describe, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../../src/domain/test-business';
import { codOrder, orderBody } from '../support/test-orders';
import { describeEachDatabase, useTestShop } from '../support/test-shop';
import { countRows, expectNoServerError } from './attack-support';

const PHISHING_NAME = 'Asha. IMPORTANT: your order is held, verify payment at https://ghee-shop-pay.example/verify';

/** Each kind of character refused inside a one-line field, and the words the refusal uses for it. */
const HIDDEN: readonly [string, string][] = [
  ['Asha\nVerma', 'line break'],
  ['Asha\r\nVerma', 'line break'],
  ['Asha\u2028Verma', 'line break'],
  ['Asha\u0007Verma', 'invisible control character'],
  ['Asha\u001bVerma', 'invisible control character'],
  ['Asha\u0085Verma', 'line break'],
  ['Asha\u009bVerma', 'invisible control character'],
  ['Asha \u202eamreV', 'invisible text-direction character'],
  ['Asha \u202aVerma', 'invisible text-direction character'],
  ['Asha \u2067Verma\u2069', 'invisible text-direction character'],
  ['Asha \ud83dVerma', 'broken character (half of an emoji or symbol)'],
];

/** Names and addresses as people write them: dots, apostrophes, hyphens, Indian scripts with their joiners. */
const LEGITIMATE = [
  "Dr. R. K. D'Souza-Nair",
  'श्री राम शर्मा',
  'க்ஷேத்ரா சுப்ரமணியம்',
  'ശ്രീക്കുട്ടൻ‍ നായർ',
  'क्‍ष',
  'অনিন্দিতা বন্দ্যোপাধ্যায়',
  'ਗੁਰਪ੍ਰੀਤ ਕੌਰ',
  'Asha 🙏 Verma',
  'No. 4/12, 1st Cross, H.S.R. Layout (near www-bus stop)',
];

describeEachDatabase('attack: one-line fields', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' } });

  let n = 0;
  const billing = (overrides: Record<string, string>) => ({
    name: 'Asha Verma',
    email: `one-line-${dialect}-${(n += 1)}@example.in`,
    mobilenumber: '9876543210',
    address: '12 Temple Street',
    pincode: '560001',
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    ...overrides,
  });
  const registerOnProcess = (payload: object) => set.shop.app.inject({ method: 'POST', url: '/api/account/registeronprocess', payload });

  describe('web addresses', () => {
    it('billing registration refuses a name carrying a web address, says what to type, and mails no one', async () => {
      const mailsBefore = await countRows(set.shop, 'mail_outbox');
      const res = await registerOnProcess(billing({ name: PHISHING_NAME }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ name: 'Name cannot contain a web address (https://, www.): type the name only.' });
      expect(await countRows(set.shop, 'mail_outbox')).toBe(mailsBefore);
    });

    it('every one-line field of a customer or the business refuses one, whatever the scheme or case', async () => {
      const cases: [string, Record<string, string>, string][] = [
        ['address', { address: 'Pay now: https://ghee-shop-pay.example/verify?ref=GS-1003' }, 'Address cannot contain a web address (https://, www.): type the house, street and area only.'],
        ['district', { district: 'WWW.ghee-shop-pay.example' }, 'District cannot contain a web address (https://, www.): type the district’s name only.'],
      ];
      for (const [field, overrides, message] of cases) {
        const res = await registerOnProcess(billing(overrides));
        expect(res.statusCode, field).toBe(400);
        expect(res.json().fields, field).toEqual({ [field]: message });
      }
      const register = await set.shop.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: { username: 'ftp://x.example', emailaddress: `one-line-${dialect}-r@example.in`, mobilenumber: '9876543210', password: 'monsoon ladder teacup' },
      });
      expect(register.statusCode).toBe(400);
      expect(Object.keys(register.json().fields)).toEqual(['username']);
      const order = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', username: PHISHING_NAME, businessName: 'www.pay.example', gstin: KARNATAKA_BUSINESS.gstin }));
      expect(order.statusCode).toBe(400);
      expect(Object.keys(order.json().fields).sort()).toEqual(['businessName', 'username']);
      const business = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: { ...KARNATAKA_BUSINESS, city: 'https://pay.example' } });
      expect(business.statusCode).toBe(400);
      expect(business.json().fields).toEqual({ city: 'City cannot contain a web address (https://, www.): type the city’s name only.' });
    });
  });

  describe('line breaks, tabs and invisible controls', () => {
    it('billing registration refuses each kind inside a name, saying which field and what to remove', async () => {
      for (const [name, found] of HIDDEN) {
        const res = await registerOnProcess(billing({ name }));
        expectNoServerError(res, JSON.stringify(name));
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(res.json().fields, JSON.stringify(name)).toEqual({ name: `Name must be one line of plain text: remove the ${found}.` });
      }
    });

    it('profile, order and business settings refuse them in every one-line field, by field', async () => {
      const profile = { username: 'Asha Verma', emailaddress: set.customer.email, address: '12 Temple Street', pincode: '560001', state: 'Karnataka', mobilenumber: '9876543210', district: 'Bengaluru Urban' };
      for (const field of ['username', 'address', 'district'] as const) {
        const res = await set.shop.app.inject({ method: 'PUT', url: '/api/account/profile', headers: set.customer.auth, payload: { ...profile, [field]: 'a\u0085b' } });
        expect(res.statusCode, field).toBe(400);
        expect(Object.keys(res.json().fields), field).toEqual([field]);
      }
      const order = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', address: '12\nTemple Street', district: 'Bengaluru\u202eUrban' }));
      expect(order.statusCode).toBe(400);
      expect(order.json().fields).toEqual({
        address: 'Address must be one line of plain text: remove the line break.',
        district: 'District must be one line of plain text: remove the invisible text-direction character.',
      });
      for (const field of ['legalName', 'addressLine', 'city', 'grievanceName', 'signatoryName', 'signatoryTitle'] as const) {
        const res = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: { ...KARNATAKA_BUSINESS, [field]: 'Nandi\r\nDairy' } });
        expect(res.statusCode, field).toBe(400);
        expect(Object.keys(res.json().fields), field).toEqual([field]);
      }
    });

    it('a tab pasted inside a value is stored as one space, in every one-line field', async () => {
      const res = await registerOnProcess(billing({ name: 'Asha\tVerma', address: '12 Temple Street\t\tGandhi Nagar', district: 'Bengaluru \t Urban' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ username: 'Asha Verma', address: '12 Temple Street Gandhi Nagar', district: 'Bengaluru Urban' });
      const fields = { legalName: 'Nandi\tDairy Foods', addressLine: '4 Mill Road\tRajajinagar', city: 'Bengaluru\tUrban', grievanceName: 'Ravi\tKumar', signatoryName: 'Ravi\tKumar', signatoryTitle: 'Managing\tPartner' };
      const business = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: { ...KARNATAKA_BUSINESS, ...fields } });
      expect(business.statusCode, business.body).toBe(200);
      const stored = (await set.shop.app.inject({ method: 'GET', url: '/api/settings/business', headers: set.admin.auth })).json();
      expect(stored).toMatchObject({ legalName: 'Nandi Dairy Foods', addressLine: '4 Mill Road Rajajinagar', city: 'Bengaluru Urban', grievanceName: 'Ravi Kumar', signatoryName: 'Ravi Kumar', signatoryTitle: 'Managing Partner' });
      const restore = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS });
      expect(restore.statusCode).toBe(200);
    });

    it('line breaks and spaces around a value are trimmed, not refused', async () => {
      const res = await registerOnProcess(billing({ name: '\tAsha Verma\r\n' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.username).toBe('Asha Verma');
    });
  });

  it('legitimate names and addresses still pass, in every field', async () => {
    for (const text of LEGITIMATE) {
      const res = await registerOnProcess(billing({ name: text, address: text, district: text }));
      expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
      expect(res.json().user).toMatchObject({ username: text, address: text, district: text });
    }
    const order = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', username: LEGITIMATE[0], address: LEGITIMATE[8] }));
    expect(order.statusCode, order.body).toBe(200);
  });

  it('a row stored before the rule still reads, in the account and in the admin', async () => {
    const stored = 'Asha\nVerma\t\u202eX https://old.example';
    await set.shop.app.ctx.db.updateTable('users').set({ username: stored, address: stored, district: stored }).where('id', '=', set.customer.id).execute();
    const me = await set.shop.app.inject({ method: 'GET', url: '/api/account/me', headers: set.customer.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: stored, address: stored, district: stored });
    const placed = await codOrder(set.shop, set.customer);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderid = placed.json().orderid as string;
    await set.shop.app.ctx.db.updateTable('orders').set({ username: stored, address: stored }).where('orderid', '=', orderid).execute();
    const list = await set.shop.app.inject({ method: 'GET', url: `/api/order/admin?q=${encodeURIComponent(orderid)}`, headers: set.admin.auth });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(JSON.stringify(stored).slice(1, -1));
    const csv = await set.shop.app.inject({ method: 'GET', url: '/api/admin/orders.csv', headers: set.admin.auth });
    expect(csv.statusCode).toBe(200);
  });
});
