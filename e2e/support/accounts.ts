// Accounts for journeys: the seeded admin, fresh customers made through the API, and signing in and out
// through the real screens.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The admin account scripts/e2e-server.mjs seeds on the fresh database. */
export const ADMIN = { email: 'admin@gheeshop.test', password: 'admin-password' } as const;

export interface Customer {
  email: string;
  password: string;
  name: string;
  mobile: string;
  token: string;
}

let counter = 0;

/** An address no earlier run or test has used, so journeys never collide on the shared e2e database. */
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

/** Registers a customer through POST /api/account/register (fast set-up for journeys about something else). */
export async function registerCustomer(
  request: APIRequestContext,
  overrides: Partial<Omit<Customer, 'token'>> = {},
): Promise<Customer> {
  const customer = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'secret-pass-1',
    name: overrides.name ?? 'Asha Verma',
    mobile: overrides.mobile ?? '9876543210',
  };
  const response = await request.post('/api/account/register', {
    data: {
      username: customer.name,
      emailaddress: customer.email,
      mobilenumber: customer.mobile,
      password: customer.password,
    },
  });
  expect(response.status(), `register ${customer.email}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { token: string };
  return { ...customer, token: body.token };
}

/**
 * Signs in through /login as a person would and waits for the 'Login successful' toast.
 * Leaves the page wherever the login screen sends it (home, or the page that asked for a login).
 */
export async function loginThroughUi(
  page: Page,
  email: string,
  password: string,
  options: { remember?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(profileMenuButton(page)).toBeVisible();
}

/** The navigation bar's Profile menu button (visible once signed in; inside the collapsed menu on phones). */
export function profileMenuButton(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' });
}

/** Opens the Profile menu, collapsing-menu toggle included on narrow screens. */
export async function openProfileMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  const button = profileMenuButton(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

/** Logs out through the Profile menu; the page reloads signed out. */
export async function logoutThroughUi(page: Page): Promise<void> {
  await openProfileMenu(page);
  // Log out ends in a reload of the shop (session-store.ts), after the server has answered. The signed-out menu
  // shows just before it, so a test going on at once could run in the page being replaced (seen once in CI).
  const reloaded = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await reloaded;
  await expect(page.getByRole('link', { name: 'Login/Signup' })).toBeVisible();
}
