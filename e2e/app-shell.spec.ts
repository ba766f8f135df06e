// The shell around every screen: what a screen that cannot load looks like, and where focus goes when the app moves
// from one screen to another.
import { expect, test } from '@playwright/test';
import { loginThroughUi, registerCustomer } from './support/accounts';
import { SCREEN_WIDTHS, screenshotAtWidths } from './support/screenshots';
import { expectClearOfHeader } from './support/sticky-header';
import { addFromDetail, openProduct, waitForHydration } from './support/storefront';

test('a screen whose code cannot be fetched says so inside the shell, and Try again loads it', async ({ page }) => {
  const cartChunk = /\/assets\/cart-page-[^/]*\.js$/;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForHydration(page.getByRole('navigation', { name: 'Main' }));
  await page.route(cartChunk, (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).click();

  // One automatic reload (the files may have changed with a deploy), then the message, not a blank page.
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't load this page." })).toBeVisible();
  await expect(page.getByText('Check your connection and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await page.screenshot({ path: '.tmp/screenshots/shell-load-error-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/screenshots/shell-load-error-390.png' });

  await page.unroute(cartChunk);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeVisible();
});

test('a footer dialog whose code cannot be fetched says so and leaves the page as it was', async ({ page }) => {
  const dialogChunk = /\/assets\/footer-topic-dialog-[^/]*\.js$/;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForHydration(page.getByRole('navigation', { name: 'Main' }));
  await page.route(dialogChunk, (route) => route.abort('internetdisconnected'));
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'About' }).click();

  await expect(page.getByText("We couldn't open About. Check your connection and try again.")).toBeVisible();
  // The page stays: header, screen and footer, and no half-open dialog.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(footer).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await screenshotAtWidths(page, 'footer-dialog-load-error', { fullPage: false, animations: 'allow' });

  // Once the code can be fetched, the same button opens the dialog.
  await page.unroute(dialogChunk);
  await footer.getByRole('button', { name: 'About' }).click();
  await expect(page.getByRole('dialog', { name: 'About' })).toBeVisible();
});

test('moving to another screen puts focus on its heading, but not on the first load', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/cart');
  const empty = page.getByRole('heading', { level: 1, name: 'Your Cart is Empty' });
  await expect(empty).toBeVisible();
  await waitForHydration(page.getByRole('navigation', { name: 'Main' }));
  await expect(empty).not.toBeFocused();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Product', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Our ghee' })).toBeFocused();

  // The footer's link to the cart is far from the new screen's top: the heading takes focus there too.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Track your order' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // The next Tab goes on into the new screen, not back into the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('#main'))).toBe(true);
});

test('an address to a section of a page (#fragment) shows the section below the sticky header', async ({ page }) => {
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.goto('about:blank');
    // A server-rendered page: its sections are there when the browser looks for the fragment.
    await page.goto('/products/buffalo-ghee#food-label-title');
    await waitForHydration(page.getByRole('navigation', { name: 'Main' }));
    await expectClearOfHeader(page, page.getByRole('heading', { level: 2, name: 'Food label' }), 'The linked heading');
    await page.screenshot({ path: `.tmp/screenshots/shell-fragment-${width}.png` });
  }
});

test('the header\'s links take the keyboard without moving the page under it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/products/buffalo-ghee');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await waitForHydration(nav);
  await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(800);
  await nav.getByRole('link', { name: 'Home', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Product', exact: true })).toBeFocused();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY), 'the page stays where it was read').toBe(scrolled);
});

test('on the account page, Edit focuses the first field and Save returns focus to Edit', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await loginThroughUi(page, customer.email, customer.password);
  await page.goto('/account');
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await edit.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type(' Rao');
  await form.getByLabel('Address', { exact: true }).fill('12 Temple Street, Malleswaram');
  await form.getByLabel('Pincode', { exact: true }).fill('560001');
  await form.getByLabel('District', { exact: true }).fill('Bengaluru Urban');
  await form.getByLabel('State', { exact: true }).selectOption('Karnataka');
  await form.getByRole('button', { name: 'Save Changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Profile updated Successfully')).toBeVisible();
  await expect(edit).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeFocused();
});

test('the "added to cart" notice does not follow the customer onto the cart, over its heading', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openProduct(page, 'A2 Desi Cow Ghee');
  await addFromDetail(page, 'A2 Desi Cow Ghee', 250);
  const notice = page.getByText('A2 Desi Cow Ghee has been added to cart successfully');
  // The pointer rests on the notice, which holds its timer: only the move to the cart can take it down.
  await notice.hover();
  await page.getByRole('link', { name: /^Cart, 1 item/ }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.screenshot({ path: '.tmp/screenshots/shell-cart-after-add-390.png' });
});

test('the phone menu closes when Tab leaves it past the Profile menu', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughUi(page, customer.email, customer.password);
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  const menu = page.locator('#main-menu');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  for (const name of ['Home', 'Product', /^Cart/]) {
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => !!document.activeElement?.closest('#main'))).toBe(true);
});
