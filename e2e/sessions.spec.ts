// Revocable sessions and the safe e-mail change (DESIGN.md §7.1), in Chromium against the built server.
import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, logoutThroughUi, registerCustomer, uniqueEmail } from './support/accounts';
import { linkInMail, waitForMailTo } from './support/mailbox';
import { screenshotAtWidths } from './support/screenshots';

// Several logins, mails and screenshots per test on a loaded machine.
test.describe.configure({ timeout: 180_000 });

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
  await page.goto('/account');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Current password (to change your email)')).toHaveCount(0);
  // A fresh registration has no address yet; the form needs one.
  await page.getByLabel('Address').fill('4 Lake View Road');
  await page.getByLabel('Pincode').fill('411001');
  await page.getByLabel('District').fill('Pune');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter your current password to change your email address')).toBeVisible();
  await page.getByLabel('Current password (to change your email)').fill(customer.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
  // Unchanged until confirmed.
  await expect(page.getByRole('main').getByText(customer.email)).toBeVisible();
  await screenshotAtWidths(page, 'account-sessions');
  // The notice stays until closed (it says what to do next); a reload clears it from the Profile menu's corner.
  await page.reload();

  const notice = await waitForMailTo(customer.email, /about to change/);
  expect(notice.text).toContain(newEmail);
  const mail = await waitForMailTo(newEmail, /confirm-email/);
  await page.goto(linkInMail(mail, '/confirm-email?').replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await screenshotAtWidths(page, 'confirm-email');
  await page.goto('/account');
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
    await page.goto('/account');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(3); // the API registration, the other browser, this one
    await expect(devices.getByText('This device')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    // The click ends in a reload of the page, which a plain click would wait on; the outcome is checked below.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).dispatchEvent('click');
    await expect(page.getByRole('link', { name: 'Login/Signup' })).toBeVisible();

    expect((await otherPage.request.get('/api/order', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(401);
    await otherPage.goto('/orders');
    await otherPage.reload();
    await expect(otherPage.getByText('Please log in to see this page')).toBeVisible();
  } finally {
    await other.close();
  }
});
