// Issue 38 in the browser: the owner of a locked account signs in with the mailed link, new passwords are checked
// (the rules on the page, zxcvbn's verdict from the server under the field), and the dashboard says when mail fails.
import { expect, test } from '@playwright/test';
import { ADMIN, loginThroughUi, profileMenuButton, registerCustomer, uniqueEmail } from './support/accounts';
import { linkInMail, waitForMailTo } from './support/mailbox';
import { screenshotAtWidths } from './support/screenshots';

test.describe.configure({ timeout: 180_000 });

test('wrong passwords lock the account; the owner signs in with the link mailed to them', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  for (let i = 0; i < 5; i += 1) {
    const res = await page.request.post('/api/account/login', { data: { email: customer.email, password: `guess-${i}-wrong` } });
    expect(res.status()).toBe(401);
  }
  // Locked, even for the right password: the page says what to do.
  await page.goto('/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'sign-in link we have e-mailed' })).toBeVisible();

  const mail = await waitForMailTo(customer.email, /paused/i);
  const link = linkInMail(mail, '/login?');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('status').filter({ hasText: 'You opened the sign-in link we e-mailed you' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await screenshotAtWidths(page, 'login-unlock-link');
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(profileMenuButton(page)).toBeVisible();
});

test('sign-up refuses weak passwords with a reason under the field, and takes a strong one', async ({ page }) => {
  const email = uniqueEmail('strong');
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('Kavya Menon');
  await page.getByLabel('Mobile number').fill('9876543210');
  const password = page.getByLabel('Password', { exact: true });
  await expect(page.getByText('At least 8 characters. Two or three uncommon words')).toBeVisible();

  for (const [weak, reason] of [
    ['ghee123', 'Password must be at least 8 characters'],
    ['Gheeshop2026', "Do not use the shop's name in your password"],
    ['aaaaaaaaaa', 'This password is easy to guess'],
  ] as const) {
    await password.fill(weak);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(reason)).toBeVisible();
  }
  await screenshotAtWidths(page, 'register-weak-password');
  await password.fill('monsoon-ladder-brass');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(profileMenuButton(page)).toBeVisible();
});

test('the dashboard shows a banner while mail is failing, and it leads to the Mail Outbox', async ({ page }) => {
  // The e2e shop writes mail to files, which never fail: the outbox's health is answered as during an SMTP outage.
  await page.route('**/api/email/outbox/health', (route) =>
    route.fulfill({
      json: {
        failing: true,
        retrying: 7,
        retryingSince: new Date(Date.now() - 42 * 60_000).toISOString(),
        lastError: 'connect ECONNREFUSED 10.0.0.25:587',
        failedThisWeek: 0,
        retryEveryMinutes: 10,
        giveUpAfterHours: 72,
      },
    }),
  );
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const banner = page.getByRole('alert').filter({ hasText: 'Mail is not going out.' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('7 mails are waiting');
  await expect(banner).toContainText('ECONNREFUSED');
  await expect(banner).toContainText('every 10 minutes and keeps each mail for 3 days');
  await screenshotAtWidths(page, 'admin-mail-failing-banner');
  await banner.getByRole('button', { name: 'Open Mail Outbox' }).click();
  await expect(page).toHaveURL(/tab=outbox/);
});
