// What a new customer met on a phone: billing takes them to a pincode in another state and offers that state, a
// closed payment window says the order waits for payment, the mobile menu closes as a disclosure should, the
// contact button stays off checkout and the owner's screens, a delivered cash order reads as paid and says where
// each review stands, and a COD order waiting for its customer is confirmed from Your Orders.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Product } from '../src/domain/schemas/product';
import { ADMIN, loginThroughUi, registerCustomer, uniqueEmail } from './support/accounts';
import { adminToken, setCodConfirmation, setOrderStatus, signInWithSession } from './support/admin-seed';
import { SCREEN_WIDTHS, screenshotAtWidths } from './support/screenshots';
import { expectClearOfHeader } from './support/sticky-header';
import { addFromDetail, checkoutFromSummary, fillBilling, openProduct, paymentDialog, placeCodOrderViaApi, seedCart } from './support/storefront';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** The one way the customer's screens write a moment: "29 Nov 2026, 18:44 IST", as the confirm page does. */
const SHOP_DATE_TIME = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST/;

async function setShopContacts(page: Page, contacts: { whatsappNumber: string; instagramUrl: string }): Promise<void> {
  const headers = { Authorization: `Bearer ${await adminToken(page.request)}` };
  const profile = (await (await page.request.get('/api/settings/profile', { headers })).json()) as Record<string, unknown>;
  const res = await page.request.put('/api/settings/profile', { headers, data: { ...profile, ...contacts } });
  expect(res.status(), await res.text()).toBe(200);
}

test('billing at 390 px: a pincode in another state takes the customer to it, with a one-click fix', async ({ page }) => {
  await seedCart(page, [{ name: 'Buffalo Ghee', quantity: 500, itemQty: 1, finalPrice: 549 }]);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: 'Rahul Deshmukh', email: uniqueEmail('mismatch'), pincode: '400002', state: 'Karnataka', district: 'Mumbai' });
  await page.getByRole('button', { name: 'Next' }).click();

  const pincode = page.getByLabel('Pincode', { exact: true });
  await expect(pincode).toBeFocused();
  await expect(pincode).toBeInViewport();
  await expect(page.getByText('400002 is in Maharashtra')).toBeInViewport();
  const fix = page.getByRole('button', { name: 'Use Maharashtra' });
  await expect(fix).toBeInViewport();
  expect((await fix.boundingBox())?.height, 'a thumb-high button').toBeGreaterThanOrEqual(44);
  await screenshotAtWidths(page, 'billing-state-mismatch', { fullPage: false });

  await fix.click();
  const state = page.getByLabel('State', { exact: true });
  await expect(state).toHaveValue('Maharashtra');
  await expect(state).toBeFocused();
  await expect(page.getByText('400002 is in Maharashtra')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/checkoutorder$/);
});

test('closing the payment window says the order waits for payment, and Pay now pays that order', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughUi(page, customer.email, customer.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await openProduct(page, 'Buffalo Ghee');
  await addFromDetail(page, 'Buffalo Ghee', 500);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();

  const checkout = page.getByRole('button', { name: 'Checkout' });
  const notice = page.getByTestId('awaiting-payment');
  // Esc, then Cancel: each way of closing it ends the same.
  for (const close of ['Escape', 'Cancel'] as const) {
    if (close === 'Escape') await checkoutFromSummary(page);
    else await checkout.click();
    await expect(paymentDialog(page)).toBeVisible();
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await paymentDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(paymentDialog(page)).toHaveCount(0);
    await expect(notice).toHaveText(/^Order GS-\d+ is saved and waiting for payment\. Pay now, or later from Your Orders\./);
    await expect(checkout).toBeFocused();
  }
  const number = /GS-\d+/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
  expect((await notice.getByRole('button', { name: 'Pay now' }).boundingBox())?.height, 'a thumb-high button').toBeGreaterThanOrEqual(44);
  await screenshotAtWidths(page, 'summary-payment-window-closed');

  await notice.getByRole('button', { name: 'Pay now' }).click();
  await expect(paymentDialog(page)).toContainText(number);
  await paymentDialog(page).getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();
  // One order, the one the notice named.
  await page.goto('/orders');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText(number.replace('GS-', ''));
});

test('the mobile menu closes on Esc (focus back on its toggle) and when focus leaves it', async ({ page }) => {
  await page.goto('/cart');
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  const menu = page.locator('#main-menu');
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  const links = await menu.getByRole('link').count();
  for (let i = 0; i < links; i += 1) await page.keyboard.press('Tab');
  await expect(menu.getByRole('link').last()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('the contact button stays off checkout steps and the owner screens, and pages leave room for it', async ({ page }) => {
  await setShopContacts(page, { whatsappNumber: '9876543210', instagramUrl: '' });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginThroughUi(page, ADMIN.email, ADMIN.password);
    await seedCart(page, [{ name: 'Buffalo Ghee', quantity: 500, itemQty: 1, finalPrice: 549 }]);
    const fab = page.getByRole('button', { name: 'Contact us' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.goto('/orders');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(fab, `contact button on /orders at ${width}`).toBeVisible();
      for (const path of ['/checkoutbilling', '/admin', '/admin?tab=reports']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(fab, `contact button on ${path} at ${width}`).toHaveCount(0);
      }
    }
    // Below the last thing on a page, room for the floating button at every width (a tablet here).
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.goto('/orders');
    await expect(fab).toBeVisible();
    const room = await page.locator('#main').evaluate((main) => parseFloat(getComputedStyle(main).paddingBottom));
    const button = await fab.boundingBox();
    expect(room).toBeGreaterThanOrEqual(1000 - (button?.y ?? 0));
  } finally {
    await setShopContacts(page, { whatsappNumber: '', instagramUrl: '' });
  }
});

test('a delivered cash order reads as paid at the door, its lines are totals, and each review link names its ghee', async ({ page, request }) => {
  const customer = await registerCustomer(request, { name: 'Rahul Deshmukh' });
  const order = await placeCodOrderViaApi(request, customer.token, customer, [
    { name: 'Buffalo Ghee', quantity: 500, itemQty: 2 },
    { name: 'Bilona Gir Cow Ghee', quantity: 500, itemQty: 1 },
  ]);
  await signInWithSession(page, request, customer.email, customer.password);
  await page.goto('/orders');
  await page.reload();
  const card = page.getByRole('article');
  await expect(card).toContainText('Pay on delivery');

  await setOrderStatus(request, await adminToken(request), order.orderid, 'DELIVERED');
  await page.reload();
  await expect(card).toContainText('Paid in cash on delivery');
  await expect(card).not.toContainText('Pay on delivery');
  // 2 × the unit price is a line's total, and the column says so.
  await expect(card.getByRole('columnheader')).toHaveText(['Item', 'Size', 'Qty', 'Total']);
  await expect(card.getByRole('link', { name: 'Review Buffalo Ghee', exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Review Bilona Gir Cow Ghee', exact: true })).toBeVisible();
  await expect(card.getByText('Write a review')).toHaveCount(0);
  await screenshotAtWidths(page, 'orders-cod-delivered');

  // The charges are a table that adds up, and the reviews come after the total, not between the items and it.
  await expect(card.getByTestId('order-subtotal')).toHaveText(`Rs. ${order.totalAmount.toLocaleString('en-IN')}`);
  await expect(card.getByTestId('order-total')).toHaveText(`Rs. ${order.totalAmount.toLocaleString('en-IN')}`);
  const reviews = card.getByRole('list', { name: 'Your reviews' });
  expect((await reviews.boundingBox())?.y ?? 0).toBeGreaterThan((await card.getByTestId('order-total').boundingBox())?.y ?? Infinity);

  // Once written, each ghee says where its review stands: hidden by the owner (and why), waiting, or shown.
  const products = (await (await request.get('/api/public/product')).json()) as Product[];
  const idOf = (name: string) => products.find((p) => p.name === name)?._id ?? '';
  const write = async (name: string) => {
    const res = await request.post(`/api/products/${idOf(name)}/reviews`, { headers: { authorization: `Bearer ${customer.token}` }, data: { rating: 5, text: 'Grainy and fresh.' } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const moderate = async (id: number, data: object) => expect((await request.put(`/api/reviews/${id}`, { headers: admin, data })).status()).toBe(200);
  await moderate(await write('Buffalo Ghee'), { status: 'HIDDEN', reason: 'PERSONAL_DATA' });
  const bilona = await write('Bilona Gir Cow Ghee');
  await page.reload();
  const about = (name: string) => reviews.getByRole('listitem').filter({ hasText: name });
  await expect(about('Buffalo Ghee')).toContainText('Not shown: shares personal data');
  await expect(about('Bilona Gir Cow Ghee')).toContainText('Waiting for the shop’s approval');
  await expect(card.getByRole('link', { name: /^Review / })).toHaveCount(0);
  await expect(about('Buffalo Ghee').getByRole('link', { name: 'Edit your review of Buffalo Ghee' })).toHaveAttribute('href', `/review/${idOf('Buffalo Ghee')}`);
  await screenshotAtWidths(page, 'orders-reviews-hidden-and-waiting');
  await moderate(bilona, { status: 'PUBLISHED' });
  await page.reload();
  await expect(about('Bilona Gir Cow Ghee')).toContainText('Reviewed ✓');
  await expect(about('Bilona Gir Cow Ghee').getByRole('link', { name: 'Edit your review of Bilona Gir Cow Ghee' })).toBeVisible();
});

test('a COD order waiting for its customer is confirmed from Your Orders, signed in, without the mailed link', async ({ page, request }) => {
  await setCodConfirmation(request, true);
  try {
    const customer = await registerCustomer(request, { name: 'Priya Nair' });
    const order = await placeCodOrderViaApi(request, customer.token, customer, [{ name: 'Buffalo Ghee', quantity: 500, itemQty: 1 }]);
    await signInWithSession(page, request, customer.email, customer.password);
    await page.goto('/orders');
    await page.reload();
    const card = page.getByRole('article');
    // Dates read one way on the customer's screens: the order's time as the deadline to confirm.
    await expect(card.getByTestId('order-placed-at')).toHaveText(new RegExp(`^${SHOP_DATE_TIME.source}$`));
    const ask = card.getByTestId('order-to-confirm');
    await expect(ask).toContainText(new RegExp(`Please confirm this cash on delivery order by ${SHOP_DATE_TIME.source}`));
    await expect(card.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    await screenshotAtWidths(page, 'orders-cod-to-confirm');

    await card.getByRole('button', { name: 'Confirm my order' }).click();
    await expect(page.getByText('Thank you! Your order is confirmed and we are packing it.')).toBeVisible();
    await expect(ask).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Confirm my order' })).toHaveCount(0);
    // Still in preparation: the customer may still cancel it.
    await expect(card.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    const mine = (await (await request.get('/api/order', { headers: { authorization: `Bearer ${customer.token}` } })).json()) as { orderid: string; confirmation: string }[];
    expect(mine.find((o) => o.orderid === order.orderid)?.confirmation).toBe('CONFIRMED');
    await screenshotAtWidths(page, 'orders-cod-confirmed');
  } finally {
    await setCodConfirmation(request, false);
  }
});

test('billing at 390 and 1280 px: a keyboard submit with empty fields shows the first one, labelled, clear of the header', async ({ page }) => {
  await seedCart(page, [{ name: 'Buffalo Ghee', quantity: 500, itemQty: 1, finalPrice: 549 }]);
  // The field with its label above and its message below, all below the sticky header and in the window.
  const clearOfHeader = async (name: string) => {
    const field = page.getByLabel(name, { exact: true });
    await expect(field).toBeFocused();
    await expectClearOfHeader(page, field.locator('xpath=..'), `${name}, its label and its message`);
  };
  // Enter once the page has come to rest on the focused control, as a person would press it: an Enter during the
  // smooth scroll to it can leave that scroll to finish after the form's own.
  const enterOn = async (control: Locator) => {
    await control.focus();
    await page.evaluate(async () => {
      let last = -1;
      while (last !== window.scrollY) {
        last = window.scrollY;
        await new Promise((frames) => requestAnimationFrame(() => requestAnimationFrame(frames)));
      }
    });
    await page.keyboard.press('Enter');
  };
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.goto('/checkoutbilling');
    // Everything empty: Enter on Next, and Name (far above it on a phone) is the field to fix.
    await enterOn(page.getByRole('button', { name: 'Next' }));
    await clearOfHeader('Name');
  }
  await screenshotAtWidths(page, 'billing-keyboard-errors', { fullPage: false });

  // Name and e-mail filled, Enter in District: the mobile number is next to fix.
  await page.getByLabel('Name', { exact: true }).fill('Rahul Deshmukh');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('keys'));
  await enterOn(page.getByLabel('District', { exact: true }));
  await clearOfHeader('Mobile number');
});
