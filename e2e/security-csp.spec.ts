// Security in Chromium: the shop's Content-Security-Policy is in force, blocks injected script, and still lets the
// sandbox's payment dialog open and pay.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { finalPriceFor } from '../src/domain/pricing';
import type { Product } from '../src/domain/schemas/product';
import { loginThroughUi, registerCustomer } from './support/accounts';
import { checkoutFromSummary, fillBilling, payInSandbox, paymentDialog, seedCart, waitForHydration } from './support/storefront';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test('the page is served with the CSP, and injected inline script is blocked by it', async ({ page }) => {
  await watchViolations(page);
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // As if some markup slipped through: neither an inline handler nor an inline script may run.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', '<img src="/nope.png" onerror="window.__inline = 1">');
    const script = document.createElement('script');
    script.textContent = 'window.__inline = 2';
    document.body.appendChild(script);
  });
  await expect.poll(async () => (await violations(page)).length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
});

test('the sandbox payment dialog opens, takes the card and pays under the CSP, with no violation', async ({ page }) => {
  await watchViolations(page);
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.instock);
  if (!product) throw new Error('nothing in stock');
  await seedCart(page, [{ name: product.name, quantity: product.quantity, itemQty: 1, finalPrice: finalPriceFor(product, product.quantity) }]);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Payment mode')).toHaveValue('ONLINE');
  await checkoutFromSummary(page);
  await expect(paymentDialog(page)).toBeVisible();
  await payInSandbox(page);
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();
  // zod probes once whether it may compile validators with new Function; the CSP says no and zod falls back to
  // interpreting them. That refusal is the CSP working, not the checkout breaking.
  expect((await violations(page)).filter((v) => v !== 'script-src eval')).toEqual([]);
});

test('a crawlable product page with its JSON-LD blocks runs under the CSP with no violation', async ({ page }) => {
  await watchViolations(page);
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products[0];
  if (!product) throw new Error('no product');
  const response = await page.goto(`/products/${product.slug}`);
  expect(response?.headers()['content-security-policy'] ?? '').toContain("script-src 'self' https://checkout.razorpay.com");
  // Data blocks (type="application/ld+json") are never run, so script-src has nothing to say about them.
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(2);
  // Once the app has taken over the page, every script it runs has run under the policy.
  await waitForHydration(page.getByRole('heading', { level: 1, name: product.name }));
  expect((await violations(page)).filter((v) => v !== 'script-src eval')).toEqual([]);
});
