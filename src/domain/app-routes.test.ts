import { describe, expect, it } from 'vitest';
import { APP_SHELL_PATHS, CRAWLABLE_ROUTES, pathOfHashRoute, sameSitePath } from './app-routes';

describe('old hash-route addresses', () => {
  it('stand for the same path, query kept', () => {
    expect(pathOfHashRoute('#/resetpassword?email=a%40b.in&token=t1&first=1')).toBe('/resetpassword?email=a%40b.in&token=t1&first=1');
    expect(pathOfHashRoute('#/confirm/order_ABC?t=x')).toBe('/confirm/order_ABC?t=x');
    expect(pathOfHashRoute('#/track')).toBe('/track');
    expect(pathOfHashRoute('#/product/Buffalo%20Ghee')).toBe('/product/Buffalo%20Ghee');
    expect(pathOfHashRoute('#/')).toBe('/');
  });

  it('keep a query written outside the fragment after the fragment’s own', () => {
    expect(pathOfHashRoute('#/login?email=a%40b.in', '?utm_source=mail')).toBe('/login?email=a%40b.in&utm_source=mail');
    expect(pathOfHashRoute('#/orders', '?utm_source=mail')).toBe('/orders?utm_source=mail');
  });

  it('leave an address without a hash route alone (an in-page anchor, no fragment)', () => {
    expect(pathOfHashRoute('')).toBeNull();
    expect(pathOfHashRoute('#main')).toBeNull();
    expect(pathOfHashRoute('#')).toBeNull();
  });

  it('give the server no screen of its own twice', () => {
    const all = [...APP_SHELL_PATHS, ...Object.values(CRAWLABLE_ROUTES)];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('the path followed after login', () => {
  it('is a path of this site, query kept', () => {
    expect(sameSitePath('/checkoutbilling')).toBe('/checkoutbilling');
    expect(sameSitePath('/orders?tab=x')).toBe('/orders?tab=x');
  });

  it('is never another site, however the browser would read it', () => {
    for (const next of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'https://evil.example', 'evil', '', null]) {
      expect(sameSitePath(next), JSON.stringify(next)).toBeNull();
    }
  });
});
