import { expect as baseExpect, test } from '@playwright/test';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, paidSandboxOrder, runTag } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';
import { openProduct } from './support/storefront';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('the owner refunds a delivered order by bottles, back in stock; the list says Part refunded', async ({ page, request }) => {
  const tag = runTag();
  const customer = await registerCustomer(request, { name: `Kavya ${tag}` });
  const { orderid } = await paidSandboxOrder(request, customer);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const panel = page.getByRole('tabpanel', { name: 'Your Orders' });
  await panel.getByLabel('Search').fill(tag);
  await panel.locator(`[data-view-order="${orderid}"]`).click();
  await panel.getByLabel('Order status').selectOption('DELIVERED');
  await panel.getByRole('button', { name: 'Send Mail and Update Status' }).click();
  const money = panel.getByRole('region', { name: 'Cancel and refund' });
  await money.getByRole('button', { name: 'Refund', exact: true }).click();
  await money.getByText('By bottles').click();
  const count = money.getByRole('spinbutton').first();
  await count.fill('1');
  await money.getByLabel(/Put these bottles back in stock/).check();
  await money.getByLabel('Reason', { exact: true }).fill('Jar arrived broken');
  await expectNoSeriousA11yViolations(page, { label: 'the refund by bottles form' });
  await screenshotAtWidths(page, 'refund-by-bottles-form');
  // The form says what the customer gets before the money goes, and that is what is refunded.
  const shown = /Rs\. [\d,]+/.exec((await money.getByTestId('bottle-refund-amount').textContent()) ?? '')?.[0] ?? 'no amount shown';
  await expect(money.getByRole('button', { name: `Refund 1 bottle: ${shown}` })).toBeVisible();
  await money.getByRole('button', { name: 'Refund 1 bottle' }).click();
  await expect(money.getByTestId('refund-item')).toHaveCount(1);
  await expect(money.getByTestId('refund-item')).toContainText(shown);
  await expect(panel.getByText(/Refunded|Part refunded/).first()).toBeVisible();
  await screenshotAtWidths(page, 'refund-by-bottles-done');
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test('Settings has the order limits; the pincode Check button is clear of the contact button at 390 px', async ({ page, request }) => {
  // The contact button shows once the shop has a WhatsApp number.
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const profile = (await (await request.get('/api/settings/profile', { headers })).json()) as Record<string, unknown>;
  const limits = (await (await request.get('/api/settings/order-limits', { headers })).json()) as Record<string, unknown>;
  const saved = await request.put('/api/settings/profile', { headers, data: { ...profile, whatsappNumber: '9876543210' } });
  expect(saved.status(), await saved.text()).toBe(200);
  // Other journeys expect the shop as it was: no contact button, the limits unchanged.
  try {
    await loginThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin?tab=settings');
    const panel = page.getByRole('tabpanel', { name: 'Settings' });
    await expect(panel.getByLabel('Unpaid online orders per account')).toHaveValue(/\d+/);
    await panel.getByLabel('Orders per account per hour').fill('12');
    await panel.getByRole('button', { name: 'Save order limits' }).click();
    await expect(page.getByText('Order limits saved.').last()).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'the settings with order limits' });
    await screenshotAtWidths(page, 'settings-order-limits');

    await page.setViewportSize({ width: 390, height: 844 });
    await openProduct(page, 'Buffalo Ghee');
    const check = page.getByRole('button', { name: 'Check', exact: true });
    await check.scrollIntoViewIfNeeded();
    const fab = page.locator('.contact-fab-toggle');
    await expect(fab).toBeVisible();
    {
      // Scroll so the Check button sits at the bottom of the screen, where the floating button is.
      await page.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Check');
        if (button) window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 16);
      });
      const a = await check.boundingBox();
      const b = await fab.boundingBox();
      if (a && b) expect(a.x + a.width <= b.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
    }
    await page.screenshot({ path: '.tmp/screenshots/pincode-check-390.png' });
  } finally {
    expect((await request.put('/api/settings/profile', { headers, data: profile })).status()).toBe(200);
    expect((await request.put('/api/settings/order-limits', { headers, data: limits })).status()).toBe(200);
  }
});
