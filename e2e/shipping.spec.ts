// Shipping with the sandbox courier: the owner ships a cash-on-delivery order from its detail, prints the label and
// plays the courier's scans to delivered; the customer follows the parcel on /track on a phone, without logging in.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { formatRupees, orderNumber } from '../src/domain/display';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, paidSandboxOrder, runTag, seedCodOrders } from './support/admin-seed';
import { customerOrders, openAdminOrder, shoot, shown } from './support/admin-order-journey';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForMailTo } from './support/mailbox';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

/** A new COD order, opened in the admin's order detail by the owner signed in through the form. */
async function openSeededOrder(page: Page) {
  const tag = runTag();
  const [seeded] = await seedCodOrders(page.request, tag, 1);
  if (!seeded) throw new Error('no order seeded');
  const shortId = orderNumber(seeded.order.id);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const panel = page.getByRole('tabpanel', { name: 'Your Orders' });
  await panel.getByLabel('Search').fill(tag);
  await panel.getByRole('button', { name: `View order ${shortId}` }).click();
  await expect(panel.getByRole('heading', { name: `Order # ${shortId}` })).toBeVisible();
  return { seeded, shortId, panel };
}

test('the owner ships an order with the sandbox courier and advances it to delivered; the customer tracks it at 390 px', async ({ page, browser }) => {
  const { seeded, shortId, panel } = await openSeededOrder(page);
  const { orderid, pincode } = seeded.order;

  const shipping = panel.getByRole('region', { name: 'Shipping', exact: true });
  await expect(shipping.getByLabel(/Book with the test courier/)).toBeChecked();
  await shipping.getByRole('button', { name: 'Ship', exact: true }).click();
  const awb = shipping.getByTestId('shipment-awb');
  await expect(awb).toHaveText(/^SBX\d{12}$/);
  await expect(shipping.getByTestId('shipment-status')).toHaveText('Booked with the courier');
  // The Ship button went away with its form: the keyboard is on what happened instead.
  await expect(shipping.getByTestId('shipment-status')).toBeFocused();
  await expect(panel.locator('.status-badge').first()).toHaveText('Ready');
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, 'shipping-admin-booked');

  const label = await page.request.get(`/api/order/${orderid}/shipment/label.pdf`, {
    headers: { authorization: `Bearer ${await adminToken(page.request)}` },
  });
  expect(label.status()).toBe(200);
  expect((await label.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const scans = shipping.getByRole('group', { name: 'Advance scan' });
  for (const [button, shown] of [
    ['Picked up', 'Picked up'],
    ['In transit', 'In transit'],
    ['Out for delivery', 'Out for delivery'],
  ] as const) {
    await scans.getByRole('button', { name: button }).click();
    await expect(shipping.getByTestId('shipment-status')).toHaveText(shown);
    await expect(scans.getByRole('button', { name: button })).toBeFocused();
  }
  await expect(panel.locator('.status-badge').first()).toHaveText('Out for Delivery');
  await scans.getByRole('button', { name: 'Delivered' }).click();
  await expect(shipping.getByTestId('shipment-status')).toHaveText('Delivered');
  await expect(panel.locator('.status-badge').first()).toHaveText('Closed');
  await expect(shipping.getByRole('group', { name: 'Advance scan' })).toHaveCount(0);
  await expect(shipping.getByTestId('shipment-status')).toBeFocused();
  const awbText = (await awb.textContent()) ?? '';

  // The customer, on a phone, signed out: /track with the order id and the delivery pincode.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await phone.goto('/track');
  await expect(phone.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  await phone.getByLabel('Order number').fill(shortId);
  await phone.getByLabel('Delivery pincode').fill('110001');
  await phone.getByRole('button', { name: 'Track' }).click();
  await expect(phone.getByText('No order with that number ships to that pincode', { exact: false })).toBeVisible();
  await phone.getByLabel('Delivery pincode').fill(pincode);
  await phone.getByRole('button', { name: 'Track' }).click();
  await expect(phone.getByTestId('track-status')).toHaveText('Delivered');
  await expect(phone.getByTestId('track-awb')).toHaveText(awbText);
  const list = phone.getByRole('list', { name: 'Where the parcel has been' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('listitem').first()).toContainText('Delivered');
  expect(await hasHorizontalOverflow(phone), '/track overflows at 390 px').toBe(false);
  await expectNoSeriousA11yViolations(phone);
  await screenshotAtWidths(phone, 'shipping-track');
  await context.close();
});

test('the owner ships orders ticked on two pages at once, reads each by its number and opens its label', async ({ page }) => {
  const tag = runTag();
  // One more order than a page holds: the newest is ticked on page 1, the oldest on page 2.
  const seeded = await seedCodOrders(page.request, tag, 6);
  const numbers = seeded.map(({ order }) => orderNumber(order.id));
  const [oldest, newest] = [numbers[0]!, numbers[5]!];
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const panel = page.getByRole('tabpanel', { name: 'Your Orders' });
  // The box waits for a pause in typing, and a new search goes back to page 1: wait for it before paging.
  const searched = page.waitForResponse((r) => r.url().includes('/api/order/admin?') && new URL(r.url()).searchParams.get('q') === tag);
  await panel.getByLabel('Search').fill(tag);
  await searched;
  await panel.getByRole('checkbox', { name: `Select order ${newest} to ship` }).check();
  await panel.getByRole('navigation', { name: 'Order pages' }).getByRole('button', { name: 'Page 2' }).click();
  await panel.getByRole('checkbox', { name: `Select order ${oldest} to ship` }).check();
  await panel.getByRole('button', { name: 'Ship selected (2)' }).click();
  const results = panel.getByRole('list', { name: 'Shipping results' });
  await expect(results.getByRole('listitem')).toHaveCount(2);
  // Each order is named by the number the list shows, the one ticked on the other page too.
  for (const number of [newest, oldest]) {
    await expect(results.getByRole('listitem').filter({ hasText: `Order # ${number}: Booked with Sandbox Express, AWB SBX` })).toHaveCount(1);
  }
  // The keyboard is on the results, not on the button that went away with the ticks.
  await expect(results).toBeFocused();
  await expect(panel.getByRole('checkbox')).toHaveCount(0);

  // Each booked order's label is a click away in the results: a PDF opens in a new tab.
  const label = page.waitForResponse((r) => r.url().endsWith(`/api/order/${seeded[5]!.order.orderid}/shipment/label.pdf`));
  const tab = page.context().waitForEvent('page');
  await results.getByRole('button', { name: `Label (PDF) of order ${newest}` }).click();
  expect((await label).status()).toBe(200);
  expect((await label).headers()['content-type']).toBe('application/pdf');
  expect((await tab).url()).toMatch(/^blob:/);
  await (await tab).close();
  await expect(results.getByRole('button', { name: `Label (PDF) of order ${oldest}` })).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, 'shipping-ship-selected');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await hasHorizontalOverflow(page), `the results at ${width} px`).toBe(false);
  }
});

test('the owner cancels an order whose parcel is on its way: the bottles come back with the parcel', async ({ page }) => {
  const { shortId, panel } = await openSeededOrder(page);
  const shipping = panel.getByRole('region', { name: 'Shipping', exact: true });
  await shipping.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(shipping.getByTestId('shipment-status')).toHaveText('Booked with the courier');
  // The Ship button went away with its form: the keyboard is on what happened instead.
  await expect(shipping.getByTestId('shipment-status')).toBeFocused();
  await shipping.getByRole('group', { name: 'Advance scan' }).getByRole('button', { name: 'In transit' }).click();
  await expect(shipping.getByTestId('shipment-status')).toHaveText('In transit');

  const money = panel.getByRole('region', { name: 'Cancel and refund' });
  await money.getByRole('button', { name: 'Cancel order' }).click();
  await expect(money.getByText(/The parcel is with the courier, so its bottles go back into stock when the courier returns it/)).toBeVisible();
  await money.getByRole('button', { name: 'Cancel order…' }).click();
  await page.getByRole('alertdialog', { name: `Cancel order # ${shortId}?` }).getByRole('button', { name: 'Yes, cancel the order' }).click();
  const away = shipping.getByTestId('shipment-bottles-away');
  await expect(away).toHaveText(/cancelled, and its parcel is still with the courier\. Its bottles go back into stock when the courier returns the parcel/);
  await expectNoSeriousA11yViolations(page, { label: 'a cancelled order whose parcel travels' });
  await screenshotAtWidths(page, 'shipping-cancelled-in-transit');

  await shipping.getByRole('group', { name: 'Advance scan' }).getByRole('button', { name: 'Returned to us' }).click();
  await expect(shipping.getByTestId('shipment-status')).toHaveText('Returned to us');
  await expect(away).toHaveCount(0);
  await expect(panel.locator('.status-badge').first()).toHaveText('Cancelled');
});

test('the owner refunds a paid parcel the courier returned: the money goes back, the order stays returned', async ({ page, browser, request }) => {
  const tag = runTag();
  const customer = await registerCustomer(request, { name: `Kavya ${tag}` });
  const { orderid } = await paidSandboxOrder(request, customer);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  const panel = await openAdminOrder(page, tag, orderid);
  const shipping = panel.getByRole('region', { name: 'Shipping', exact: true });
  await shipping.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(shipping.getByTestId('shipment-status')).toHaveText('Booked with the courier');
  const scans = shipping.getByRole('group', { name: 'Advance scan' });
  await scans.getByRole('button', { name: 'In transit' }).click();
  await expect(shipping.getByTestId('shipment-status')).toHaveText('In transit');
  await scans.getByRole('button', { name: 'Returned to us' }).click();
  await expect(shipping.getByTestId('shipment-status')).toHaveText('Returned to us');
  await expect(panel.locator('.status-badge').first()).toHaveText('Returned');

  // Back with us, its bottles on the shelf and its invoice credited: the payment is refunded, never "cancelled".
  const money = panel.getByRole('region', { name: 'Cancel and refund' });
  // Whether it was invoiced depends on the business details another journey may have filled in.
  await expect(money).toContainText(/The courier brought this parcel back: its bottles are back on the shelf( and its invoice is credited)?\./);
  await expect(money.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  const notes = await money.getByTestId('credit-notes').getByRole('listitem').count();
  await shoot(page, 'shipping-returned-paid-before');
  await money.getByRole('button', { name: 'Refund the payment' }).click();
  await expect(money).toContainText(/The order stays returned and no bottles go back into stock again(: the return’s credit note reversed the whole invoice, so no other is issued)?\./);
  const amount = money.getByLabel('Amount (Rs.)');
  const total = Number(await amount.inputValue());
  expect(total).toBeGreaterThan(100);
  await expect(money.getByLabel('Reason', { exact: true })).toHaveValue('Returned to us by the courier');
  // Keeping part back says how much, and puts it back to the whole payment when the amount is.
  await amount.fill(String(total - 50));
  await expect(money.getByText('You keep Rs. 50 back. The refund mail tells the customer the reason.')).toBeVisible();
  await shoot(page, 'shipping-returned-paid-form');
  await amount.fill(String(total));
  await expect(money.getByText(/You keep/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { label: 'the refund form of a returned parcel' });
  await money.getByRole('button', { name: `Refund ${formatRupees(total)}` }).click();

  const item = money.getByTestId('refund-item');
  await expect(item).toContainText('Returned to us by the courier');
  await expect(item.getByText('Processed', { exact: true })).toBeVisible();
  await expect(panel.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(money).toContainText('Everything paid for this order has been refunded.');
  await expect(money.getByTestId('credit-notes').getByRole('listitem')).toHaveCount(notes);
  await expect(panel.locator('.status-badge').first()).toHaveText('Returned');
  await expect(panel.getByText('This order is returned to us: its status no longer changes.')).toBeVisible();
  await shoot(page, 'shipping-returned-paid-refunded');
  await panel.getByRole('button', { name: 'Back to Orders' }).click();
  const listed = panel.getByRole('listitem').filter({ hasText: `Order # ${shown(orderid)}` });
  await expect(listed).toContainText('Online · Refunded');
  await expect(listed).toContainText('Returned');
  const mail = await waitForMailTo(customer.email, /back to us, so we have started a refund/);
  expect(mail.text).toContain(`so we have started a refund of the full ${formatRupees(total)} you paid.`);
  expect(mail.text).not.toMatch(/cancel/i);
  const returnedMail = await waitForMailTo(customer.email, /came back to us/);
  expect(returnedMail.text).not.toContain('send it again');

  const mine = await customerOrders(browser, customer);
  try {
    await expect(mine.page.getByTestId('order-cancelled')).toHaveText('The courier could not deliver this order and returned it to us.');
    await expect(mine.page.getByRole('list', { name: 'Refunds' })).toHaveText(`Refund of ${formatRupees(total)} processed`);
    await expect(mine.page.getByText('Refunded', { exact: true })).toBeVisible();
    await shoot(mine.page, 'shipping-returned-paid-customer');
  } finally {
    await mine.close();
  }
});
