// Customer journeys through the shop in Chromium: browse, search, cart, checkout online through the sandbox
// gateway (paid and declined) and cash on delivery, then the order in Your Orders. Texts are SPEC.md §8's.
import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, logoutThroughUi, openProfileMenu, registerCustomer, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForMailTo } from './support/mailbox';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';
import { expectClearOfHeader } from './support/sticky-header';
import { addFromDetail, cartLink, checkoutFromSummary, fillBilling, openProduct, openProductList, payInSandbox, paymentDialog, seedCart } from './support/storefront';

// Seeded catalogue: A2 Desi Cow Ghee is 649 / 1199 / 2299 for 250 / 500 / 1000 ml with 15% off,
// so 552, 1019 and 1954 after the offer (price − round(price × 15 / 100)).
// The shared 2-core machine runs several suites at once: a journey that pays in the sandbox takes minutes there.
test.describe.configure({ timeout: 180_000 });

const A2 = 'A2 Desi Cow Ghee';

function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

test('a guest searches, fills the cart with two sizes, pays online in the sandbox and finds the order with its tracker', async ({ page }) => {
  await openProductList(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Our ghee' })).toBeVisible();
  const search = page.getByPlaceholder('Search products by name...');

  await search.fill('no such ghee');
  await expect(page.getByText('No products found', { exact: true })).toBeVisible();

  // Case-insensitive "contains".
  await search.fill('DESI COW');
  await expect(page.getByRole('link', { name: A2, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buffalo Ghee', exact: true })).toHaveCount(0);
  await expect(page.getByText('Rs. 1,019').first()).toBeVisible();

  // The card opens the detail page, at the product's own address.
  await page.getByRole('link', { name: A2, exact: true }).click();
  await expect(page).toHaveURL(/\/products\/a2-desi-cow-ghee$/);
  await expect(page.getByRole('heading', { level: 1, name: A2 })).toBeVisible();
  await expect(page.getByText('15% off')).toBeVisible();

  await addFromDetail(page, A2, 250);
  await expect(page.getByTestId('detail-price')).toContainText('Rs. 552');
  await addFromDetail(page, A2, 1000, 2);
  // The badge counts cart lines (SPEC.md's items), not bottles: one of 250 ml and two of 1000 ml are two lines.
  await expect(cartLink(page, 2)).toBeVisible();
  await expect(page.getByTestId('cart-badge').first()).toHaveText('2');

  // Cart: two lines; quantities change within 1..10; the subtotal follows.
  await cartLink(page, 2).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: `Increase quantity of ${A2} 250 ml` }).click();
  await page.getByRole('button', { name: `Increase quantity of ${A2} 250 ml` }).click();
  await page.getByRole('button', { name: `Decrease quantity of ${A2} 1000 ml` }).click();
  await expect(page.getByRole('button', { name: `Decrease quantity of ${A2} 1000 ml` })).toBeDisabled();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${A2} 250 ml` })).toHaveValue('3');
  // The summary counts bottles, and says so: three of 250 ml and one of 1000 ml; still two items in the header.
  await expect(page.getByRole('term').filter({ hasText: 'Bottles' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('4');
  await expect(cartLink(page, 2)).toBeAttached();
  await screenshotAtWidths(page, 'cart-items-and-bottles');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('Rs. 3,610');

  // A refresh keeps the cart.
  await page.reload();
  await expect(page.getByTestId('cart-subtotal')).toHaveText('Rs. 3,610');

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkoutbilling$/);
  // Billing comes next, and the order may well be paid in cash: nothing speaks of a payment page.
  await expect(page.getByText('redirecting to the payment page')).toHaveCount(0);

  // Billing: every field is required; a guest is registered on the fly.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Mobile number is required')).toBeVisible();
  // The first field in the form's order is the one to fix first.
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  const email = uniqueEmail('guest');
  await fillBilling(page, { name: 'Meera Iyer', email });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/checkoutorder$/);
  await expect(page.getByRole('link', { name: 'Login/Signup' })).toHaveCount(0);

  await expect(page.getByTestId('order-total')).toHaveText('Rs. 3,610');
  await expect(page.getByLabel('Payment mode')).toHaveValue('ONLINE');
  await page.getByLabel('Note for us (optional)').fill('Please ring twice.');
  await checkoutFromSummary(page);
  await expect(page.getByText('Hold on a second, your payment is Processing')).toBeVisible();
  await expect(paymentDialog(page)).toContainText('Rs. 3,610');
  await payInSandbox(page);

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();
  await expect(cartLink(page, 0).first()).toBeAttached();

  // Your Orders: the paid order, its lines and the four-step tracker at step 1.
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Your Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Being prepared');
  await expect(card).toContainText('Online');
  await expect(card).toContainText('Paid');
  await expect(card).toContainText('Rs. 3,610');
  await expect(card).toContainText('Please ring twice.');
  await expect(card.getByRole('row', { name: /A2 Desi Cow Ghee 250 ml 3 Rs\. 1,656/ })).toBeVisible();
  await expect(card.getByRole('row', { name: /A2 Desi Cow Ghee 1000 ml 1 Rs\. 1,954/ })).toBeVisible();
  const tracker = card.getByRole('list', { name: 'Delivery progress' });
  await expect(tracker.getByRole('listitem')).toHaveText([/Order Processed/, /Order Shipped/, /En Route/, /Arrived/]);
  await expect(tracker.locator('[aria-current="step"]')).toContainText('Order Processed');
  // The number people read, never the gateway's id.
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(/^Order GS-\d{4,}$/);
});

test('a declined card shows "Payment Failed: " on the failure page, not in a dialog, and the cart is kept', async ({ page }) => {
  const dialogs = collectDialogs(page);
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  await openProduct(page, 'Buffalo Ghee');
  await addFromDetail(page, 'Buffalo Ghee', 500);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();

  // A logged-in customer's billing form starts from the profile.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(customer.name);
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();
  await checkoutFromSummary(page);
  await payInSandbox(page, { testCard: '4000 0000 0000 0002' });

  await expect(page).toHaveURL(/\/failure$/);
  await expect(page.getByRole('heading', { name: 'Your payment failed' })).toBeVisible();
  await expect(page.getByText('The payment was declined by your bank.')).toBeVisible();
  // Said in the page, not in the browser's alert.
  await expect(page.getByRole('alert').filter({ hasText: /^Payment Failed: \S/ })).toBeVisible();
  expect(dialogs).toHaveLength(0);
  await expect(cartLink(page, 1).first()).toBeAttached();

  // Trying again pays the same order, never a second one.
  await page.getByRole('button', { name: 'Try again' }).click();
  await payInSandbox(page);
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('Paid');
});

test('cash on delivery places the order without a payment dialog', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  await openProduct(page, 'Cultured Cow Ghee');
  await addFromDetail(page, 'Cultured Cow Ghee', 100, 3);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  await expect(page.getByText('Cash on Delivery selected. Please proceed.')).toBeVisible();
  await checkoutFromSummary(page);
  // Nothing has been paid yet: DESIGN.md §7.7's wording, with what to pay at the door.
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(page.getByText('Please keep Rs. 567 ready to pay at the door')).toBeVisible();
  await expect(paymentDialog(page)).toHaveCount(0);

  await page.goto('/orders');
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Cash on Delivery');
  await expect(card).toContainText('Pay on delivery');
  // 199 at 5% off is 189 (199 − round(9.95)); three bottles.
  await expect(card).toContainText('Rs. 567');
});

test('a stale price in the cart is refreshed from the server (409 PRICE_CHANGED) and the customer is told', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  // The cart remembers 500 for a bottle the catalogue now sells at 552.
  await seedCart(page, [{ name: A2, quantity: 250, itemQty: 2, finalPrice: 500 }]);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();
  // The summary's total is the server's quote, so it shows the new price before anything is sent; the cart's lines
  // still carry the old one until the order is refused.
  await expect(page.getByTestId('order-total')).toHaveText('Rs. 1,104');
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  await checkoutFromSummary(page);
  await expect(page.getByText(/Our prices changed/)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('Rs. 1,104');
  await expect(page).toHaveURL(/\/checkoutorder$/);

  await checkoutFromSummary(page);
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('article')).toContainText('Rs. 1,104');
});

test('a returning guest whose email has an account goes on with a mailed code, and the order is theirs', async ({ page }) => {
  // The first order's guest account: made at billing, no password ever chosen.
  const email = uniqueEmail('returning');
  await openProduct(page, 'Danedar Desi Ghee');
  await addFromDetail(page, 'Danedar Desi Ghee', 250);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: 'Kavya Rao', email });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/checkoutorder$/);
  await logoutThroughUi(page);

  // Back another day as a guest, with the same address.
  await openProduct(page, 'Danedar Desi Ghee');
  await addFromDetail(page, 'Danedar Desi Ghee', 250);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: 'Kavya Rao', email });
  await page.getByRole('button', { name: 'Next' }).click();
  const panel = page.getByRole('region', { name: 'This email already has an account' });
  // The panel explains, and is where the customer is taken; the server's bare 409 wording is not toasted beside it.
  await expect(panel).toBeFocused();
  await expectClearOfHeader(page, panel, 'The panel');
  await expect(page.getByText('User name already exists')).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'log in with your password' })).toHaveAttribute('href', '/login?next=%2Fcheckoutbilling');
  await panel.getByRole('button', { name: 'Mail me a code' }).click();
  await expect(panel.getByRole('status')).toContainText('6-digit code');
  const mail = await waitForMailTo(email, /is your Ghee Shop code/);
  const code = /^(\d{6}) is your/.exec(mail.subject)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  // A wrong code is told in the page; the right one goes on to the order summary, signed in.
  await panel.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByRole('alert')).toContainText('That code is not right');
  await expectNoSeriousA11yViolations(page, { label: 'billing with a mailed code' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await screenshotAtWidths(page, 'billing-email-code');
  await panel.getByLabel('6-digit code').fill(code);
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkoutorder$/);
  await checkoutFromSummary(page);
  await expect(paymentDialog(page)).toContainText('Kavya Rao');
  await payInSandbox(page);
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('an empty cart says "Your Cart is Empty" and the summary says "No items in the cart!"', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/products$/);

  // Remove and Clear empty a filled cart too.
  await openProduct(page, A2);
  await addFromDetail(page, A2, 500);
  await page.goto('/cart');
  await page.getByRole('button', { name: `Remove ${A2} 500 ml` }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(cartLink(page, 0).first()).toBeAttached();

  await page.goto('/checkoutorder');
  await expect(page.getByText('No items in the cart!')).toBeVisible();
});

test('an out-of-stock product cannot be added', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('button', { name: 'Add Himalayan Badri Cow Ghee 250 ml to cart' })).toBeDisabled();
});

test('a cart line links to its product’s own address, /products/<slug>, as the catalogue does', async ({ page }) => {
  await openProduct(page, A2);
  const canonical = new URL(page.url()).pathname;
  expect(canonical).toMatch(/^\/products\/[a-z0-9-]+$/);
  await addFromDetail(page, A2, 500);
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: A2, exact: true })).toHaveAttribute('href', canonical);
});
