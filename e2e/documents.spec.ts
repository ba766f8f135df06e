// Exact documents (DESIGN.md §8.2): a customer picks the state from the list and is told when the pincode lies in
// another state, and a pincode fills an empty state and district; a refunded customer opens the credit note from
// Your Orders; the product page shows the food label; an unknown address is a real 404. The invoice and credit note
// are saved as PNGs under .tmp/screenshots to look at.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { finalPriceFor } from '../src/domain/pricing';
import type { Product } from '../src/domain/schemas/product';
import { KARNATAKA_BUSINESS } from '../src/server/business/test-business';
import { ADMIN, loginThroughUi, registerCustomer, uniqueEmail } from './support/accounts';
import { adminToken, paidSandboxOrder } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, SCREENSHOT_DIR, screenshotAtWidths } from './support/screenshots';
import { fillBilling, seedCart } from './support/storefront';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

/** A downloaded PDF as PNG pages beside the screenshots (pdftoppm -r 80), to look at. */
function pdfToPng(file: string, name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const pdf = path.join(SCREENSHOT_DIR, `${name}.pdf`);
  copyFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '80', pdf, path.join(SCREENSHOT_DIR, name)]);
  return execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
}

test('a customer picks the state from the list, is told the pincode is in another state, and asks for a business invoice', async ({ page }) => {
  const token = await adminToken(page.request);
  const business = await page.request.put('/api/settings/business', { headers: { authorization: `Bearer ${token}` }, data: KARNATAKA_BUSINESS });
  expect(business.status(), await business.text()).toBe(200);
  const customer = await registerCustomer(page.request, { name: 'Kavya Rao' });
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.instock) ?? products[0];
  if (!product) throw new Error('the catalogue is empty');
  await loginThroughUi(page, customer.email, customer.password);
  await seedCart(page, [{ name: product.name, quantity: product.quantity, itemQty: 1, finalPrice: finalPriceFor(product, product.quantity) }]);
  await page.goto('/checkoutbilling');
  await fillBilling(page, { name: customer.name, email: customer.email, pincode: '600001', state: 'Karnataka' });
  const state = page.getByRole('combobox', { name: 'State' });
  await expect(state).toHaveValue('Karnataka');
  // The list holds the 36 states and union territories, and nothing typed by hand.
  await expect(state.getByRole('option')).toHaveCount(37);
  await page.getByRole('button', { name: 'Next' }).click();
  const pincode = page.getByLabel('Pincode', { exact: true });
  await expect(page.getByText('600001 is in Tamil Nadu')).toBeVisible();
  await expect(pincode).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/checkoutbilling$/);
  await screenshotAtWidths(page, 'documents-billing-pincode-mismatch');
  await expectNoSeriousA11yViolations(page, { label: 'billing with a pincode in another state' });

  // Picked from the list by keyboard: focus the list and type the start of the name.
  await state.focus();
  await state.selectOption({ label: 'Tamil Nadu' });
  await page.getByLabel('District', { exact: true }).fill('Chennai');
  await page.getByRole('checkbox', { name: 'Add GSTIN for a business invoice' }).check();
  await page.getByLabel('GSTIN', { exact: true }).fill('33aaagcb7383j1z');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/one character is mistyped|15 characters/)).toBeVisible();
  // The shop's own GSTIN cannot be a buyer's.
  await page.getByLabel('GSTIN', { exact: true }).fill(KARNATAKA_BUSINESS.gstin);
  await page.getByLabel('Business name (as registered)').fill('Kavya Sweets');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('That GSTIN is this shop’s own')).toBeVisible();
  await screenshotAtWidths(page, 'documents-billing-own-gstin');
  await page.getByLabel('GSTIN', { exact: true }).fill('29AAKFV4821M1ZJ');
  await screenshotAtWidths(page, 'documents-billing-business-invoice');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  await expect(page.getByText('Tamil Nadu 600001')).toBeVisible();
  await expect(page.getByText('Business invoice: Kavya Sweets, GSTIN 29AAKFV4821M1ZJ')).toBeVisible();
  await expect(page.getByText(/is not a pincode India Post lists/)).toHaveCount(0);

  // A pincode India Post does not list may be a post office newer than its directory, so the order may go on, but
  // the summary asks the customer to check it before paying.
  await page.getByRole('link', { name: 'Change' }).click();
  await page.getByLabel('Pincode', { exact: true }).fill('600999');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Tamil Nadu 600999')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '600999 is not a pincode India Post lists' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Checkout/ })).toBeEnabled();
  await screenshotAtWidths(page, 'documents-summary-unlisted-pincode');
});

/** The suggestions the District box offers (its <datalist>), none when it has no list. */
function districtChoices(district: Locator): Promise<string[]> {
  return district.evaluate((el) => Array.from((el as HTMLInputElement).list?.options ?? [], (o) => o.value));
}

/** The districts the server's pincode check names for `pincode`, two or more for 110001. */
async function districtsOf(page: Page, pincode: string): Promise<string[]> {
  const answer = (await (await page.request.get(`/api/public/delivery/${pincode}`)).json()) as { districts: string[] };
  expect(answer.districts.length).toBeGreaterThan(1);
  return answer.districts;
}

test('a pincode fills an empty state and district from India Post’s directory, never what the customer typed', async ({ page }) => {
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.instock) ?? products[0];
  if (!product) throw new Error('the catalogue is empty');
  await seedCart(page, [{ name: product.name, quantity: product.quantity, itemQty: 1, finalPrice: finalPriceFor(product, product.quantity) }]);
  await page.goto('/checkoutbilling');
  const pincode = page.getByLabel('Pincode', { exact: true });
  const state = page.getByRole('combobox', { name: 'State' });
  const district = page.getByLabel('District', { exact: true });
  const enterPincode = async (value: string) => {
    await pincode.fill(value);
    await pincode.press('Tab');
  };

  // A district the customer typed first is kept; the empty state is filled (its answer decided both).
  await district.fill('Bengaluru Urban');
  await enterPincode('560001');
  await expect(state).toHaveValue('Karnataka');
  await expect(district).toHaveValue('Bengaluru Urban');

  // Emptied by the customer, the district is filled as the directory names it; the state filled from the
  // mistyped pincode follows the corrected one.
  await district.fill('');
  await enterPincode('600001');
  await expect(state).toHaveValue('Tamil Nadu');
  await expect(district).toHaveValue('Chennai');
  await enterPincode('560001');
  await expect(state).toHaveValue('Karnataka');
  await expect(district).toHaveValue('Bangalore');
  // 110001's post offices lie in two districts: no guess, and the last one goes; both are offered to pick from.
  await enterPincode('110001');
  await expect(state).toHaveValue('Delhi');
  await expect(district).toHaveValue('');
  await expect.poll(() => districtChoices(district)).toEqual(await districtsOf(page, '110001'));
  await expect(page.getByText('Pincode 110001 lies in Central Delhi or New Delhi: type yours or pick it.')).toBeVisible();
  await screenshotAtWidths(page, 'documents-billing-district-choices');
  await enterPincode('560001');
  await expect(district).toHaveValue('Bangalore');
  await expect.poll(() => districtChoices(district)).toEqual([]);
  await expect(district).not.toHaveAttribute('aria-invalid', 'true');
  await screenshotAtWidths(page, 'documents-billing-pincode-fill');
  expect(await hasHorizontalOverflow(page)).toBe(false);

  // A state chosen from the list is the customer's too.
  await state.selectOption('Goa');
  await enterPincode('600001');
  await expect(district).toHaveValue('Chennai');
  await expect(state).toHaveValue('Goa');
  await state.selectOption('Tamil Nadu');

  await page.getByLabel('Name', { exact: true }).fill('Lakshmi Narayan');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('pincode-fill'));
  await page.getByLabel('Mobile number', { exact: true }).fill('9812345670');
  await page.getByLabel('Address', { exact: true }).fill('4 Mint Street');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  await expect(page.getByText('4 Mint Street, Chennai, Tamil Nadu 600001')).toBeVisible();
});

test('the account’s address form fills an empty state and district from the pincode too', async ({ page }) => {
  const customer = await registerCustomer(page.request, { name: 'Meera Iyer' });
  await loginThroughUi(page, customer.email, customer.password);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const state = page.getByRole('combobox', { name: 'State' });
  const district = page.getByLabel('District', { exact: true });
  await state.selectOption('');
  await district.fill('');
  const pincode = page.getByLabel('Pincode', { exact: true });
  await pincode.fill('600001');
  await pincode.press('Tab');
  await expect(state).toHaveValue('Tamil Nadu');
  await expect(district).toHaveValue('Chennai');
  // A pincode of two districts offers both, and leaves the one the pincode filled to be picked again.
  await pincode.fill('110001');
  await pincode.press('Tab');
  await expect(district).toHaveValue('');
  await expect.poll(() => districtChoices(district)).toEqual(await districtsOf(page, '110001'));
  await screenshotAtWidths(page, 'documents-account-district-choices');
  await district.fill('Chennai');
  await pincode.fill('600001');
  await pincode.press('Tab');
  await expect.poll(() => districtChoices(district)).toEqual([]);
  await page.getByLabel('Address', { exact: true }).fill('4 Mint Street');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByText('Chennai', { exact: true })).toBeVisible();
  await expect(page.getByText('Tamil Nadu', { exact: true })).toBeVisible();
});

test('a refunded customer opens the credit note from Your Orders', async ({ page, request }) => {
  const token = await adminToken(request);
  const business = await request.put('/api/settings/business', { headers: { authorization: `Bearer ${token}` }, data: KARNATAKA_BUSINESS });
  expect(business.status(), await business.text()).toBe(200);
  const customer = await registerCustomer(request, { name: 'Leela Menon' });
  const { orderid } = await paidSandboxOrder(request, customer);
  // Paid online: invoiced at once. The customer cancels; the full refund gets a credit note against the invoice.
  const cancelled = await request.post(`/api/order/${orderid}/cancel`, { headers: { authorization: `Bearer ${customer.token}` }, data: { reason: 'Ordered by mistake' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await loginThroughUi(page, customer.email, customer.password);
  await page.goto('/orders');
  const card = page.getByRole('article');
  const notes = card.getByRole('list', { name: 'Credit notes' });
  // Dated as the customer's screens write dates (the PDF keeps dd/mm/yyyy).
  await expect(notes).toContainText(/Credit note CN\/\d\d-\d\d\/\d{6} of \d{1,2} [A-Z][a-z]{2} \d{4}: Rs\./);
  await screenshotAtWidths(page, 'documents-orders-credit-note');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await expectNoSeriousA11yViolations(page, { label: 'Your Orders with a credit note' });

  const button = notes.getByRole('button', { name: /^Credit note CN\/\d\d-\d\d\/\d{6} \(PDF\)$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^CN-\d\d-\d\d-\d{6}\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfToPng(file, 'documents-credit-note');
  expect(text).toContain('CREDIT NOTE');
  expect(text).toContain('Against invoice:');
  expect(text).toContain('Order cancelled: Ordered by mistake');
  expect(text).toContain('Lakshmi Rao');

  const invoice = card.getByRole('button', { name: /^Invoice GS\/\d\d-\d\d\/\d{6} \(PDF\)$/ });
  const [invoiceDownload] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  const invoiceText = pdfToPng(await invoiceDownload.path(), 'documents-invoice');
  expect(invoiceText).toContain('Prices include GST.');
  expect(invoiceText).toContain('This is a computer-generated invoice.');
  expect(invoiceText).not.toContain('MRP');
});

test('the product page shows the food label with the veg mark, on a phone too', async ({ page }) => {
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products[0];
  if (!product) throw new Error('the catalogue is empty');
  await page.goto(`/products/${product.slug}`);
  const label = page.getByRole('region', { name: 'Food label' });
  await expect(label.getByRole('img', { name: 'Vegetarian (green mark)' })).toBeVisible();
  await expect(label).toContainText('Contains milk');
  await expect(label.getByRole('table')).toContainText('897 kcal');
  await label.scrollIntoViewIfNeeded();
  await screenshotAtWidths(page, 'documents-product-food-label');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await label.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'documents-product-food-label-390-viewport.png') });
  await expectNoSeriousA11yViolations(page, { label: 'product page with its food label' });
});

test('an address that names no page answers 404 with the not-found page', async ({ page }) => {
  const res = await page.request.get('/no-such-page');
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain('noindex');
  const shown = await page.goto('/no-such-page');
  expect(shown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: /page not found/i })).toBeVisible();
  expect((await page.request.get('/')).status()).toBe(200);
  expect((await page.request.get('/products')).status()).toBe(200);
});

test('the owner edits the food label in the studio and the signatory in the business settings', async ({ page, request }) => {
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/studio');
  const name = 'Cultured Cow Ghee';
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const editor = page.getByRole('region', { name: `Edit ${name}` });
  const label = editor.getByRole('group', { name: 'Food label' });
  await expect(label.getByLabel('Ingredients')).toHaveValue("Milk fat (from cultured cow's milk)");
  await expect(label.getByRole('radio', { name: 'Vegetarian', exact: true })).toBeChecked();
  await label.getByLabel('Storage instructions').fill('Store in a cool, dry place. Use a dry spoon.');
  await label.getByLabel('Trans fat (g)').fill('-1');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(label.getByText('Trans fat cannot be negative')).toBeVisible();
  await label.getByLabel('Trans fat (g)').fill('2.4');
  await label.scrollIntoViewIfNeeded();
  await screenshotAtWidths(page, 'documents-studio-food-label');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was saved`)).toBeVisible();
  const saved = ((await (await request.get('/api/public/product')).json()) as Product[]).find((p) => p.name === name);
  expect(saved).toMatchObject({ storage: 'Store in a cool, dry place. Use a dry spoon.', nutritionPer100g: { transFatG: 2.4 } });

  await page.goto('/admin?tab=settings');
  const panel = page.getByRole('tabpanel', { name: 'Settings' });
  const business = panel.getByRole('form', { name: 'Business details' });
  await expect(business.getByRole('combobox', { name: 'State' })).toHaveValue('Karnataka');
  await business.getByLabel('Authorised signatory').fill('Lakshmi Rao');
  await business.getByLabel('Signatory’s title').fill('Director');
  await business.getByLabel('Pincode').fill('600001');
  await business.getByRole('button', { name: 'Save business details' }).click();
  await expect(business.getByText('600001 is in Tamil Nadu')).toBeVisible();
  await business.getByLabel('Pincode').fill('560029');
  await business.getByRole('button', { name: 'Save business details' }).click();
  await expect(page.getByText('Business details saved')).toBeVisible();
  await business.scrollIntoViewIfNeeded();
  await screenshotAtWidths(page, 'documents-business-settings');
});
