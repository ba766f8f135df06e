// Orders on a phone: what a customer typed (name, address, note) is shown as typed, and one long unbroken word of
// it wraps inside its card instead of widening the page, on the customer's Your Orders and on the admin's list and
// order detail.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { runTag, signInWithSession } from './support/admin-seed';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';
import { SAMPLE_BILLING } from './support/storefront';
import { finalPriceFor } from '../src/domain/pricing';
import type { Product } from '../src/domain/schemas/product';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

const LONG = 'x'.repeat(50);

/** The right edge of every element `selector` finds, past the window's 390 px when one runs off it. */
async function rightEdges(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().right)));
}

test('a long unbroken word in the name, address and note wraps on Your Orders and in the admin, at 390 px', async ({ page, request }) => {
  const tag = runTag();
  const customer = await registerCustomer(request, { name: `Arjun ${tag}${LONG}` });
  const products = (await (await request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.instock) ?? products[0];
  if (!product) throw new Error('the catalogue is empty');
  const finalPrice = finalPriceFor(product, product.quantity);
  const placed = await request.post('/api/checkout/codorder', {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: {
      ...SAMPLE_BILLING,
      username: customer.name,
      emailaddress: customer.email,
      address: `Flat 3B, ${LONG}`,
      items: [{ name: product.name, quantity: product.quantity, itemQty: 1, finalPrice }],
      totalAmount: finalPrice,
      receipt: `Receipt-${Math.floor(Math.random() * 1_000_000)}`,
      note: `Please ring twice. ${LONG}`,
      paymentmode: 'CASHONDELIVERY',
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { orderid } = (await placed.json()) as { orderid: string };

  await signInWithSession(page, request, customer.email, customer.password);
  await page.goto('/orders');
  const card = page.getByRole('article');
  await expect(card.getByText(`Note: Please ring twice. ${LONG}`)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await hasHorizontalOverflow(page), 'Your Orders is wider than the screen').toBe(false);
  expect(Math.max(...(await rightEdges(page, 'article.order-card, article.order-card *')))).toBeLessThanOrEqual(390);
  await screenshotAtWidths(page, 'phone-orders-long-words');

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  const panel = page.getByRole('tabpanel', { name: 'Your Orders' });
  await panel.getByLabel('Search').fill(tag);
  await expect(panel.getByRole('heading', { level: 3, name: customer.name.toUpperCase() })).toBeVisible();
  expect(await hasHorizontalOverflow(page), 'the admin order list is wider than the screen').toBe(false);
  expect(Math.max(...(await rightEdges(page, '.admin-order-card, .admin-order-card *')))).toBeLessThanOrEqual(390);
  await screenshotAtWidths(page, 'phone-orders-admin-list-long-words');

  await panel.locator(`[data-view-order="${orderid}"]`).click();
  await expect(panel.getByText(`Please ring twice. ${LONG}`)).toBeVisible();
  expect(await hasHorizontalOverflow(page), 'the admin order detail is wider than the screen').toBe(false);
  expect(Math.max(...(await rightEdges(page, '.order-detail, .order-detail *')))).toBeLessThanOrEqual(390);
  await screenshotAtWidths(page, 'phone-orders-admin-detail-long-words');
});
