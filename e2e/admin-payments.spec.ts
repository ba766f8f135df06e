import { expect as baseExpect, test, type Page } from '@playwright/test';
import { displayOrderId, displayPaymentId } from '../src/domain/display';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, paidSandboxOrder, runTag, switchedToCodThenPaid } from './support/admin-seed';
import { screenshotAtWidths } from './support/screenshots';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

async function openTab(page: Page, tab: string, name: string) {
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin?tab=${tab}`);
  return page.getByRole('tabpanel', { name });
}

test('verifies a sandbox payment (green) and a wrong one (red); the verdict goes after 10 s', async ({ page, request }) => {
  const customer = await registerCustomer(request, { name: 'Meera Iyer' });
  const paid = await paidSandboxOrder(request, customer);
  const panel = await openTab(page, 'payments', 'Payment Verification');

  // The admin types the ids without their prefixes; the screen adds order_ and pay_.
  await expect(panel.getByText('order_', { exact: true })).toBeVisible();
  await expect(panel.getByText('pay_', { exact: true })).toBeVisible();
  await panel.getByLabel('Order ID').fill(displayOrderId(paid.orderid));
  await panel.getByLabel('Payment ID').fill(displayPaymentId(paid.paymentid));
  await panel.getByRole('button', { name: 'Verify' }).click();
  const verified = panel.getByText('User Payment Verified');
  await expect(verified).toBeVisible();
  await expect(verified).toHaveCSS('color', 'rgb(29, 107, 29)');

  await panel.getByLabel('Payment ID').fill('NOTAREALPAYMENT1');
  await panel.getByRole('button', { name: 'Verify' }).click();
  const notVerified = panel.getByText('User Payment Not Verified');
  await expect(notVerified).toBeVisible();
  await expect(notVerified).toHaveCSS('color', 'rgb(176, 42, 42)');
  await expect(notVerified).toBeHidden({ timeout: 12_000 });

  // Empty fields are caught before any call.
  await panel.getByLabel('Order ID').fill('');
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByText('Order id is required')).toBeVisible();
});

test('a payment captured after a switch to cash on delivery is refunded by itself, and the order says so', async ({ page, request }) => {
  const tag = runTag();
  const customer = await registerCustomer(request, { name: `Ritu ${tag}` });
  const orderid = await switchedToCodThenPaid(request, customer, await adminToken(request));
  const panel = await openTab(page, 'orders', 'Your Orders');
  await panel.getByLabel('Search').fill(tag);
  await panel.locator(`[data-view-order="${orderid}"]`).click();
  const money = panel.getByRole('region', { name: 'Cancel and refund' });
  const item = money.getByTestId('refund-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Extra payment returned, not counted against the order');
  await expect(item).toContainText('Paid online after the order was changed to cash on delivery');
  // Still a cash-on-delivery order: nothing of it counts as refunded.
  await expect(panel.getByText(/Part refunded|^Refunded/)).toHaveCount(0);
  await screenshotAtWidths(page, 'stray-payment-refund');
});

test('the Products tab opens the product studio in a new tab', async ({ page, context }) => {
  const panel = await openTab(page, 'products', 'Products');
  const [studio] = await Promise.all([
    context.waitForEvent('page'),
    panel.getByRole('button', { name: 'Open Product Studio' }).click(),
  ]);
  await studio.waitForLoadState();
  expect(new URL(studio.url()).pathname).toBe('/studio');
  // The new tab carries the admin's session: the studio opens, not the 403 screen.
  await expect(studio.getByRole('heading', { name: '403' })).toHaveCount(0);
  await expect(studio.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});
