// Cancelling and refunding: a customer cancels a paid online order in Your Orders and
// watches the refund go through; an admin refunds part of a delivered order, retries a failed refund and cancels
// an order from its detail. Every order and account here is this spec's own.
import { expect as baseExpect, test } from '@playwright/test';
import { formatRupees } from '../src/domain/display';
import { finalPriceFor } from '../src/domain/pricing';
import type { Product } from '../src/domain/schemas/product';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { paidSandboxOrder, runTag, seedCodOrders } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { customerOrders, failedRefundJourney, fitsPhone, openAdminOrder, shoot, shown } from './support/admin-order-journey';
import { SCREEN_WIDTHS } from './support/screenshots';
import { expectClearOfHeader } from './support/sticky-header';
import { checkoutFromSummary, fillBilling, payInSandbox, seedCart } from './support/storefront';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const PRODUCT = 'Buffalo Ghee';
const SIZE_ML = 500;

test('a customer pays online, cancels in Your Orders and sees the refund on its way, then refunded', async ({ page }) => {
  const customer = await registerCustomer(page.request, { name: 'Leela Menon' });
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.name === PRODUCT);
  if (!product) throw new Error(`no ${PRODUCT} in the catalogue`);
  const price = finalPriceFor(product, SIZE_ML);
  const total = formatRupees(price);

  await loginThroughUi(page, customer.email, customer.password);
  await seedCart(page, [{ name: PRODUCT, quantity: SIZE_ML, itemQty: 1, finalPrice: price }]);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Payment mode')).toHaveValue('ONLINE');
  await checkoutFromSummary(page);
  await payInSandbox(page);
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();

  await page.goto('/orders');
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('list', { name: 'Delivery progress' })).toBeVisible();
  await card.getByRole('button', { name: 'Cancel order' }).click();
  await card.getByLabel('Why are you cancelling?').selectOption('Ordered by mistake');
  await expect(card).toContainText(`The full ${total} goes back to how you paid.`);
  // A double click cancels once and says so once: every toast shown is counted, as each soon closes.
  await page.evaluate(() => {
    const seen = new Set<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) if (toast.textContent?.includes('Your order is cancelled.')) seen.add(toast);
      document.body.dataset.cancelToasts = String(seen.size);
    }).observe(document.body, { childList: true, subtree: true });
  });
  await card.getByRole('button', { name: 'Yes, cancel the order' }).dblclick();
  await expect(page.locator('body')).toHaveAttribute('data-cancel-toasts', '1');
  // Cancelled at once, no tracker; the full refund is on its way, and the sandbox processes it 1.5 s later. Till
  // then the payment reads paid, never refunded: checked at once, before the wait for a second toast.
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByTestId('order-cancelled')).toHaveText('This order was cancelled.');
  await expect(card.getByRole('list', { name: 'Delivery progress' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  const refunds = card.getByRole('list', { name: 'Refunds' });
  const onItsWay = card.getByTestId('refund-on-its-way');
  await expect(refunds).toContainText(`Refund of ${total} on its way`);
  await expect(onItsWay).toHaveText(`Refund of ${total} on its way`);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByText('Refunded', { exact: true })).toHaveCount(0);
  await shoot(page, 'cancel-refund-customer-on-its-way');
  await page.waitForTimeout(2_000);
  await expect(page.locator('body')).toHaveAttribute('data-cancel-toasts', '1');

  await expect(refunds).toHaveText(`Refund of ${total} processed`);
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(onItsWay).toHaveCount(0);
  await shoot(page, 'cancel-refund-customer-processed');
  await expectNoSeriousA11yViolations(page, { label: 'Your Orders with a cancelled, refunded order' });
  await fitsPhone(page, 'Your Orders with a cancelled order');
});

test('an admin delivers a paid online order, refunds part of it, and the customer sees the refund', async ({ page, browser, request }) => {
  const tag = runTag();
  const customer = await registerCustomer(request, { name: `Ravi ${tag}` });
  const { orderid } = await paidSandboxOrder(request, customer);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  const panel = await openAdminOrder(page, tag, orderid);
  const money = panel.getByRole('region', { name: 'Cancel and refund' });
  await expect(money).toContainText('No refunds yet.');
  // Not delivered yet: it may be cancelled, not refunded.
  await expect(money.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(money.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  await panel.getByLabel('Order status').selectOption('DELIVERED');
  await panel.getByRole('button', { name: 'Send Mail and Update Status' }).click();
  await expect(money.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await money.getByRole('button', { name: 'Refund', exact: true }).click();

  // The amount starts at what is left (the whole order) and may not go above it.
  const amount = money.getByLabel('Amount (Rs.)');
  const total = Number(await amount.inputValue());
  expect(total).toBeGreaterThan(100);
  await amount.fill(String(total + 1));
  await money.getByLabel('Reason', { exact: true }).fill('One bottle arrived dented');
  await money.getByRole('button', { name: /^Refund Rs\./ }).click();
  await expect(money.getByText(`At most ${formatRupees(total)} is left to refund on this order.`)).toBeVisible();
  await amount.fill('100');
  await money.getByRole('button', { name: 'Refund Rs. 100' }).click();

  const item = money.getByTestId('refund-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Rs. 100');
  await expect(item).toContainText('One bottle arrived dented');
  // Paid, with the refund on its way, until the gateway gives the money back; then part refunded.
  await expect(item.getByText('Pending', { exact: true })).toBeVisible();
  await expect(panel.getByText('Paid · Refund of Rs. 100 on its way', { exact: true })).toBeVisible();
  await expect(item.getByText('Processed', { exact: true })).toBeVisible();
  await expect(panel.getByText('Part refunded', { exact: true })).toBeVisible();
  await expect(panel.getByText(/on its way/)).toHaveCount(0);
  // What is left to refund went down by the refund.
  await money.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(money.getByLabel('Amount (Rs.)')).toHaveValue(String(total - 100));
  await expectNoSeriousA11yViolations(page, { label: 'admin order detail with a refund and the refund form' });
  await shoot(page, 'cancel-refund-admin-refunded');
  await fitsPhone(page, 'the admin order detail with a refund');

  await panel.getByRole('button', { name: 'Back to Orders' }).click();
  const listed = panel.getByRole('listitem').filter({ hasText: `Order # ${shown(orderid)}` });
  await expect(listed).toContainText('Part refunded · Refunded Rs. 100');
  await expect(listed).not.toContainText('on its way');
  await expect(listed).toContainText('Closed');
  await shoot(page, 'cancel-refund-admin-list');
  await fitsPhone(page, 'the admin order list with a refunded order');

  const mine = await customerOrders(browser, customer);
  try {
    await expect(mine.page.getByRole('list', { name: 'Refunds' })).toHaveText('Refund of Rs. 100 processed');
    await expect(mine.page.getByText('Part refunded', { exact: true })).toBeVisible();
    await shoot(mine.page, 'cancel-refund-customer-partial');
  } finally {
    await mine.close();
  }

  // Its status set back by mistake, the order is still one that was delivered: refunded, not cancelled, on both sides.
  const again = await openAdminOrder(page, tag, orderid);
  await again.getByLabel('Order status').selectOption('PREPARATION');
  await again.getByRole('button', { name: 'Send Mail and Update Status' }).click();
  const setBack = again.getByRole('region', { name: 'Cancel and refund' });
  await expect(setBack).toContainText(/Delivered on .*, so it is refunded, not cancelled\./);
  await expect(setBack.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(setBack.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
  await shoot(page, 'cancel-refund-admin-set-back');
  const mineAgain = await customerOrders(browser, customer);
  try {
    await expect(mineAgain.page.getByText('Part refunded', { exact: true })).toBeVisible();
    await expect(mineAgain.page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  } finally {
    await mineAgain.close();
  }
});

test('a refund that fails is shown failed to the owner, who may retry it, and not at all to the customer', async ({ page, browser, request }) => {
  const { customer, orderid, panel, item } = await failedRefundJourney(page, request, 'Sunita', 50, 'Late delivery');
  await expect(panel.getByText(/on its way/)).toHaveCount(0);
  await shoot(page, 'cancel-refund-admin-failed');
  // No money is coming, so the customer's order reads paid, with no refund.
  const mine = await customerOrders(browser, customer);
  try {
    const card = mine.page.getByRole('article');
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Refunds' })).toHaveCount(0);
    await expect(card.getByTestId('refund-on-its-way')).toHaveCount(0);
    await expect(card).not.toContainText(/Refunded|Part refunded|on its way/);
    await shoot(mine.page, 'cancel-refund-customer-failed');
  } finally {
    await mine.close();
  }
  // The owner cannot miss it: the overview's red card counts the failed refunds (other journeys' too) and leads to
  // their orders, where this one carries a "Refund failed" badge.
  await page.goto('/admin?tab=overview');
  const failedRefunds = page.getByRole('tabpanel', { name: 'Overview' }).getByTestId('failed-refunds');
  await expect(failedRefunds).toContainText(/\d+ refunds? · Rs\. [\d,]+/);
  await expect(failedRefunds).toContainText('told it is on its way');
  await shoot(page, 'failed-refunds-overview');
  await fitsPhone(page, 'the overview with failed refunds');
  await failedRefunds.getByRole('button', { name: /^Show the orders?$/ }).click();
  await expect(panel.getByLabel('Status')).toHaveValue('refund-failed');
  const listed = panel.getByRole('listitem').filter({ has: page.locator(`[data-view-order="${orderid}"]`) });
  await expect(listed.getByTestId('refund-failed-badge')).toHaveText('Refund failed');
  await shoot(page, 'failed-refunds-orders');
  await fitsPhone(page, 'the orders with a failed refund');
  await listed.locator(`[data-view-order="${orderid}"]`).click();
  await item.getByRole('button', { name: 'Retry the refund of Rs. 50' }).click();
  await expect(item.getByText('Pending', { exact: true })).toBeVisible();
  // Still the same refund row: a retry never adds a second refund.
  await expect(item).toHaveCount(1);
  await expect(item.getByText('Failed', { exact: true })).toBeVisible();
});

test('an admin cancels an order with their own reason after confirming', async ({ page, browser, request }) => {
  const tag = runTag();
  const [seeded] = await seedCodOrders(request, tag, 1);
  if (!seeded) throw new Error('no order seeded');
  const { orderid } = seeded.order;
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  const panel = await openAdminOrder(page, tag, orderid);
  const money = panel.getByRole('region', { name: 'Cancel and refund' });
  // The panel opens on its first control and closes back onto its button.
  await money.getByRole('button', { name: 'Cancel order' }).click();
  await expect(money.getByLabel('Reason', { exact: true })).toBeFocused();
  await money.getByRole('button', { name: 'Keep the order' }).click();
  await expect(money.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  await money.getByRole('button', { name: 'Cancel order' }).click();
  await money.getByLabel('Reason', { exact: true }).selectOption('Other');
  // "Other" needs the admin's own words.
  await money.getByRole('button', { name: 'Cancel order…' }).click();
  await expect(money.getByText('Write why the order is cancelled.')).toBeVisible();
  await money.getByLabel('Other reason').fill('Customer moved away');
  await money.getByRole('button', { name: 'Cancel order…' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Cancel order # ${shown(orderid)}?` });
  await expect(confirm).toContainText('Reason: Customer moved away');
  await expect(confirm).toContainText('Nothing was paid online, so nothing is refunded.');
  // Keeping the order closes the question and changes nothing.
  await confirm.getByRole('button', { name: 'Keep the order' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByLabel('Order status')).toBeVisible();
  await money.getByRole('button', { name: 'Cancel order…' }).click();
  await expectNoSeriousA11yViolations(page, { label: 'the admin cancel confirmation' });
  await shoot(page, 'cancel-refund-admin-confirm');
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();

  await expect(confirm).toHaveCount(0);
  await expect(panel.getByText('This order is cancelled: its status no longer changes.')).toBeVisible();
  // The buttons went away with the order's cancelling: the keyboard is on what the card says now.
  await expect(money.getByText('This order is cancelled.', { exact: true })).toBeFocused();
  await expect(panel.getByLabel('Order status')).toHaveCount(0);
  await expect(money.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await shoot(page, 'cancel-refund-admin-cancelled');
  await fitsPhone(page, 'the admin order detail of a cancelled order');
  await panel.getByRole('button', { name: 'Back to Orders' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: `Order # ${shown(orderid)}` })).toContainText('Cancelled');

  const mine = await customerOrders(browser, seeded.customer);
  try {
    const card = mine.page.getByRole('article');
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Delivery progress' })).toHaveCount(0);
  } finally {
    await mine.close();
  }
});

test('the note the keyboard lands on after cancelling is shown below the sticky header, on a laptop and a phone', async ({ page, request }) => {
  const tag = runTag();
  const orders = await seedCodOrders(request, tag, SCREEN_WIDTHS.length);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  for (const [i, width] of SCREEN_WIDTHS.entries()) {
    const orderid = orders[i]?.order.orderid ?? 'missing';
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const panel = await openAdminOrder(page, tag, orderid);
    const money = panel.getByRole('region', { name: 'Cancel and refund' });
    await money.getByRole('button', { name: 'Cancel order' }).click();
    await money.getByRole('button', { name: 'Cancel order…' }).click();
    await page.getByRole('alertdialog', { name: `Cancel order # ${shown(orderid)}?` }).getByRole('button', { name: 'Yes, cancel the order' }).click();
    const note = money.getByText('This order is cancelled.', { exact: true });
    await expect(note).toBeFocused();
    await expectClearOfHeader(page, note, 'The cancelled order\'s note');
    await page.screenshot({ path: `.tmp/screenshots/cancel-refund-admin-cancelled-focus-${width}.png` });
  }
});
