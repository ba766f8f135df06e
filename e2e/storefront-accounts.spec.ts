// Account journeys in Chromium: sign up, log in and out, Remember me, the 20-minute session, forgotten
// password through the mailed link, profile edit, the login-required views and 404. Texts are SPEC.md's.
import { expect, test } from '@playwright/test';
import { ADMIN, loginThroughUi, logoutThroughUi, openProfileMenu, profileMenuButton, registerCustomer, uniqueEmail } from './support/accounts';
import { linkInMail, waitForMailTo } from './support/mailbox';
import { screenshotAtWidths } from './support/screenshots';

const SESSION_KEY = 'ghee-shop.session';

test('signing up checks every field with the exact messages, then signs the customer in', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Mobile number is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Name').fill('Kavya Rao');
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Email format is invalid')).toBeVisible();
  await expect(page.getByText('Mobile number must be 10 digits')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  const email = uniqueEmail('signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill('9123456780');
  await page.getByLabel('Password').fill('ghee-lover-1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registeration successful')).toBeVisible();
  await expect(profileMenuButton(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login/Signup' })).toHaveCount(0);

  // Signing up twice with one email fails.
  await logoutThroughUi(page);
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('Kavya Rao');
  await page.getByLabel('Mobile number').fill('9123456780');
  await page.getByLabel('Password').fill('ghee-lover-1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration Failed')).toBeVisible();
  // Beside the toast, the page says why and offers the way in: log in with that email, or set a new password.
  const taken = page.getByTestId('register-email-taken');
  await expect(taken).toContainText(`${email} already has an account.`);
  await expect(taken.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?email=${encodeURIComponent(email)}`);
  await expect(taken.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/forgotpassword');
  await screenshotAtWidths(page, 'register-email-taken');
  await taken.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('validation messages disappear after 10 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.clock.fastForward(9_000);
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(page.getByText('Email is required')).toHaveCount(0);
  // The same mistake again shows the message again.
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
});

test('login fails with a wrong password, succeeds with the right one, and Log out signs out', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is not right' })).toBeVisible();
  await expect(profileMenuButton(page)).toHaveCount(0);

  await loginThroughUi(page, customer.email, customer.password);
  // Without Remember me the session lives in sessionStorage only.
  expect(await page.evaluate((k) => [!!sessionStorage.getItem(k), !!localStorage.getItem(k)], SESSION_KEY)).toEqual([true, false]);
  await openProfileMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Your Orders' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(profileMenuButton(page)).toBeFocused();

  await logoutThroughUi(page);
  expect(await page.evaluate((k) => [sessionStorage.getItem(k), localStorage.getItem(k)], SESSION_KEY)).toEqual([null, null]);
  await page.goto('/orders');
  await expect(page.getByText('Please log in to see this page')).toBeVisible();
});

test('Remember me keeps the session in localStorage; an admin sees the Admin Dashboard entry', async ({ page }) => {
  await loginThroughUi(page, ADMIN.email, ADMIN.password, { remember: true });
  expect(await page.evaluate((k) => [!!sessionStorage.getItem(k), !!localStorage.getItem(k)], SESSION_KEY)).toEqual([false, true]);
  await openProfileMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
});

test('a session without Remember me ends after 20 minutes', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.clock.install();
  await loginThroughUi(page, customer.email, customer.password);
  await page.clock.fastForward('19:50');
  await expect(profileMenuButton(page)).toBeVisible();
  await page.clock.fastForward('00:20');
  await expect(page.getByRole('link', { name: 'Login/Signup' })).toBeVisible();
  await expect(profileMenuButton(page)).toHaveCount(0);
});

test('forgot password: the mailed link opens the reset page, and the new password signs the customer in', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset request was sent to your email')).toBeVisible();

  const mail = await waitForMailTo(customer.email, /reset/i);
  const link = linkInMail(mail, '/resetpassword?');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(customer.email);
  await expect(email).toHaveAttribute('readonly', '');
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill('brand-new-ghee-9');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(profileMenuButton(page)).toBeVisible();

  // The link works once; the new password works for a later login.
  await logoutThroughUi(page);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password').fill('another-pass-7');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('User password reset failed')).toBeVisible();
  // Said on the page too: what happened and what to do.
  const alert = page.getByRole('alert').filter({ hasText: 'already been used or has expired' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await loginThroughUi(page, customer.email, 'brand-new-ghee-9');
});

test('the reset page without an email says "No email address provided."', async ({ page }) => {
  await page.goto('/resetpassword');
  await expect(page.getByText('No email address provided.')).toBeVisible();
});

test('profile: view, edit with field checks, save', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/account');
  await expect(page.getByText('Please log in to see this page')).toBeVisible();

  await loginThroughUi(page, customer.email, customer.password);
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('Asha V. Verma');
  await page.getByLabel('Address').fill('4 Lake View Road');
  await page.getByLabel('Pincode').fill('12');
  await page.getByLabel('District').fill('Pune');
  await page.getByLabel('State').selectOption('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Pincode must be 6 digits')).toBeVisible();
  await expect(page.getByText('State is required')).toBeVisible();

  await page.getByLabel('Pincode').fill('411001');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated Successfully')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Asha V. Verma')).toBeVisible();
  await expect(main.getByText('4 Lake View Road')).toBeVisible();

  // Saved on the server: a fresh login shows it.
  await logoutThroughUi(page);
  await loginThroughUi(page, customer.email, customer.password);
  await page.goto('/account');
  await expect(main.getByText('411001')).toBeVisible();
  await expect(main.getByText('Maharashtra')).toBeVisible();
});

test('an unknown route shows 404 "page not found"', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { name: 'Our ghees' })).toBeVisible();
});
