// A grant (and a revoke) reaches a signed-in tab without logging out and in: the app re-reads
// the user's roles when the window regains focus and after any 403.
import { expect, test } from '@playwright/test';
import { loginThroughUi, openProfileMenu, registerCustomer } from './support/accounts';
import { adminToken } from './support/admin-seed';

test.describe.configure({ timeout: 120_000 });

test('a customer granted admin sees the dashboard on the next focus, and loses it after a revoke', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  await openProfileMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const token = await adminToken(page.request);
  const grant = (revoke: boolean) =>
    page.request.post('/api/settings/adminaccess', { headers: { Authorization: `Bearer ${token}` }, data: { emailaddress: customer.email, revoke } });
  expect((await grant(false)).status()).toBe(200);
  // The owner switches back to this tab.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await openProfileMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible();

  // Revoked while on the dashboard: its next call answers 403, and the roles are re-read at once.
  expect((await grant(true)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
});
