// The owner's page of a cash on delivery order waiting for the customer's confirmation: whom to call and by when (on
// the order and on the "COD to confirm" cards), a question before cancelling it as not wanted, the keyboard kept in
// place, and the WhatsApp part following what the owner did. Every order and account here is this spec's own;
// confirmation is on only while a test of this spec runs.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { formatShopDateTime, orderNumber } from '../src/domain/display';
import { ADMIN, registerCustomer } from './support/accounts';
import { setCodConfirmation, signInWithSession } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fitsPhone, shoot } from './support/admin-order-journey';
import { placeCodOrderViaApi, SAMPLE_BILLING } from './support/storefront';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

test.afterEach(async ({ request }) => setCodConfirmation(request, false));

/** A COD order with WhatsApp updates that waits for its customer, placed through the API. */
async function waitingOrder(page: Page, name: string) {
  const customer = await registerCustomer(page.request, { name });
  const placed = await placeCodOrderViaApi(page.request, customer.token, customer, [{ name: 'Buffalo Ghee', quantity: 500, itemQty: 1 }], { whatsappOptIn: true });
  if (!placed.confirmBy) throw new Error('the order does not wait for confirmation');
  return { ...placed, confirmBy: placed.confirmBy, number: orderNumber(placed.id) };
}

async function openDashboard(page: Page) {
  await signInWithSession(page, page.request, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  // The session was written after the app started: a reload makes it read it, as a new tab would.
  await page.reload();
  return page.getByRole('tabpanel', { name: 'Your Orders' });
}

test('the owner sees whom to call and by when, on the card and the order; "COD to confirm" outlives a reload', async ({ page }) => {
  await setCodConfirmation(page.request, true);
  const order = await waitingOrder(page, 'Gauri Pillai');
  const deadline = `Cancelled automatically on ${formatShopDateTime(order.confirmBy)} unless confirmed.`;
  const panel = await openDashboard(page);

  await panel.getByLabel('Status').selectOption('confirm');
  const card = panel.getByRole('listitem').filter({ hasText: `Order # ${order.number}` });
  await expect(card.getByTestId('order-confirm-by')).toHaveText(deadline);
  await shoot(page, 'admin-orders-confirm-by');
  await fitsPhone(page, 'the COD to confirm list');
  // A reload keeps the list the owner chose.
  await page.reload();
  await expect(panel.getByLabel('Status')).toHaveValue('confirm');
  await expect(card.getByTestId('order-confirm-by')).toHaveText(deadline);

  await panel.getByRole('button', { name: `View order ${order.number}` }).click();
  await expect(page).toHaveTitle(`${order.number} · Admin · Ghee Shop`);
  const section = panel.getByRole('region', { name: 'Confirmation and WhatsApp' });
  const digits = `91${SAMPLE_BILLING.mobilenumber}`;
  await expect(section.getByRole('link', { name: `Call ${SAMPLE_BILLING.mobilenumber}` })).toHaveAttribute('href', `tel:+${digits}`);
  await expect(section.getByRole('link', { name: `Message ${SAMPLE_BILLING.mobilenumber} on WhatsApp` })).toHaveAttribute('href', `https://wa.me/${digits}`);
  await expect(section.getByTestId('confirm-by')).toHaveText(deadline);
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, { label: 'an order waiting for confirmation' });
  await page.screenshot({ path: '.tmp/screenshots/admin-order-waiting-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screenshots/admin-order-waiting-390.png' });
  await fitsPhone(page, 'an order waiting for confirmation');
});

test('"Cancel: not wanted" asks first; after it the WhatsApp part says the shop cancelled it, at once and after a reload', async ({ page }) => {
  await setCodConfirmation(page.request, true);
  const unwanted = await waitingOrder(page, 'Hari Menon');
  const wanted = await waitingOrder(page, 'Indu Menon');
  await openDashboard(page);
  const panel = page.getByRole('tabpanel', { name: 'Your Orders' });
  const section = panel.getByRole('region', { name: 'Confirmation and WhatsApp' });
  const state = section.getByTestId('confirmation-state');
  const message = section.getByTestId('whatsapp-message').filter({ hasText: 'please confirm your cash on delivery order' });

  await page.goto(`/admin/orders/${unwanted.orderid}`);
  await expect(message.getByTestId('message-answer')).toHaveText('Waiting for the customer’s answer.');
  const notWanted = section.getByRole('button', { name: 'Cancel: not wanted' });
  await notWanted.click();
  const question = page.getByRole('alertdialog', { name: `Cancel order # ${unwanted.number}?` });
  await expect(question.getByRole('button', { name: 'Keep the order' })).toBeFocused();
  await shoot(page, 'admin-order-not-wanted-question');
  // Keeping it changes nothing, and the keyboard is back on the button.
  await question.getByRole('button', { name: 'Keep the order' }).click();
  await expect(question).toHaveCount(0);
  await expect(notWanted).toBeFocused();
  await expect(state).toContainText('waiting for the customer to confirm.');

  await notWanted.click();
  await question.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(question).toHaveCount(0);
  await expect(state).toHaveText('This order is cancelled: no confirmation is waited for.');
  await expect(state).toBeFocused();
  // The message reads how it ended, without a reload, and the customer's answers are no longer offered.
  const ownerCancelled = 'No answer came here: the shop cancelled the order as not wanted.';
  await expect(message.getByTestId('message-answer')).toHaveText(ownerCancelled);
  await expect(message.getByRole('button', { name: 'Play “Confirm”' })).toHaveCount(0);
  await expect(message.getByRole('button', { name: 'Play “Cancel”' })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screenshots/admin-order-not-wanted-cancelled-1280.png' });
  await page.reload();
  await expect(message.getByTestId('message-answer')).toHaveText(ownerCancelled);

  // Marking the other confirmed leaves the keyboard on what it now says.
  await page.goto(`/admin/orders/${wanted.orderid}`);
  await section.getByRole('button', { name: 'Mark confirmed' }).click();
  await expect(state).toHaveText('Cash on delivery: confirmed.');
  await expect(state).toBeFocused();
});
