import { expect, it } from 'vitest';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';

const FILLED = {
  shopName: 'Amma’s Ghee',
  tagline: 'Ghee the way Amma made it',
  description: 'Cow and buffalo ghee from our village in Mandya.',
  whatsappNumber: '+91 98450 12345',
  instagramUrl: '@ammasghee',
  facebookUrl: 'facebook.com/ammasghee',
};

describeEachDatabase('shop profile', (dialect) => {
  const set = useTestShop(dialect);

  const put = (payload: object, headers = set.admin.auth) => set.shop.app.inject({ method: 'PUT', url: '/api/settings/profile', headers, payload });
  const publicProfile = async () => (await set.shop.app.inject({ url: '/api/public/shop-profile' })).json();

  it('starts with the shop’s name and words and no contact of anyone', async () => {
    const res = await set.shop.app.inject({ url: '/api/public/shop-profile' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(await publicProfile()).toEqual({
      shopName: 'Ghee Shop',
      tagline: 'Pure ghee, slow-cooked the old way',
      description: 'Premium small-batch ghee made from grass-fed butter, delivered to your door.',
      whatsappNumber: '',
      instagramUrl: '',
      facebookUrl: '',
    });
  });

  it('is changed by an admin only', async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/profile', payload: FILLED })).statusCode).toBe(401);
    expect((await put(FILLED, set.customer.auth)).statusCode).toBe(403);
    expect((await set.shop.app.inject({ url: '/api/settings/profile', headers: set.customer.auth })).statusCode).toBe(403);
  });

  it('saves the profile with the number and addresses written out in full', async () => {
    const res = await put(FILLED);
    expect(res.statusCode).toBe(200);
    const expected = {
      ...FILLED,
      whatsappNumber: '9845012345',
      instagramUrl: 'https://www.instagram.com/ammasghee',
      facebookUrl: 'https://www.facebook.com/ammasghee',
    };
    expect(res.json()).toEqual(expected);
    expect(await publicProfile()).toEqual(expected);
    expect((await set.shop.app.inject({ url: '/api/settings/profile', headers: set.admin.auth })).json()).toEqual(expected);
    const audit = await set.shop.app.ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'shop-profile.update').execute();
    expect(audit).toHaveLength(1);
  });

  it('clears a contact with an empty field', async () => {
    const res = await put({ ...FILLED, whatsappNumber: '', facebookUrl: '' });
    expect(res.statusCode).toBe(200);
    expect(await publicProfile()).toMatchObject({ whatsappNumber: '', facebookUrl: '', instagramUrl: 'https://www.instagram.com/ammasghee' });
  });

  it('refuses what is not a number or an address of that site with a 400 per field', async () => {
    const res = await put({
      ...FILLED,
      shopName: ' ',
      whatsappNumber: '12345',
      instagramUrl: 'https://evil.example/ammasghee',
      facebookUrl: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['facebookUrl', 'instagramUrl', 'shopName', 'whatsappNumber']);
    expect((await put({ ...FILLED, extra: 1 })).statusCode).toBe(400);
    expect(await publicProfile()).toMatchObject({ shopName: FILLED.shopName });
  });
});
