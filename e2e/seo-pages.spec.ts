// Crawlable pages in Chromium (DESIGN.md §7.5): what a crawler or a link preview sees without JavaScript, and the
// app booting on the page, taking over the server's markup and selling from it.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { formatRupees } from '../src/domain/display';
import { finalPriceFor } from '../src/domain/pricing';
import type { Product } from '../src/domain/schemas/product';
import { loginThroughUi, profileMenuButton, registerCustomer } from './support/accounts';
import { cartLink, seedCart, waitForHydration } from './support/storefront';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

async function firstProduct(page: Page): Promise<Product> {
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.instock && p.quantitysize.length > 1);
  if (!product) throw new Error('no product in stock with several sizes');
  return product;
}

/** Every CSP violation and script error the page reports, from the first script on. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      // zod's one probe for `new Function` is refused by the CSP on purpose (see security-csp.spec.ts).
      if (e.blockedURI !== 'eval') console.error(`csp ${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  return problems;
}

test('without JavaScript, a product page shows the product, every size at its price and its description', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const product = await firstProduct(page);
  const response = await page.goto(`/products/${product.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  for (const size of product.quantitysize) {
    const option = page.locator('label', { hasText: `${size} ml` });
    await expect(option).toContainText(formatRupees(finalPriceFor(product, size)));
  }
  await expect(page.getByText(product.description.slice(0, 60))).toBeVisible();
  await expect(page.getByRole('img', { name: `${product.name}, photo 1 of ${product.images.length}` })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} · Ghee Shop`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/og\/[a-f0-9]{32}-v1\.jpg$/);

  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our ghee' })).toBeVisible();
  const link = page.getByRole('link', { name: product.name, exact: true });
  await expect(link).toHaveAttribute('href', `/products/${product.slug}`);
  await context.close();
});

test('the app boots on /products/{slug}, takes over the server’s markup, and Add to Cart works there', async ({ page }) => {
  const problems = await watch(page);
  const product = await firstProduct(page);
  // The heading the server sent, marked before any script runs: hydration keeps that very element.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') document.querySelector('h1')?.setAttribute('data-from-server', '1');
    });
  });
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toHaveAttribute('data-from-server', '1');
  // The shared address survives loading (decision 072): no fragment, no other path.
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(`/products/${product.slug}`);

  const second = product.quantitysize[1] as number;
  await waitForHydration(page.getByRole('group', { name: 'Size' }));
  await page.getByRole('group', { name: 'Size' }).getByText(`${second} ml`, { exact: true }).click();
  await expect(page.getByRole('radio', { name: `${second} ml` })).toBeChecked();
  await expect(page.getByTestId('detail-price')).toContainText(formatRupees(finalPriceFor(product, second)));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`${product.name} has been added to cart successfully`).last()).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();

  // Other screens have paths of their own; Back returns to the product's address.
  await cartLink(page, 1).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('table')).toContainText(product.name);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`));
  expect(problems).toEqual([]);
});

test('a signed-in customer with a full cart opens a product page: it hydrates with no error, then shows both', async ({ page }) => {
  const problems = await watch(page);
  const product = await firstProduct(page);
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  await seedCart(page, [{ name: product.name, quantity: product.quantity, itemQty: 2, finalPrice: finalPriceFor(product, product.quantity) }]);
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  // One line of two bottles: one item.
  await expect(cartLink(page, 1)).toBeVisible();
  await expect(profileMenuButton(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login/Signup' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('product cards link the crawlable page; a click stays in the app, at that address', async ({ page }) => {
  const problems = await watch(page);
  const product = await firstProduct(page);
  await page.goto('/products');
  const card = page.getByRole('link', { name: product.name, exact: true });
  await expect(card).toHaveAttribute('href', `/products/${product.slug}`);
  await waitForHydration(card);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('link', { name: `Share ${product.name}` })).toHaveAttribute('href', `/products/${product.slug}`);
  expect(problems).toEqual([]);
});

test('a shared product link: the sitemap lists it, the preview picture is 1200×630, robots.txt points to the sitemap', async ({ page }) => {
  const product = await firstProduct(page);
  await page.goto('/');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const locs = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.querySelector('parsererror')) return null;
    return [...doc.getElementsByTagName('loc')].map((l) => new URL(l.textContent ?? '').pathname);
  }, sitemap);
  expect(locs).toContain(`/products/${product.slug}`);
  expect(locs).toContain('/products');

  const html = await (await page.request.get(`/products/${product.slug}`)).text();
  const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
  const picture = await page.request.get(new URL(og).pathname);
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  const size = await page.evaluate(async (path) => {
    const img = new Image();
    img.src = path;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, new URL(og).pathname);
  expect(size).toEqual([1200, 630]);

  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: ');
  expect(robots).toContain('Disallow: /api/');
});

test('the hero picture is preloaded on the home page only, where the carousel shows it', async ({ page }) => {
  const product = await firstProduct(page);
  const heroPreload = /<link\b[^>]*rel="preload"[^>]*hero-1[^>]*>/;
  const html = async (path: string) => {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    return res.text();
  };
  expect(await html('/')).toMatch(heroPreload);
  for (const path of ['/cart', `/products/${product.slug}`, '/products', '/orders', '/policy/terms']) {
    expect(await html(path), path).not.toMatch(heroPreload);
  }
  // The home page still boots the app and draws the hero from the preloaded file.
  await page.goto('/');
  await expect(page.locator('.hero-carousel img').first()).toBeVisible();
});
