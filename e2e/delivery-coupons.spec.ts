// Delivery rules and a discount code in Chromium, from the admin's Coupons tab to a customer who checks
// a pincode, applies the code, is refused cash on delivery above the limit and pays online instead.
import { expect as baseExpect, test } from '@playwright/test';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, runTag } from './support/admin-seed';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';
import { addFromDetail, checkoutFromSummary, fillBilling, openProduct, payInSandbox, paymentDialog, SAMPLE_BILLING } from './support/storefront';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const DEFAULT_DELIVERY = {
  pincodesAllowed: [],
  pincodesBlocked: [],
  deliveryFee: 0,
  freeDeliveryFrom: null,
  estimateMinDays: 3,
  estimateMaxDays: 7,
  codEnabled: true,
  codMaxOrderValue: null,
  codFee: 0,
  codBlocked: [],
};

test.afterAll(async ({ request }) => {
  // Other journeys expect the shop's defaults (no fees, COD everywhere).
  const token = await adminToken(request);
  await request.put('/api/settings/delivery', { headers: { authorization: `Bearer ${token}` }, data: DEFAULT_DELIVERY });
});

test('a customer checks a pincode, applies a code, is refused COD above the limit and pays online; the admin sees the use', async ({ browser, request }) => {
  const code = `FEST${runTag().toUpperCase()}`;

  // The admin sets the delivery rules in Settings and creates the code in the Coupons tab.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginThroughUi(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/admin?tab=settings');
  const settings = admin.getByRole('tabpanel', { name: 'Settings' });
  await expect(settings.getByLabel('Delivery fee (Rs.)', { exact: true })).toHaveValue('0');
  await settings.getByLabel('Delivery fee (Rs.)', { exact: true }).fill('60');
  await settings.getByLabel('Free delivery from (Rs.)', { exact: true }).fill('1900');
  await settings.getByLabel('Delivery in at least (days)', { exact: true }).fill('2');
  await settings.getByLabel('Delivery in at most (days)', { exact: true }).fill('4');
  await settings.getByLabel('Cash on delivery up to (Rs.)', { exact: true }).fill('1500');
  await settings.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(admin.getByText('Delivery settings saved.')).toBeVisible();

  await admin.goto('/admin?tab=coupons');
  const coupons = admin.getByRole('tabpanel', { name: 'Coupons' });
  await coupons.getByRole('button', { name: 'New code' }).click();
  await coupons.getByLabel('Code', { exact: true }).fill(code);
  await coupons.getByLabel('Percent off', { exact: true }).fill('10');
  await coupons.getByLabel('Minimum order (Rs.)', { exact: true }).fill('500');
  await coupons.getByLabel('Uses per customer', { exact: true }).fill('1');
  await coupons.getByRole('button', { name: 'Create code' }).click();
  await expect(admin.getByText(`${code} saved.`)).toBeVisible();
  await expect(coupons.getByTestId(`coupon-${code}`).getByTestId('coupon-used')).toHaveText('0');

  // The customer checks the pincode on the product page: fee, estimate, COD.
  const customer = await registerCustomer(request, { name: 'Kavya Menon' });
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughUi(page, customer.email, customer.password);
  await openProduct(page, 'A2 Desi Cow Ghee');
  // A pincode no post office has is not promised a delivery.
  await page.getByLabel('Check delivery to your pincode', { exact: true }).fill('111111');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('pincode-result')).toHaveText('111111 is not a pincode India Post lists. Please check it.');
  await page.getByLabel('Check delivery to your pincode', { exact: true }).fill('560001');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('pincode-result')).toHaveText('Delivers to 560001 in 2–4 days · Cash on delivery available · Delivery Rs. 60, free from Rs. 1,900');
  await screenshotAtWidths(page, 'delivery-pincode-check');
  await addFromDetail(page, 'A2 Desi Cow Ghee', 1000);

  // The cart remembers the pincode for the session.
  await page.goto('/cart');
  await expect(page.getByTestId('pincode-result')).toContainText('Delivers to 560001');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillBilling(page, { name: customer.name, email: customer.email });
  await page.getByRole('button', { name: 'Next' }).click();

  // Order summary: 1954 of ghee travels free (from 1900); the code (typed in lower case) takes 10% off the ghee,
  // which takes the order under the line: delivery costs 60 again, and the summary says what would make it free.
  await expect(page.getByTestId('order-delivery-fee')).toHaveText('Free');
  await expect(page.getByTestId('order-total')).toHaveText('Rs. 1,954');
  await expect(page.getByTestId('free-delivery-hint')).toHaveCount(0);
  // A mistyped code says why; correcting it brings Apply back and clears the old message.
  await page.getByLabel('Discount code', { exact: true }).fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-result')).toHaveText('There is no code NOPE. Check the spelling.');
  await page.getByLabel('Discount code', { exact: true }).fill(code.toLowerCase());
  await expect(page.getByTestId('coupon-result')).toHaveText('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-result')).toHaveText(`${code} applied`);
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect(page.getByTestId('order-discount')).toHaveText('− Rs. 195');
  await expect(page.getByTestId('order-delivery-fee')).toHaveText('Rs. 60');
  await expect(page.getByTestId('free-delivery-hint')).toHaveText('Add Rs. 141 for free delivery');
  await expect(page.getByTestId('order-total')).toHaveText('Rs. 1,819');

  // Cash on delivery is refused above Rs. 1,500, and online payment is offered instead.
  await page.getByLabel('Payment mode', { exact: true }).selectOption('CASHONDELIVERY');
  await expect(page.getByTestId('cod-refused')).toContainText('Cash on delivery is available for orders up to Rs. 1,500. Please pay online.');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await screenshotAtWidths(page, 'delivery-order-summary-cod-refused');
  await page.getByRole('button', { name: 'Pay online instead' }).click();
  await expect(page.getByLabel('Payment mode', { exact: true })).toHaveValue('ONLINE');
  await expect(page.getByTestId('order-total')).toHaveText('Rs. 1,819');
  await checkoutFromSummary(page);
  await expect(paymentDialog(page)).toContainText('Rs. 1,819');
  await payInSandbox(page);
  await expect(page.getByRole('heading', { name: 'Your payment was successful' })).toBeVisible();

  // Your Orders shows the charges as the summary did.
  await page.goto('/orders');
  const card = page.getByRole('article');
  await expect(card.getByTestId('order-delivery-fee')).toHaveText('Rs. 60');
  await expect(card.getByTestId('order-charges')).toContainText(`Discount (${code})`);
  await expect(card.getByTestId('order-discount')).toHaveText('− Rs. 195');
  await expect(card.getByTestId('order-total')).toHaveText('Rs. 1,819');

  // The account was made without an address: its first checkout's is now the profile's.
  await page.goto('/account');
  await expect(page.getByText(SAMPLE_BILLING.address)).toBeVisible();

  // The admin sees the code's use.
  await admin.reload();
  await expect(admin.getByRole('tabpanel', { name: 'Coupons' }).getByTestId(`coupon-${code}`).getByTestId('coupon-used')).toHaveText('1');
  await screenshotAtWidths(admin, 'delivery-admin-coupons');

  await context.close();
  await adminContext.close();
});

test('on a phone each discount code shows its Edit and Deactivate in view', async ({ page }) => {
  const code = `PHONE${runTag().toUpperCase()}`;
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?tab=coupons');
  const coupons = page.getByRole('tabpanel', { name: 'Coupons' });
  await coupons.getByRole('button', { name: 'New code' }).click();
  await coupons.getByLabel('Code', { exact: true }).fill(code);
  await coupons.getByLabel('Percent off', { exact: true }).fill('5');
  await coupons.getByRole('button', { name: 'Create code' }).click();
  const row = coupons.getByTestId(`coupon-${code}`);
  await expect(row).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    // Nothing hides to the side of the list, where a phone gives no hint that it could scroll.
    const list = coupons.getByTestId('coupons-table');
    expect(await list.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth), `at ${width}px`).toBeLessThanOrEqual(1);
    for (const name of [/^Edit/, /^Deactivate/]) {
      const box = (await row.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width, `${name} at ${width}px`).toBeLessThanOrEqual(width);
    }
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // Discount, Used and Until are read as one set of facts: in one size of type.
    const sizes = await row.locator('td[data-label]').evaluateAll((cells) => cells.map((c) => `${c.dataset.label} ${getComputedStyle(c).fontSize}`));
    const size = sizes[0]?.split(' ').pop();
    expect(sizes, `at ${width}px`).toEqual(['Discount', 'Used', 'Until'].map((label) => `${label} ${size}`));
  }
  await screenshotAtWidths(page, 'admin-coupons-list');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Inactive')).toBeVisible();
});
