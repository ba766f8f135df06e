// Revocable sessions and the safe e-mail change (DESIGN.md §7.1), in Chromium against the built server.
import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, logoutThroughUi, registerCustomer, uniqueEmail } from './support/accounts';
import { linkInMail, waitForMailTo } from './support/mailbox';
import { screenshotAtWidths } from './support/screenshots';

/** The token the web app keeps for the signed-in session. */
async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => sessionStorage.getItem('ghee-shop.session') ?? localStorage.getItem('ghee-shop.session'));
  const token = raw ? (JSON.parse(raw) as { token?: string }).token : undefined;
  if (!token) throw new Error('no session stored');
  return token;
}

test('log out ends the session on the server: the old token no longer works', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  const token = await storedToken(page);
  const before = await page.request.get('/api/order', { headers: { authorization: `Bearer ${token}` } });
  expect(before.status()).toBe(200);
  await logoutThroughUi(page);
  const after = await page.request.get('/api/order', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('changing the e-mail asks for the password and takes effect through the link mailed to the new address', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  const newEmail = uniqueEmail('moved');
  await loginThroughUi(page, customer.email, customer.password);
  await page.goto('/#/account');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Current password (to change your email)')).toHaveCount(0);
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter your current password to change your email address')).toBeVisible();
  await page.getByLabel('Current password (to change your email)').fill(customer.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
  // Unchanged until confirmed.
  await expect(page.getByRole('main').getByText(customer.email)).toBeVisible();
  await screenshotAtWidths(page, 'account-sessions');

  const notice = await waitForMailTo(customer.email, /about to change/);
  expect(notice.text).toContain(newEmail);
  const mail = await waitForMailTo(newEmail, /confirm-email/);
  await page.goto(linkInMail(mail, '/#/confirm-email').replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await screenshotAtWidths(page, 'confirm-email');
  await page.goto('/#/account');
  await expect(page.getByRole('main').getByText(newEmail)).toBeVisible();

  await logoutThroughUi(page);
  await loginThroughUi(page, newEmail, customer.password);
});

test('"Sign out everywhere" ends the session of another browser', async ({ page, browser }) => {
  const customer = await registerCustomer(page.request);
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await loginThroughUi(otherPage, customer.email, customer.password);
    const otherToken = await storedToken(otherPage);

    await loginThroughUi(page, customer.email, customer.password);
    await page.goto('/#/account');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(3); // the API registration, the other browser, this one
    await expect(devices.getByText('This device')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('link', { name: 'Login/Signup' })).toBeVisible();

    expect((await otherPage.request.get('/api/order', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(401);
    await otherPage.goto('/#/orders');
    await otherPage.reload();
    await expect(otherPage.getByText('Please log in to see this page')).toBeVisible();
  } finally {
    await other.close();
  }
});
