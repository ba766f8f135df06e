import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';

describe('FACEBOOK_URL', () => {
  const base = { DATA_DIR: path.join(os.tmpdir(), 'ghee-config-test'), JWT_SECRET: 'x'.repeat(40) };

  it('is unset by default, and only a web address is taken', () => {
    expect(loadConfig(base).FACEBOOK_URL).toBeUndefined();
    expect(loadConfig({ ...base, FACEBOOK_URL: '' }).FACEBOOK_URL).toBeUndefined();
    expect(loadConfig({ ...base, FACEBOOK_URL: ' https://www.facebook.com/gheeshop ' }).FACEBOOK_URL).toBe('https://www.facebook.com/gheeshop');
    for (const bad of ['javascript:alert(1)', 'www.facebook.com/gheeshop', 'https://www.facebook.com/a"b']) {
      expect(() => loadConfig({ ...base, FACEBOOK_URL: bad }), bad).toThrow(/FACEBOOK_URL: FACEBOOK_URL must be a web address/);
    }
  });
});

describeEachDatabase('contact links in the shop config', (dialect) => {
  let plain: TestShop;
  let withFacebook: TestShop;
  beforeAll(async () => {
    plain = await createTestShop(dialect);
    withFacebook = await createTestShop(dialect, { env: { FACEBOOK_URL: 'https://www.facebook.com/gheeshop' } });
  });
  afterAll(async () => {
    await plain.close();
    await withFacebook.close();
  });

  it('names the Facebook page only when FACEBOOK_URL is set', async () => {
    const unset = (await plain.app.inject('/api/checkout/config')).json();
    expect(unset).not.toHaveProperty('facebookUrl');
    expect(unset).toMatchObject({ whatsappUrl: 'https://wa.me/919000000000', instagramUrl: 'https://www.instagram.com/gheeshop' });
    expect((await withFacebook.app.inject('/api/checkout/config')).json()).toMatchObject({ facebookUrl: 'https://www.facebook.com/gheeshop' });
  });
});
