// What the refund journeys share: the admin's order detail opened from Your Orders, the customer's Your Orders in a
// browser of their own, and screenshots from the top at both widths.
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, loginThroughUi, registerCustomer, type Customer } from './accounts';
import { paidSandboxOrder, runTag } from './admin-seed';
import { hasHorizontalOverflow, screenshotAtWidths } from './screenshots';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The page at 390 px fits without sideways scrolling; the viewport goes back to 1280 px. */
export async function fitsPhone(page: Page, what: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page), `${what} overflows at 390 px`).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Screenshots at 1280 and 390 px from the top of the page, so the sticky bar covers nothing in the middle. */
export async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, name);
}

export async function openAdminOrder(page: Page, search: string, orderid: string) {
  await page.goto('/admin');
  const panel = page.getByRole('tabpanel', { name: 'Your Orders' });
  await panel.getByLabel('Search').fill(search);
  await panel.locator(`[data-view-order="${orderid}"]`).click();
  const heading = panel.getByRole('heading', { name: /^Order # GS-\d{4,}$/ });
  await expect(heading).toBeVisible();
  shownNumbers.set(orderid, (await heading.innerText()).replace('Order # ', ''));
  return panel;
}

/** The order number the admin showed for an order opened with openAdminOrder. */
const shownNumbers = new Map<string, string>();
export const shown = (orderid: string) => shownNumbers.get(orderid) ?? `no number seen for ${orderid}`;

/** The customer's Your Orders in a browser context of their own (the admin's stays signed in). */
export async function customerOrders(browser: Browser, customer: Customer) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await loginThroughUi(page, customer.email, customer.password);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
  return { page, close: () => context.close() };
}

/**
 * A customer of their own pays with the card the sandbox fails every refund of; the owner delivers the order and
 * refunds `amount` of it from its detail, and the refund shows Failed there.
 */
export async function failedRefundJourney(page: Page, request: APIRequestContext, name: string, amount: number, reason: string) {
  const tag = runTag();
  const customer = await registerCustomer(request, { name: `${name} ${tag}` });
  const { orderid } = await paidSandboxOrder(request, customer, '5555 5555 5555 4444');
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  const panel = await openAdminOrder(page, tag, orderid);
  await panel.getByLabel('Order status').selectOption('DELIVERED');
  await panel.getByRole('button', { name: 'Send Mail and Update Status' }).click();
  const money = panel.getByRole('region', { name: 'Cancel and refund' });
  await money.getByRole('button', { name: 'Refund', exact: true }).click();
  await money.getByLabel('Amount (Rs.)').fill(String(amount));
  await money.getByLabel('Reason', { exact: true }).fill(reason);
  await money.getByRole('button', { name: `Refund Rs. ${amount}` }).click();
  const item = money.getByTestId('refund-item');
  await expect(item.getByText('Failed', { exact: true })).toBeVisible();
  return { tag, customer, orderid, panel, money, item };
}
