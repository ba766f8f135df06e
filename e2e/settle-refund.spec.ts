// A refund the gateway failed, paid back by the owner by bank transfer (decision 088): "Mark as settled" beside Retry
// opens a small form that says what is missing, the refund then reads settled for the owner, leaves the failed-refunds
// list, and reads processed (by bank transfer) for the customer. Every order and account here is this spec's own.
import { expect as baseExpect, test } from '@playwright/test';
import { customerOrders, failedRefundJourney, fitsPhone, shoot } from './support/admin-order-journey';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotAtWidths } from './support/screenshots';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

test('the owner marks a failed refund as settled by bank transfer, and the customer sees it refunded', async ({ page, browser, request }) => {
  const { customer, orderid, panel, item } = await failedRefundJourney(page, request, 'Meena', 80, 'Lid was cracked');

  // Keyboard: the button opens the form with the method focused; Escape closes it and gives the focus back.
  const markButton = item.getByRole('button', { name: 'Mark the refund of Rs. 80 as settled' });
  await markButton.focus();
  await page.keyboard.press('Enter');
  const form = item.getByRole('form', { name: 'Mark Rs. 80 as settled' });
  await expect(form.getByLabel('Paid by')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(markButton).toBeFocused();
  await page.keyboard.press('Enter');

  // Nothing chosen, then a bank transfer without its UTR: each says what is missing.
  await form.getByRole('button', { name: 'Mark as settled' }).click();
  await expect(form.getByText('Choose how you paid the customer: bank transfer, UPI or cash.')).toBeVisible();
  await form.getByLabel('Paid by').selectOption('BANK_TRANSFER');
  await form.getByRole('button', { name: 'Mark as settled' }).click();
  await expect(form.getByText('Enter the bank transfer’s UTR so the payment can be traced.')).toBeVisible();
  await expect(form.getByLabel('Reference')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'settle-refund-form');
  await fitsPhone(page, 'the settle form');

  await form.getByLabel('Reference').fill('UTR0042917');
  await form.getByLabel(/^Note/).fill('Sent from the shop account');
  await form.getByRole('button', { name: 'Mark as settled' }).click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'marked as paid by bank transfer' });
  await expect(toast).toBeVisible();
  await screenshotAtWidths(page, 'settle-refund-toast', { fullPage: false, animations: 'allow' });
  await expect(form).toHaveCount(0);
  await expect(item.getByText('Settled', { exact: true })).toBeVisible();
  await expect(item.getByTestId('refund-settlement')).toContainText(/Settled by bank transfer, ref UTR0042917, \d/);
  await expect(item.getByRole('button', { name: /Retry|Mark the refund/ })).toHaveCount(0);
  await expect(panel.getByText('Part refunded', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'admin order detail with a settled refund' });
  await shoot(page, 'settle-refund-admin-settled');
  await fitsPhone(page, 'the admin order detail with a settled refund');

  // No longer among the orders with a failed refund.
  await page.goto('/admin?filter=refund-failed');
  const orders = page.getByRole('tabpanel', { name: 'Your Orders' });
  await expect(orders.getByLabel('Status')).toHaveValue('refund-failed');
  await expect(orders.locator(`[data-view-order="${orderid}"]`)).toHaveCount(0);

  const mine = await customerOrders(browser, customer);
  try {
    await expect(mine.page.getByRole('list', { name: 'Refunds' })).toHaveText('Refund of Rs. 80 processed (paid by bank transfer, ref UTR0042917)');
    await expect(mine.page.getByText('Part refunded', { exact: true })).toBeVisible();
    await expect(mine.page.getByRole('article')).not.toContainText('Sent from the shop account');
    await shoot(mine.page, 'settle-refund-customer');
    await fitsPhone(mine.page, 'Your Orders with a settled refund');
  } finally {
    await mine.close();
  }
});
