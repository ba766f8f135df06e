// Path routes (decision 072): old #/ links land on their paths, a shared product address stays as it is, and an
// address that names nothing is a real 404 that the app takes over.
import { expect, test, type Page } from '@playwright/test';
import type { Product } from '../src/domain/schemas/product';
import { registerCustomer } from './support/accounts';

test.describe.configure({ timeout: 120_000 });

async function aProduct(page: Page): Promise<Product> {
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.name.includes(' '));
  if (!product) throw new Error('no product with a space in its name');
  return product;
}

function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('404')) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
};

test('an old #/product/{name} link, bare or after the crawlable address, lands on /products/{slug}', async ({ page }) => {
  const errors = errorsOf(page);
  const product = await aProduct(page);
  for (const old of [`/#/product/${encodeURIComponent(product.name)}`, `/products/${product.slug}#/product/${encodeURIComponent(product.name)}`]) {
    await page.goto(old);
    await expect(page.getByRole('heading', { level: 1, name: product.name }), old).toBeVisible();
    await expect.poll(() => where(page), old).toBe(`/products/${product.slug}`);
  }
  expect(errors).toEqual([]);
});

test('an old #/resetpassword link keeps its query and opens the reset form on /resetpassword', async ({ page }) => {
  await page.goto('/#/resetpassword?email=asha%40example.test&token=abc123&first=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('asha@example.test');
  expect(where(page)).toBe('/resetpassword?email=asha%40example.test&token=abc123&first=1');
});

test('old #/ links to the other mailed screens land on their paths', async ({ page }) => {
  for (const [old, path, heading] of [
    ['/#/confirm/order_ABCDEFGHIJ1234?t=not-a-real-key', '/confirm/order_ABCDEFGHIJ1234?t=not-a-real-key', /./],
    ['/#/track', '/track', 'Track your order'],
    ['/#/orders', '/orders', 'Your Orders'],
    ['/#/admin?tab=settings', '/admin?tab=settings', /./],
    ['/#/login?email=a%40b.in&unlock=x', '/login?email=a%40b.in&unlock=x', 'Welcome back'],
  ] as const) {
    await page.goto(old);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), old).toBeVisible();
    expect(where(page), old).toBe(path);
  }
});

test('a screen’s path loads directly and on reload', async ({ page }) => {
  const answer = await page.goto('/cart');
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeVisible();
  expect(where(page)).toBe('/cart');
});

test('an address that names nothing answers 404 with the not-found page, which the app takes over', async ({ page }) => {
  const errors = errorsOf(page);
  const answer = await page.goto('/no-such-page?x=1');
  expect(answer?.status()).toBe(404);
  expect(answer?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page.getByRole('heading', { level: 1, name: 'page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Ghee Shop');
  expect(where(page)).toBe('/no-such-page?x=1');
  // The app is live on it: its links move within the app.
  await page.getByRole('link', { name: 'See our ghee' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our ghee' })).toBeVisible();
  expect(where(page)).toBe('/products');
  expect(errors).toEqual([]);
});

test('after login the app follows `next` to its own path, and never to another site', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  const login = async (next: string) => {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Login successful').first()).toBeVisible();
  };
  await login('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
  expect(where(page)).toBe('/orders');
  // A browser reads these as another site's address (history.pushState refuses it as cross-origin), so a login
  // link carrying one lands on the home page instead.
  const pushed = await page.evaluate(() => {
    try {
      window.history.pushState(null, '', '/\\evil.example/');
      return 'pushed';
    } catch (e) {
      return (e as Error).name;
    }
  });
  expect(pushed).toBe('SecurityError');
  for (const next of ['/\\evil.example/', '//evil.example/', '/\t/evil.example/']) {
    await page.evaluate(() => window.sessionStorage.clear());
    await login(next);
    await expect.poll(() => where(page), next).toBe('/');
  }
});
