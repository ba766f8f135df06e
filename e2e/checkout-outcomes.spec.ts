// How a checkout ends: a declined card retried pays the same order with its note, an unpaid online
// order waits in Your Orders with Pay now, and both success pages recap the order.
import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, runTag } from './support/admin-seed';
import { addFromDetail, checkoutFromSummary, fillBilling, openProduct, payInSandbox, paymentDialog } from './support/storefront';
import { screenshotAtWidths } from './support/screenshots';

// Each journey logs in, fills a cart and pays (some twice): minutes on a loaded machine, never a race.
test.describe.configure({ timeout: 180_000 });

const DECLINED = '4000 0000 0000 0002';

function acceptAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** A logged-in customer on the order summary with one bottle of Buffalo Ghee 500 ml (549 less 0%: Rs. 549). */
async function toOrderSummary(page: Page) {
  const customer = await registerCustomer(page.request);
  await loginThroughUi(page, customer.email, customer.password);
  await openProduct(page, 'Buffalo Ghee');
  await addFromDetail(page, 'Buffalo Ghee', 500);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  return customer;
}

test('a declined card retried from the order summary pays the same order and keeps its note', async ({ page }) => {
  const alerts = acceptAlerts(page);
  await toOrderSummary(page);
  await page.getByLabel('Note for us (optional)').fill('Leave it with the neighbour.');
  await checkoutFromSummary(page);
  await payInSandbox(page, { testCard: DECLINED });
  await expect(page.getByRole('heading', { name: 'Your payment failed' })).toBeVisible();
  // Said in the page, not in a browser dialog; Try again is the main button.
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Failed: ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveClass(/btn-amber/);
  await screenshotAtWidths(page, 'checkout-payment-failed');
  expect(alerts).toHaveLength(0);
  // The processing toast is gone once the outcome is known.
  await expect(page.getByText('Hold on a second, your payment is Processing')).toHaveCount(0);

  // Back on the summary the note is still there, so the same checkout (same receipt) is sent again.
  await page.goBack();
  await expect(page.getByLabel('Note for us (optional)')).toHaveValue('Leave it with the neighbour.');
  await checkoutFromSummary(page);
  await payInSandbox(page);
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();
  await expect(page.getByText('Just a second')).toHaveCount(0);
  await expect(page.getByText('Hold on a second, your payment is Processing')).toHaveCount(0);

  await page.goto('/orders');
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Paid');
  await expect(card).toContainText('Being prepared');
  await expect(card).toContainText('Leave it with the neighbour.');
});

test('an unpaid online order waits in Your Orders as "Awaiting payment", and Pay now pays that order', async ({ page }) => {
  acceptAlerts(page);
  await toOrderSummary(page);
  await checkoutFromSummary(page);
  await payInSandbox(page, { testCard: DECLINED });
  await expect(page.getByRole('heading', { name: 'Your payment failed' })).toBeVisible();

  await page.goto('/orders');
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Awaiting payment');
  await expect(card).not.toContainText('Being prepared');
  await expect(card.getByRole('list', { name: 'Delivery progress' })).toHaveCount(0);
  const shortId = (await card.getByRole('heading', { level: 2 }).innerText()).replace('Order', '').trim();

  await card.getByRole('button', { name: 'Pay now' }).click();
  await expect(paymentDialog(page)).toContainText('Rs. 549');
  await payInSandbox(page);
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(shortId);

  await page.goto('/orders');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Paid');
  await expect(card.getByRole('list', { name: 'Delivery progress' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
});

test('the success pages recap the order: number with a copy button, items, total and delivery address', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await toOrderSummary(page);
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  await checkoutFromSummary(page);
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(page.getByText('Please keep Rs. 549 ready to pay at the door')).toBeVisible();
  // The shop does not ask for confirmations here: no word of one.
  await expect(page.getByTestId('success-confirm-needed')).toHaveCount(0);
  const recap = page.getByTestId('order-recap');
  await expect(recap.getByRole('row', { name: /Buffalo Ghee 500 ml 1 Rs\. 549/ })).toBeVisible();
  // The charges between items and total are shown, so the recap adds up.
  await expect(recap.getByTestId('recap-subtotal')).toHaveText('Rs. 549');
  await expect(recap.getByTestId('recap-delivery-fee')).toBeVisible();
  await expect(recap.getByTestId('recap-total')).toHaveText('Rs. 549');
  await screenshotAtWidths(page, 'checkout-success-recap');
  await expect(recap).toContainText('12 Temple Street, Malleswaram, Bengaluru Urban, Karnataka 560001');
  const number = await page.getByTestId('order-number').innerText();
  expect(number).toMatch(/^GS-\d{4,}$/);
  await page.getByRole('button', { name: 'Copy order number' }).click();
  await expect(page.getByRole('button', { name: 'Copied order number' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);
});

test('the WhatsApp box starts from the account’s choice, and this order can still go without', async ({ page }) => {
  const customer = await toOrderSummary(page);
  const optIn = page.getByRole('checkbox', { name: 'Send me order updates on WhatsApp' });
  // An account that never chose: not ticked (DESIGN.md §8.6).
  await expect(optIn).not.toBeChecked();

  const on = await page.request.put('/api/account/whatsapp', { headers: { Authorization: `Bearer ${customer.token}` }, data: { whatsappOptIn: true } });
  expect(on.status(), await on.text()).toBe(200);
  await page.reload();
  await expect(optIn).toBeChecked();
  await screenshotAtWidths(page, 'summary-whatsapp-from-profile');
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  const placed = page.waitForRequest((r) => r.url().endsWith('/api/checkout/codorder'));
  await checkoutFromSummary(page);
  expect((await placed).postDataJSON()).toMatchObject({ whatsappOptIn: true });
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();

  // The next checkout asks again from the profile; unticked here, that order goes without.
  await openProduct(page, 'Buffalo Ghee');
  await addFromDetail(page, 'Buffalo Ghee', 500);
  await page.goto('/checkoutbilling');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(optIn).toBeChecked();
  await optIn.uncheck();
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  const second = page.waitForRequest((r) => r.url().endsWith('/api/checkout/codorder'));
  await checkoutFromSummary(page);
  expect((await second).postDataJSON()).toMatchObject({ whatsappOptIn: false });
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
});

test('Apply with the shop unreachable says so and keeps Apply and the charges', async ({ page }) => {
  await toOrderSummary(page);
  await expect(page.getByTestId('order-subtotal')).toHaveText('Rs. 549');
  await page.route('**/api/checkout/quote', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Discount code').fill('FESTIVE10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-result')).toHaveText('We could not reach the shop. Check your connection and try again.');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(page.getByTestId('order-subtotal')).toHaveText('Rs. 549');
  await expect(page.getByTestId('order-delivery-fee')).toBeVisible();
  await screenshotAtWidths(page, 'summary-coupon-unreachable');
});

/** A 10% code for orders from Rs. 500, made through the admin's API; answers its code. */
async function createCoupon(page: Page): Promise<string> {
  const code = `KEEP${runTag().toUpperCase()}`;
  const token = await adminToken(page.request);
  const made = await page.request.post('/api/coupons', {
    headers: { Authorization: `Bearer ${token}` },
    data: { code, kind: 'PERCENT', value: 10, minOrder: 500, maxDiscount: null, validFrom: null, validTo: null, totalUses: 100, perCustomer: 1, firstOrderOnly: false, active: true },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  return code;
}

test('Remove with the shop unreachable keeps the code applied and says it was not removed', async ({ page }) => {
  const code = await createCoupon(page);
  await toOrderSummary(page);
  const field = page.getByLabel('Discount code');
  await field.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-result')).toHaveText(`${code} applied`);
  await expect(page.getByTestId('order-discount')).toBeVisible();
  // The summary without the code was priced for Online only (and a price is trusted for 30 s): under cash on
  // delivery, Remove has to ask the shop.
  const priced = page.waitForResponse((r) => r.url().endsWith('/api/checkout/quote') && r.ok());
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  await priced;
  await expect(page.getByTestId('order-discount')).toBeVisible();

  const quote = '**/api/checkout/quote';
  await page.route(quote, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('coupon-result')).toHaveText(`${code} was not removed. We could not reach the shop. Check your connection and try again.`);
  // The code is still the one the order goes with: the field, Remove and the discount all stay.
  await expect(field).toHaveValue(code);
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect(page.getByTestId('order-discount')).toBeVisible();
  await screenshotAtWidths(page, 'summary-coupon-remove-unreachable');

  await page.unroute(quote);
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(field).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(page.getByTestId('order-discount')).toHaveCount(0);
  await expect(page.getByTestId('coupon-result')).toHaveText('');
});

test('with the shop unreachable the summary keeps the last charges, says so, and Try again refreshes them', async ({ page }) => {
  await toOrderSummary(page);
  await expect(page.getByTestId('order-subtotal')).toHaveText('Rs. 549');
  const deliveryFee = await page.getByTestId('order-delivery-fee').innerText();
  const total = await page.getByTestId('order-total').innerText();

  const everyCall = '**/api/**';
  await page.route(everyCall, (route) => route.abort('internetdisconnected'));
  // A new payment mode needs a new quote, which cannot be had.
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  const notice = page.getByTestId('quote-failed');
  await expect(notice).toContainText('We could not refresh the prices');
  await expect(page.getByTestId('order-subtotal')).toHaveText('Rs. 549');
  await expect(page.getByTestId('order-delivery-fee')).toHaveText(deliveryFee);
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await screenshotAtWidths(page, 'summary-prices-unreachable');

  await page.unroute(everyCall);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('order-subtotal')).toHaveText('Rs. 549');
  await expect(page.getByTestId('order-charges')).toBeVisible();

  // Arriving while the shop cannot price the order: the items' total, said to be only that.
  const quote = '**/api/checkout/quote';
  await page.route(quote, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(notice).toContainText('the total below is for the items alone, without delivery');
  await expect(page.getByTestId('order-total')).toHaveText('Rs. 549');
  await screenshotAtWidths(page, 'summary-prices-unreachable-on-arrival');
});

test('a session ended elsewhere says so on the summary, and logging in comes back with the note', async ({ page }) => {
  const customer = await toOrderSummary(page);
  await page.getByLabel('Note for us (optional)').fill('Ring twice please.');
  const ended = await page.request.post('/api/account/logout-all', { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(ended.status(), await ended.text()).toBeLessThan(300);
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');

  const notice = page.getByTestId('checkout-signed-out');
  await expect(notice).toContainText('You were signed out.');
  await expect(page).toHaveURL(/\/checkoutorder$/);
  await screenshotAtWidths(page, 'summary-signed-out');
  await notice.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkoutorder$/);
  await expect(page.getByLabel('Note for us (optional)')).toHaveValue('Ring twice please.');
});

test('switching a closed payment window’s order to cash on delivery drops the "waiting for payment" notice', async ({ page }) => {
  await toOrderSummary(page);
  await checkoutFromSummary(page);
  await expect(paymentDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  const notice = page.getByTestId('awaiting-payment');
  await expect(notice).toBeVisible();
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  await expect(notice).toHaveCount(0);
  await screenshotAtWidths(page, 'summary-closed-window-then-cod');
  await page.getByLabel('Payment mode').selectOption('ONLINE');
  await expect(notice).toBeVisible();
});

test('a refused checkout says why beside the button until the next try, which goes through', async ({ page }) => {
  await toOrderSummary(page);
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  const words = 'This order has 60 bottles, and one account can have at most 30 on order at a time. Order fewer bottles; for a bulk order, please call us.';
  await page.route('**/api/checkout/codorder', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'TOO_MANY_ORDERS', message: words }) }));
  await checkoutFromSummary(page);
  const refusal = page.getByTestId('checkout-refusal');
  await expect(refusal).toHaveText(words);
  await expect(refusal).toHaveAttribute('role', 'alert');
  await screenshotAtWidths(page, 'summary-refused');
  await page.unroute('**/api/checkout/codorder');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/success$/);
});
