// WhatsApp updates and cash on delivery confirmed before it ships: a COD order with opt-in, whose confirmation
// message the owner sees in the sandbox and answers "Confirm" as the customer; another confirmed by the customer
// through the link in the order mail, without logging in. Every order and account here is this spec's own.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { orderNumber } from '../src/domain/display';
import { finalPriceFor } from '../src/domain/pricing';
import type { Product } from '../src/domain/schemas/product';
import { KARNATAKA_BUSINESS } from '../src/domain/test-business';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, signInWithSession } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForMailTo } from './support/mailbox';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';
import { checkoutFromSummary, fillBilling, placeCodOrderViaApi, seedCart } from './support/storefront';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const PRODUCT = 'Buffalo Ghee';
const SIZE_ML = 500;

async function setConfirmation(page: Page, on: boolean) {
  const token = await adminToken(page.request);
  const headers = { authorization: `Bearer ${token}` };
  const current = await (await page.request.get('/api/settings', { headers })).json();
  const saved = await page.request.put('/api/settings', { headers, data: { ...current, codConfirmation: on, codConfirmHours: 24 } });
  expect(saved.status()).toBe(200);
}

const turnConfirmationOn = (page: Page) => setConfirmation(page, true);

// The suite shares one shop: the specs after this one place COD orders that need no confirmation.
test.afterEach(async ({ page }) => setConfirmation(page, false));

/** How many times the page's main part says `words` (a global pattern). */
async function timesSaid(page: Page, words: RegExp): Promise<number> {
  return ((await page.locator('main').innerText()).match(words) ?? []).length;
}

async function fitsPhone(page: Page, what: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page), `${what} overflows at 390 px`).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a COD order with opt-in: the owner sees the confirmation message in the sandbox, plays Confirm, and the order shows confirmed', async ({ page, browser }) => {
  await turnConfirmationOn(page);
  const customer = await registerCustomer(page.request, { name: 'Kavya Nair', mobile: '9845012345' });
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.name === PRODUCT);
  if (!product) throw new Error(`no ${PRODUCT} in the catalogue`);

  await loginThroughUi(page, customer.email, customer.password);
  await seedCart(page, [{ name: PRODUCT, quantity: SIZE_ML, itemQty: 1, finalPrice: finalPriceFor(product, SIZE_ML) }]);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: customer.name, email: customer.email, mobilenumber: customer.mobile });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
  const optIn = page.getByRole('checkbox', { name: 'Send me order updates on WhatsApp' });
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  await screenshotAtWidths(page, 'whatsapp-checkout-opt-in');
  await checkoutFromSummary(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/order/i);
  // The success page says what the mail says: confirm by when (the server's deadline, in shop time), and how.
  const ask = page.getByTestId('success-confirm-needed');
  await expect(ask).toContainText('Please confirm this order by ');
  await expect(ask).toContainText('tap Confirm in our WhatsApp message, or open the link in the order email');
  await expect(ask).toContainText('not confirmed by then is cancelled');
  // What the customer must do comes first; the word about the mail follows it.
  const mailLine = page.getByText('The order’s details, with the link to confirm, are on their way to your email.');
  await expect(mailLine).toBeVisible();
  expect(await ask.evaluate((box, line) => !!(box.compareDocumentPosition(line as Node) & Node.DOCUMENT_POSITION_FOLLOWING), await mailLine.elementHandle())).toBe(true);
  expect((await ask.boundingBox())?.y ?? Infinity).toBeLessThan((await mailLine.boundingBox())?.y ?? -Infinity);
  // Confirming the moment it is placed would tell the shop nothing: no button for it here.
  await expect(page.getByRole('button', { name: /confirm/i })).toHaveCount(0);
  await screenshotAtWidths(page, 'whatsapp-success-confirm');
  const mine = await (await page.request.get('/api/order', { headers: { authorization: `Bearer ${customer.token}` } })).json();
  const order = mine[0] as { id: number; orderid: string; confirmation: string; whatsappOptIn: boolean };
  expect(order).toMatchObject({ confirmation: 'PENDING', whatsappOptIn: true });
  // The same deadline as the order mail's.
  const mail = await waitForMailTo(customer.email, new RegExp(`/confirm/${order.orderid}`));
  const deadline = /it is cancelled on (.+ IST)\./.exec(mail.text)?.[1];
  if (!deadline) throw new Error('the order mail names no deadline');
  await expect(ask).toContainText(`Please confirm this order by ${deadline}.`);
  const shortId = orderNumber(order.id);

  // The owner, in a context of their own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await context.newPage();
  await signInWithSession(admin, admin.request, ADMIN.email, ADMIN.password);

  // "COD to confirm" lists it.
  await admin.goto('/admin');
  // The session was written after the app started: a reload makes it read it, as a new tab would.
  await admin.reload();
  const orders = admin.getByRole('tabpanel', { name: 'Your Orders' });
  await orders.getByLabel('Status').selectOption('confirm');
  await expect(orders.getByRole('button', { name: `View order ${shortId}` })).toBeVisible();
  // Its card says it waits for the customer, and why it has no box to tick for "Ship selected" (in words: no tooltip).
  const card = orders.getByRole('listitem').filter({ hasText: `Order # ${shortId}` });
  await expect(card.getByTestId('to-confirm-badge')).toHaveText('To confirm');
  await expect(card.getByTestId('order-ship-blocked')).toHaveText('Not in “Ship selected” until the customer confirms. To ship it now, open View.');
  await expect(card.getByRole('checkbox')).toHaveCount(0);
  await screenshotAtWidths(admin, 'admin-orders-to-confirm');
  await fitsPhone(admin, 'the orders list with an order to confirm');

  // Settings → Messages shows the switch on and the template of each message.
  await admin.goto('/admin?tab=settings');
  const settings = admin.getByRole('tabpanel', { name: 'Settings' });
  await expect(settings.getByRole('switch', { name: 'Cash on delivery orders wait for the customer’s confirmation' })).toBeChecked();
  await expect(settings.getByLabel('Confirm cash on delivery: template name')).toHaveValue('cod_confirmation');
  // With the words to register it with, variables numbered as the values go.
  const shippedTemplate = settings.getByRole('group', { name: 'Shipped' });
  await expect(shippedTemplate).toContainText('Body: Hello {{1}}, your order {{2}} of {{3}} has shipped with AWB {{4}}. Track it at {{5}} any time.');
  // Each variable is explained, from the list the server fills the values from.
  await expect(shippedTemplate).toContainText(
    '{{1}} is the customer’s name, {{2}} the order number (GS-1043), {{3}} the order’s total, {{4}} the courier’s AWB number and {{5}} the tracking link.',
  );
  await expect(settings.getByRole('group', { name: 'Confirm cash on delivery' })).toContainText('Buttons: two quick replies, Confirm then Cancel.');
  await settings.getByRole('heading', { name: 'Messages' }).scrollIntoViewIfNeeded();
  await admin.screenshot({ path: '.tmp/screenshots/whatsapp-settings-messages-1280.png' });
  await fitsPhone(admin, 'Settings');

  await admin.goto('/admin?tab=messages');
  const tab = admin.getByRole('tabpanel', { name: 'Messages' });
  const message = tab.getByTestId('whatsapp-message').filter({ hasText: shortId });
  await expect(message).toContainText('please confirm your cash on delivery order');
  await expect(message).toContainText('+919845012345');
  await expect(message).toContainText('SENT');
  await screenshotAtWidths(admin, 'whatsapp-messages-tab');
  await fitsPhone(admin, 'the Messages tab');
  await expectNoSeriousA11yViolations(admin);
  await expect(message.getByTestId('message-answer')).toHaveText('Waiting for the customer’s answer.');
  await message.getByRole('button', { name: 'Play “Confirm”' }).click();
  await expect(admin.getByText('Played the customer\'s reply: Confirm.')).toBeVisible();
  // Answered: the customer's buttons are gone (a second answer would be refused) and the answer shows instead.
  await expect(message.getByTestId('message-answer')).toHaveText('Answered: the order is confirmed.');
  await expect(message.getByRole('button', { name: 'Play “Confirm”' })).toHaveCount(0);
  await expect(message.getByRole('button', { name: 'Play “Cancel”' })).toHaveCount(0);
  await expect(message.getByRole('button', { name: 'Play “STOP”' })).toBeVisible();
  await message.scrollIntoViewIfNeeded();
  await screenshotAtWidths(admin, 'whatsapp-messages-answered');
  await fitsPhone(admin, 'the answered message');

  await admin.goto('/admin');
  await orders.getByLabel('Status').selectOption('');
  await orders.getByLabel('Search').fill(shortId);
  await expect(card.getByRole('checkbox', { name: `Select order ${shortId} to ship` })).toBeVisible();
  await expect(card.getByTestId('to-confirm-badge')).toHaveCount(0);
  await expect(card.getByTestId('order-ship-blocked')).toHaveCount(0);
  await orders.getByRole('button', { name: `View order ${shortId}` }).click();
  await expect(orders.getByTestId('confirmation-state')).toHaveText('Cash on delivery: confirmed.');
  await screenshotAtWidths(admin, 'whatsapp-order-confirmed');

  // The overview counts the customer's own answers apart from what the shop recorded for them.
  await admin.goto('/admin?tab=overview');
  const figures = admin.getByRole('tabpanel', { name: 'Overview' }).locator('.detail-card').filter({ hasText: 'Cash on delivery confirmation' });
  const figure = (label: string) => figures.locator('div').filter({ has: admin.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure('Confirmed by the customer')).toHaveText(/^[1-9]\d*$/);
  await expect(figure('Confirmed by you')).toHaveText(/^\d+$/);
  await figures.scrollIntoViewIfNeeded();
  await screenshotAtWidths(admin, 'whatsapp-overview-confirmations');
  await context.close();
});

test('the customer confirms another COD order by the link in the order mail, without logging in', async ({ page, browser }) => {
  await turnConfirmationOn(page);
  const customer = await registerCustomer(page.request, { name: 'Rohan Das' });
  const placed = await placeCodOrderViaApi(page.request, customer.token, customer, [{ name: PRODUCT, quantity: SIZE_ML, itemQty: 2 }]);
  const mail = await waitForMailTo(customer.email, /\/confirm\//);
  const link = /https?:\/\/[^/\s]+\/confirm\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error('the order mail has no confirmation link');
  expect(link).toContain(placed.orderid);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: `Confirm order ${orderNumber(placed.id)}` })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Confirm my order' })).toBeVisible();
  await screenshotAtWidths(visitor, 'whatsapp-confirm-page');
  await fitsPhone(visitor, 'the confirmation page');
  await expectNoSeriousA11yViolations(visitor);
  await visitor.getByRole('button', { name: 'Confirm my order' }).click();
  // The page reads the order again after the answer; once the buttons are gone that read is on screen too.
  await expect(visitor.getByRole('button', { name: 'Confirm my order' })).toHaveCount(0);
  await expect(visitor.getByTestId('confirm-result')).toHaveText('Thank you! Your order is confirmed and we are packing it.');
  expect(await timesSaid(visitor, /thank you/gi)).toBe(1);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber(placed.id)}`);
  await expect(visitor.getByText(/^Cash on delivery: Rs\. /)).toBeVisible();
  await screenshotAtWidths(visitor, 'confirm-page-confirmed');
  await fitsPhone(visitor, 'the confirmed order');

  // The link opened again later.
  await visitor.reload();
  await expect(visitor.getByTestId('confirm-result')).toHaveText('This order is already confirmed and we are packing it.');
  expect(await timesSaid(visitor, /confirmed/gi)).toBe(1);
  await screenshotAtWidths(visitor, 'confirm-page-already-confirmed');
  await context.close();

  const mine = await (await page.request.get('/api/order', { headers: { authorization: `Bearer ${customer.token}` } })).json();
  expect(mine.find((o: { orderid: string }) => o.orderid === placed.orderid)).toMatchObject({ confirmation: 'CONFIRMED' });
});

test('the confirmation page says once how a cancelled, a mistyped and a timed-out link end', async ({ page, browser }) => {
  await turnConfirmationOn(page);
  const customer = await registerCustomer(page.request, { name: 'Ila Sen' });
  const links: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const placed = await placeCodOrderViaApi(page.request, customer.token, customer, [{ name: PRODUCT, quantity: SIZE_ML, itemQty: 1 }]);
    const mail = await waitForMailTo(customer.email, new RegExp(`/confirm/${placed.orderid}`));
    const link = /https?:\/\/[^/\s]+\/confirm\/\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error('the order mail has no confirmation link');
    links.push(link);
  }
  const [toCancel = '', other = ''] = links;
  const context = await browser.newContext();
  const visitor = await context.newPage();

  // The care phone the page offers to call is the business details' own.
  const token = await adminToken(page.request);
  expect((await page.request.put('/api/settings/business', { headers: { authorization: `Bearer ${token}` }, data: KARNATAKA_BUSINESS })).status()).toBe(200);

  await visitor.goto(toCancel);
  await expect(visitor.getByText(/^Please answer by .+: without an answer the order is cancelled then\.$/)).toBeVisible();
  // Cancelling cannot be undone: asked once more, and Keep (focused first) or Escape leaves the order waiting.
  await visitor.getByRole('button', { name: 'Cancel it' }).click();
  const ask = visitor.getByRole('alertdialog', { name: /^Cancel order GS-\d+\?$/ });
  await expect(ask.getByRole('button', { name: 'Keep my order' })).toBeFocused();
  await visitor.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Confirm my order' })).toBeEnabled();
  await visitor.getByRole('button', { name: 'Cancel it' }).click();
  await ask.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(visitor.getByRole('button', { name: 'Cancel it' })).toHaveCount(0);
  await expect(visitor.getByTestId('confirm-result')).toHaveText('Your order is cancelled. Nothing is due.');
  expect(await timesSaid(visitor, /cancel/gi)).toBe(1);
  // Nothing is to be paid at the door any more.
  await expect(visitor.getByText(/^Cash on delivery/)).toHaveCount(0);
  await screenshotAtWidths(visitor, 'confirm-page-cancelled');
  await fitsPhone(visitor, 'the cancelled order');
  await visitor.reload();
  await expect(visitor.getByTestId('confirm-result')).toHaveText('You cancelled this order when asked to confirm it. Nothing is due.');
  expect(await timesSaid(visitor, /cancel/gi)).toBe(1);

  // A link whose key was cut or changed.
  await visitor.goto(other.replace(/t=[^&\s]+/, 't=not-the-key'));
  await expect(visitor.getByRole('alert')).toHaveText(/^This confirmation link is not valid for that order\./);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Confirm your order');
  await expect(visitor.getByRole('link', { name: KARNATAKA_BUSINESS.carePhone })).toHaveAttribute('href', 'tel:+918041234567');
  await screenshotAtWidths(visitor, 'confirm-page-bad-link');
  await fitsPhone(visitor, 'a bad link');

  // The window to answer has ended but the expiry job has not run yet: the server's own preview, told it is closed
  // (waiting out the real hours is no test).
  await visitor.route('**/api/order/*/confirm?token=*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), open: false } });
  });
  await visitor.goto(other);
  await expect(visitor.getByTestId('confirm-result')).toHaveText(
    'The time to confirm this order has ended, so it is being cancelled and nothing is due. You are welcome to order again.',
  );
  await expect(visitor.getByRole('button', { name: 'Confirm my order' })).toHaveCount(0);
  await expect(visitor.getByText(/^Cash on delivery/)).toHaveCount(0);
  await screenshotAtWidths(visitor, 'confirm-page-expired');
  await fitsPhone(visitor, 'a closed confirmation');
  await context.close();
});

test('the owner reads a prepaid order’s out-for-delivery message (nothing to pay) and the delivered one with its review link', async ({ page, browser }) => {
  const customer = await registerCustomer(page.request, { name: 'Meera Iyer', mobile: '9845067890' });
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.name === PRODUCT);
  if (!product) throw new Error(`no ${PRODUCT} in the catalogue`);
  const price = finalPriceFor(product, SIZE_ML);
  const auth = { authorization: `Bearer ${customer.token}` };
  const created = await page.request.post('/api/checkout/createorder', {
    headers: auth,
    data: {
      username: customer.name,
      mobilenumber: customer.mobile,
      emailaddress: customer.email,
      address: '12 Temple Street',
      pincode: '560001',
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      items: [{ name: PRODUCT, quantity: SIZE_ML, itemQty: 1, finalPrice: price }],
      totalAmount: price,
      receipt: `Receipt-${Date.now()}`,
      note: '',
      paymentmode: 'ONLINE',
      whatsappOptIn: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { orderid, keyid } = (await created.json()) as { orderid: string; keyid: string };
  const paid = await page.request.post('/sandbox/pay', { data: { order_id: orderid, key_id: keyid, card: { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' } } });
  expect(paid.status(), await paid.text()).toBe(200);
  const success = (await paid.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  const updated = await page.request.put('/api/checkout/updateorder', {
    headers: auth,
    data: { orderid: success.razorpay_order_id, paymentid: success.razorpay_payment_id, paymentsignature: success.razorpay_signature },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const mine = (await (await page.request.get('/api/order', { headers: auth })).json()) as { id: number; orderid: string }[];
  const order = mine.find((o) => o.orderid === orderid);
  if (!order) throw new Error('the paid order is not among the customer’s orders');
  const shortId = orderNumber(order.id);

  const admin = { authorization: `Bearer ${await adminToken(page.request)}` };
  const shipped = await page.request.post(`/api/order/${orderid}/shipment`, { headers: admin, data: { mode: 'COURIER' } });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const awb = ((await shipped.json()) as { shipment: { awb: string } }).shipment.awb;
  const scan = async (status: string) => expect((await page.request.post(`/api/shipping/sandbox/${awb}/scan`, { headers: admin, data: { status } })).status()).toBe(200);
  await scan('OUT_FOR_DELIVERY');
  await scan('DELIVERED');

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const owner = await context.newPage();
  await signInWithSession(owner, owner.request, ADMIN.email, ADMIN.password);
  await owner.goto('/admin?tab=messages');
  await owner.reload();
  const tab = owner.getByRole('tabpanel', { name: 'Messages' });
  const ofOrder = tab.getByTestId('whatsapp-message').filter({ hasText: shortId });
  const outForDelivery = ofOrder.filter({ hasText: 'Out for delivery (paid online)' });
  await expect(outForDelivery).toContainText('out for delivery today. You paid');
  await expect(outForDelivery).toContainText('online, so there is nothing to pay at the door.');
  await expect(outForDelivery).not.toContainText('ready to pay');
  const delivered = ofOrder.filter({ hasText: 'was delivered' });
  await expect(delivered).toContainText(new RegExp(`Tell other customers how you liked it: https?://[^\\s]+/review/${product._id}`));
  for (const text of await ofOrder.allInnerTexts()) expect(text).not.toContain('{{');
  await screenshotAtWidths(owner, 'whatsapp-messages-prepaid-delivered');
  await fitsPhone(owner, 'the Messages tab with a delivered message');
  await context.close();
});

test('the profile names an order ticked at checkout while the switch is off, and Stop those too stops it', async ({ page }) => {
  const customer = await registerCustomer(page.request, { name: 'Tara Menon', mobile: '9845011122' });
  const auth = { authorization: `Bearer ${customer.token}` };
  const ticked = await placeCodOrderViaApi(page.request, customer.token, customer, [{ name: PRODUCT, quantity: SIZE_ML, itemQty: 1 }], { whatsappOptIn: true });
  const unticked = await placeCodOrderViaApi(page.request, customer.token, customer, [{ name: PRODUCT, quantity: SIZE_ML, itemQty: 1 }]);
  // Ticking at checkout is that order's answer; the account never chose.
  expect(await (await page.request.get('/api/account/whatsapp', { headers: auth })).json()).toEqual({ whatsappOptIn: false });

  await loginThroughUi(page, customer.email, customer.password);
  await page.goto('/account');
  const toggle = page.getByRole('switch', { name: 'Send me order updates on WhatsApp' });
  await expect(toggle).not.toBeChecked();
  const notice = page.getByTestId('whatsapp-orders-still-messaged');
  await expect(notice).toContainText(`${orderNumber(ticked.id)} gets WhatsApp updates, as you asked at checkout.`);
  await expect(notice).not.toContainText(orderNumber(unticked.id));
  // The switch's own description says what off means now, and which order is still messaged.
  await expect(toggle).toHaveAccessibleDescription(
    `Checkout asks each time, with the WhatsApp box unticked: an order gets messages only when you tick it there. ${orderNumber(ticked.id)} gets WhatsApp updates, as you asked at checkout.`,
  );
  await notice.scrollIntoViewIfNeeded();
  await screenshotAtWidths(page, 'account-whatsapp-order-still-messaged', { fullPage: false });
  await fitsPhone(page, 'the WhatsApp panel naming an order');
  await expectNoSeriousA11yViolations(page);

  // By keyboard: the button stops that order's messages, says so, and hands the keyboard back to the switch.
  const stop = notice.getByRole('button', { name: 'Stop those too' });
  await stop.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'WhatsApp updates are off, for every order.' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).not.toBeChecked();
  const mine = (await (await page.request.get('/api/order', { headers: auth })).json()) as { orderid: string; whatsappOptIn: boolean }[];
  expect(mine.find((o) => o.orderid === ticked.orderid)?.whatsappOptIn).toBe(false);

  // On: checkout starts ticked, and off would stop every order.
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await expect(page.getByRole('alert').filter({ hasText: 'WhatsApp updates are on for your next orders.' })).toBeVisible();
  await expect(toggle).toHaveAccessibleDescription(
    'Checkout starts with the WhatsApp box ticked, and you can untick it for an order there. Turning this off stops the messages about every order, those already placed too.',
  );
  await expect(page.getByTestId('whatsapp-orders-still-messaged')).toHaveCount(0);
  await screenshotAtWidths(page, 'account-whatsapp-on', { fullPage: false });
});
