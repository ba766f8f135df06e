// The order summary asks for agreement to the Terms and the Refund policy before an order is placed, and
// the policy pages are crawlable pages of their own (listed in the sitemap, readable without JavaScript).
import { expect, test } from '@playwright/test';
import { loginThroughUi, registerCustomer } from './support/accounts';
import { screenshotAtWidths } from './support/screenshots';
import { addFromDetail, checkoutFromSummary, fillBilling, openProduct, policiesAgreement } from './support/storefront';

test.describe.configure({ timeout: 180_000 });

test('an order is placed only after agreeing to the Terms and the Refund policy, which the summary links', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  await openProduct(page, 'Buffalo Ghee');
  await addFromDetail(page, 'Buffalo Ghee', 500);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');

  const agreement = policiesAgreement(page);
  await expect(agreement).not.toBeChecked();
  const terms = page.getByRole('link', { name: 'Terms', exact: true });
  const refunds = page.getByRole('link', { name: 'Refund policy', exact: true });
  await expect(terms).toHaveAttribute('href', '/policy/terms');
  await expect(refunds).toHaveAttribute('href', '/policy/refunds');
  // They open beside the summary, which keeps its coupon and payment mode.
  await expect(terms).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), refunds.click()]);
  await expect(tab.getByRole('heading', { level: 1, name: 'Cancellation & Refunds' })).toBeVisible();
  await tab.close();

  // Unticked: nothing is sent, the box says why and takes the focus.
  let orders = 0;
  page.on('request', (request) => {
    if (/\/api\/checkout\/(codorder|createorder)$/.test(request.url())) orders += 1;
  });
  await page.getByRole('button', { name: 'Checkout' }).click();
  const message = page.getByRole('alert').filter({ hasText: 'Tick "I agree to the Terms and the Refund policy" to place your order.' });
  await expect(message).toBeVisible();
  await expect(agreement).toBeFocused();
  await expect(agreement).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/checkoutorder$/);
  await screenshotAtWidths(page, 'order-summary-agreement-missing');
  expect(orders).toBe(0);

  await agreement.check();
  await expect(message).toHaveCount(0);
  await screenshotAtWidths(page, 'order-summary-agreement-ticked');
  await checkoutFromSummary(page);
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  expect(orders).toBe(1);
});

test('the policy pages are in the sitemap and readable without JavaScript, with their own title and address', async ({ browser, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/policy/shipping', '/policy/refunds', '/policy/terms', '/policy/privacy', '/contact']) {
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}</loc>`));
  }
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/policy/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await expect(page).toHaveTitle('Terms of use · Ghee Shop');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/policy\/terms$/);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the app takes over a policy page it was sent, at the same address', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/policy/refunds');
  await expect(page).toHaveURL(/\/policy\/refunds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancellation & Refunds' })).toBeVisible();
  await expect(page).toHaveTitle('Cancellation & Refunds · Ghee Shop');
  // Hydrated, not drawn again: no mismatch reported, and the app's links work.
  await page.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await screenshotAtWidths(page, 'policy-terms-page');
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
});
