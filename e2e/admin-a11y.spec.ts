import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginThroughUi } from './support/accounts';
import { runTag, seedCodOrders } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';

const TABS = [
  ['Your Orders', 'orders'],
  ['Email Templates', 'templates'],
  ['Products', 'products'],
  ['Settings', 'settings'],
  ['Payment Verification', 'payments'],
  ['Coupons', 'coupons'],
  ['Overview', 'overview'],
  ['Mail Outbox', 'outbox'],
  ['Messages', 'messages'],
] as const;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await seedCodOrders(request, runTag(), 6);
  await request.dispose();
});

async function settle(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test('every tab passes axe, fits 1280 and 390 px, and the tabs work from the keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  for (const [name, id] of TABS) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name });
    await expect(panel).toBeVisible();
    await settle(page);
    await expectNoSeriousA11yViolations(page, { label: `admin tab ${name}` });
    await screenshotAtWidths(page, `admin-${id}`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await hasHorizontalOverflow(page), `${name} overflows at 390 px`).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Arrow keys move between tabs (wrapping), Home and End jump to the ends.
  await page.getByRole('tab', { name: 'Your Orders' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Email Templates' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Email Templates' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Messages' })).toBeFocused();
  // The last panel loads its list as it opens; a key pressed while it redraws could land before focus returns.
  await settle(page);
  await page.getByRole('tab', { name: 'Messages' }).focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Your Orders' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=messages/);
});

test('order detail, template editor and the default-delete modal pass axe and fit both widths', async ({ page }) => {
  test.setTimeout(120_000);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const orders = page.getByRole('tabpanel', { name: 'Your Orders' });
  await orders.getByRole('button', { name: /^View order / }).first().click();
  await expect(orders.getByRole('heading', { name: /^Order # / })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'order detail' });
  await screenshotAtWidths(page, 'admin-order-detail');

  await page.getByRole('tab', { name: 'Email Templates' }).click();
  const templates = page.getByRole('tabpanel', { name: 'Email Templates' });
  await templates.getByRole('button', { name: /^Edit / }).first().click();
  await expect(templates.getByTestId('preview-subject')).not.toHaveText('');
  await screenshotAtWidths(page, 'admin-template-editor');
  // axe cannot run inside the preview's script-less sandboxed frame (it waits for it forever), so the
  // editor is scanned with the plain-text preview, which has no frame.
  await templates.getByRole('button', { name: 'Plain text' }).click();
  await expect(templates.getByTestId('preview-body')).not.toHaveText('');
  await expectNoSeriousA11yViolations(page, { label: 'template editor' });
  await templates.getByRole('button', { name: 'Cancel' }).click();

  await templates.getByRole('listitem').filter({ hasText: 'Default' }).first().getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByRole('dialog', { name: 'Deleting a Default' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'default-delete modal' });
  await screenshotAtWidths(page, 'admin-delete-default-modal');
});

test('the storefront\'s first load does not fetch the admin code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (['script', 'stylesheet'].includes(r.resourceType())) scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /admin/.test(s))).toEqual([]);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
  expect(scripts.some((s) => /admin-page/.test(s))).toBe(true);
});
