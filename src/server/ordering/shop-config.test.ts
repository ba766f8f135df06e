import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';

describeEachDatabase('contact links are the shop profile\'s, not the environment\'s', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    // The variables that once named the contact links (with placeholders pointing at strangers) are ignored now.
    shop = await createTestShop(dialect, {
      env: { WHATSAPP_URL: 'https://wa.me/919000000000', INSTAGRAM_URL: 'https://www.instagram.com/gheeshop', FACEBOOK_URL: 'https://www.facebook.com/gheeshop' },
    });
  });
  afterAll(async () => {
    await shop.close();
  });

  it('the checkout config names no contact link, and a new shop profile has none until the owner sets them', async () => {
    const config = (await shop.app.inject('/api/checkout/config')).json();
    for (const key of ['whatsappUrl', 'instagramUrl', 'facebookUrl']) expect(config).not.toHaveProperty(key);
    const profile = (await shop.app.inject('/api/public/shop-profile')).json();
    expect(profile).toMatchObject({ whatsappNumber: '', instagramUrl: '', facebookUrl: '' });
  });
});
