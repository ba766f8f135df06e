// Every storefront screen, scanned with axe-core (no serious or critical violation) and photographed at
// 1280 and 390 px wide (under .tmp/screenshots) with a check that nothing overflows sideways.
import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, openProfileMenu, registerCustomer } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, screenshotAtWidths, SCREEN_WIDTHS } from './support/screenshots';
import { adminToken } from './support/admin-seed';
import { placeCodOrderViaApi, seedCart, waitForHydration } from './support/storefront';

// Fade-ins and carousels hold still, so every element is scanned at full opacity.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** Scans at both widths, saves the screenshots, and fails on sideways overflow. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, { label: `${name} at ${width}px` });
    expect(await hasHorizontalOverflow(page), `${name} overflows at ${width}px`).toBe(false);
  }
  await screenshotAtWidths(page, `storefront-${name}`);
}

async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

// Each test scans many screens with axe at two widths (the product page now carries its label declarations and
// the footer its policy links): a minute is not enough on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

test('public screens: home, products, product, cart, 404', async ({ page }) => {
  await visit(page, '/', 'Pure ghee, slow-cooked the old way');
  // Lets the lazy carousel come in before the scan.
  await page.getByRole('heading', { name: 'From our kitchen' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Picture 1 of 5' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'home');

  await visit(page, '/products', 'Our ghee');
  await checkScreen(page, 'products');
  await page.getByPlaceholder('Search products by name...').fill('zzz');
  await expect(page.getByText('No products found')).toBeVisible();
  await checkScreen(page, 'products-none');

  await visit(page, '/products/a2-desi-cow-ghee', 'A2 Desi Cow Ghee');
  await checkScreen(page, 'product');

  await visit(page, '/cart', 'Your Cart is Empty');
  await checkScreen(page, 'cart-empty');
  await seedCart(page, [
    { name: 'A2 Desi Cow Ghee', quantity: 250, itemQty: 2, finalPrice: 552 },
    { name: 'Himalayan Badri Cow Ghee', quantity: 500, itemQty: 1, finalPrice: 1614 },
  ]);
  await visit(page, '/cart', 'Your cart');
  await checkScreen(page, 'cart');

  await visit(page, '/checkoutbilling', 'Billing details');
  await checkScreen(page, 'billing');

  await visit(page, '/no-such-page', 'page not found');
  await checkScreen(page, 'not-found');
});

test('crawlable pages: the product list and a product page, server-rendered and taken over by the app', async ({ page }) => {
  await page.goto('/products');
  await waitForHydration(page.getByRole('heading', { level: 1, name: 'Our ghee' }));
  await checkScreen(page, 'products-crawlable');
  await page.goto('/products/a2-desi-cow-ghee');
  await waitForHydration(page.getByRole('heading', { level: 1, name: 'A2 Desi Cow Ghee' }));
  await checkScreen(page, 'product-crawlable');
});

test('sign-in screens: login, register, forgot and reset password', async ({ page }) => {
  await visit(page, '/login', 'Welcome back');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await checkScreen(page, 'login');
  await visit(page, '/register', 'Create your account');
  await checkScreen(page, 'register');
  await visit(page, '/forgotpassword', 'Forgot your password?');
  await checkScreen(page, 'forgot-password');
  await visit(page, '/resetpassword?email=someone%40example.test&token=abc', 'Choose a new password');
  await checkScreen(page, 'reset-password');
  await visit(page, '/resetpassword', 'Reset your password');
  await checkScreen(page, 'reset-password-no-email');
  await visit(page, '/orders', 'Your Orders');
  await checkScreen(page, 'orders-login-required');
});

/** The owner's contacts, so the contact button and the footer's links are there to scan; put back after. */
async function setContacts(page: Page, contacts: { whatsappNumber: string; instagramUrl: string }): Promise<void> {
  const headers = { Authorization: `Bearer ${await adminToken(page.request)}` };
  const profile = (await (await page.request.get('/api/settings/profile', { headers })).json()) as Record<string, unknown>;
  const res = await page.request.put('/api/settings/profile', { headers, data: { ...profile, ...contacts } });
  expect(res.status(), await res.text()).toBe(200);
}

test('signed-in screens: account, orders, checkout, success, failure, menus and modals', async ({ page }) => {
  await setContacts(page, { whatsappNumber: '9876543210', instagramUrl: 'https://www.instagram.com/gheeshop' });
  try {
    await signedInScreens(page);
  } finally {
    await setContacts(page, { whatsappNumber: '', instagramUrl: '' });
  }
});

async function signedInScreens(page: Page): Promise<void> {
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);

  await visit(page, '/orders', 'Your Orders');
  await expect(page.getByText("Your Don't have any Orders")).toBeVisible();
  await checkScreen(page, 'orders-empty');

  await placeCodOrderViaApi(page.request, customer.token, customer, [
    { name: 'Bilona Gir Cow Ghee', quantity: 500, itemQty: 2 },
    { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 },
  ]);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  await checkScreen(page, 'orders');

  await visit(page, '/account', 'Your account');
  await checkScreen(page, 'account');
  await page.getByRole('button', { name: 'Edit' }).click();
  await checkScreen(page, 'account-edit');

  await seedCart(page, [{ name: 'Buffalo Ghee', quantity: 500, itemQty: 1, finalPrice: 549 }]);
  await visit(page, '/checkoutbilling', 'Billing details');
  await page.getByLabel('Pincode', { exact: true }).fill('560001');
  await page.getByLabel('Address', { exact: true }).fill('12 Temple Street');
  await page.getByLabel('State', { exact: true }).selectOption('Karnataka');
  await page.getByLabel('District', { exact: true }).fill('Bengaluru Urban');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  await checkScreen(page, 'order-summary');

  await visit(page, '/success', 'Your payment was successful');
  await checkScreen(page, 'success');
  await visit(page, '/failure', 'Your payment failed');
  await checkScreen(page, 'failure');

  // Open menus and dialogs are scanned too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openProfileMenu(page);
  await expectNoSeriousA11yViolations(page, { label: 'profile menu' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  const modal = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(modal).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'privacy modal' });
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Privacy Policy' })).toBeFocused();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'phone menu' });
  await page.screenshot({ path: '.tmp/screenshots/storefront-phone-menu-390.png' });
  await page.getByRole('button', { name: 'Contact us' }).click();
  await expect(page.getByRole('link', { name: 'Whatsapp' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instagram' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'contact button open' });
}

test('the footer modals show their text and close with the Close button', async ({ page }) => {
  await page.goto('/');
  for (const title of ['About', 'Terms', 'Privacy Policy']) {
    await page.getByRole('button', { name: title, exact: true }).click();
    const modal = page.getByRole('dialog', { name: title });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('paragraph').first()).not.toBeEmpty();
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(modal).toHaveCount(0);
  }
});
