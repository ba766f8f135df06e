import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { BUSINESS_PLACEHOLDER } from '../src/domain/constants';
import { KARNATAKA_BUSINESS } from '../src/server/business/test-business';
import { adminToken, runTag } from './support/admin-seed';
import { placeCodOrderViaApi } from './support/storefront';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

async function openSettings(page: Page) {
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?tab=settings');
  const panel = page.getByRole('tabpanel', { name: 'Settings' });
  await expect(panel.getByLabel('Initial subject')).toBeVisible();
  return panel;
}

test('saves the settings', async ({ page }) => {
  const panel = await openSettings(page);
  const subject = panel.getByLabel('Initial subject');
  const original = await subject.inputValue();
  await expect(panel.getByRole('switch', { name: 'Email setting for admin' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: 'Customer email setting' })).toBeChecked();

  // An empty subject would mail the next customer an empty message: refused on the form.
  await subject.fill('');
  await panel.getByRole('button', { name: 'Save Settings' }).click();
  await expect(panel.getByText('The order-confirmation subject is required')).toBeVisible();

  const changed = `Thank you for your order {{orderId}} (${runTag()})`;
  await subject.fill(changed);
  await panel.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Updated Successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Settings' }).getByLabel('Initial subject')).toHaveValue(changed);

  // Put it back: other journeys read the order-placed mail's subject.
  await page.getByRole('tabpanel', { name: 'Settings' }).getByLabel('Initial subject').fill(original);
  await page.getByRole('tabpanel', { name: 'Settings' }).getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Updated Successfully').first()).toBeVisible();
});

test('grants admin access to a customer, who then sees the dashboard, and revokes it', async ({ page, browser, request }) => {
  const customer = await registerCustomer(request, { name: 'Kiran Rao' });
  // An order of their own, so the dashboard they get shows a list even when this test runs alone on an empty shop.
  await placeCodOrderViaApi(request, customer.token, customer, [{ name: 'Buffalo Ghee', quantity: 500, itemQty: 1 }]);
  const panel = await openSettings(page);
  const email = panel.getByLabel('Email address');
  const grant = panel.getByRole('button', { name: 'Grant Admin Access' });
  const revoke = panel.getByRole('button', { name: 'Revoke Admin Access' });
  await expect(grant).toBeDisabled();
  await expect(revoke).toBeDisabled();

  await email.fill(customer.email);
  await expect(grant).toBeEnabled();
  await grant.click();
  await expect(page.getByText(`Admin access granted to ${customer.email}`)).toBeVisible();
  // The keyboard stays on the button through the request, not dropped to the page's start.
  await expect(grant).toBeFocused();

  // The customer signs in and gets the dashboard.
  const other = await browser.newContext();
  const customerPage = await other.newPage();
  await loginThroughUi(customerPage, customer.email, customer.password);
  await customerPage.goto('/admin');
  await expect(customerPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(customerPage.getByRole('tabpanel', { name: 'Your Orders' }).getByRole('list', { name: 'Orders' })).toBeVisible();

  await revoke.click();
  await expect(page.getByText(`Admin access revoked from ${customer.email}`)).toBeVisible();

  // The revoke applies on the very next request: the open dashboard is refused data, and a fresh
  // sign-in gets the 403 screen.
  const refused = await request.get('/api/order/admin', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(refused.status()).toBe(403);
  await customerPage.reload();
  await expect(customerPage.getByRole('heading', { name: '403' })).toBeVisible();
  await other.close();

  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await loginThroughUi(freshPage, customer.email, customer.password);
  await freshPage.goto('/admin');
  await expect(freshPage.getByRole('heading', { name: '403' })).toBeVisible();
  await fresh.close();

  // Errors are shown too: an address without an account.
  await email.fill(`nobody-${runTag()}@example.test`);
  await grant.click();
  await expect(panel.getByRole('alert')).toContainText('No account uses');
});

// Before the business details test below, which fills them: a new shop's details are still "set me".
test('the dashboard’s reminders take the keyboard to the fields they name, and each save keeps it', async ({ page }) => {
  const details = await page.request.get('/api/settings/business', { headers: { authorization: `Bearer ${await adminToken(page.request)}` } });
  expect(Object.values(await details.json()), 'a new shop’s business details, run before anything fills them').toContain(BUSINESS_PLACEHOLDER);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const warning = page.getByRole('status').filter({ hasText: 'Business details are not filled in.' });
  await warning.getByRole('button', { name: 'Fill them in' }).press('Enter');
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Settings' });
  const business = panel.getByRole('form', { name: 'Business details' });
  // The first field to fill has the keyboard, on screen: typing fills it, with no Tab pressed.
  const legalName = business.getByLabel('Legal name');
  await expect(legalName).toBeFocused();
  await expect(legalName).toBeInViewport();
  await page.keyboard.type(KARNATAKA_BUSINESS.legalName);
  await expect(legalName).toHaveValue(KARNATAKA_BUSINESS.legalName);
  const labels: Record<Exclude<keyof typeof KARNATAKA_BUSINESS, 'legalName' | 'state'>, string> = {
    addressLine: 'Address',
    city: 'City',
    pincode: 'Pincode',
    gstin: 'GSTIN',
    fssai: 'FSSAI licence or registration number',
    carePhone: 'Customer care phone',
    careEmail: 'Customer care e-mail',
    grievanceName: 'Grievance officer',
    grievanceEmail: 'Grievance officer’s e-mail',
    grievancePhone: 'Grievance officer’s phone',
    signatoryName: 'Authorised signatory',
    signatoryTitle: 'Signatory’s title',
  };
  for (const [field, label] of Object.entries(labels)) {
    await business.getByLabel(label, { exact: true }).fill(KARNATAKA_BUSINESS[field as keyof typeof labels]);
  }
  await business.getByLabel('State', { exact: true }).selectOption(KARNATAKA_BUSINESS.state);
  // Saved from the keyboard, the keyboard stays on the button: not dropped to the page's start.
  const saveBusiness = business.getByRole('button', { name: 'Save business details' });
  await saveBusiness.press('Enter');
  await expect(page.getByText('Business details saved')).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(saveBusiness).toBeFocused();

  // On a phone, from Settings already open: the shop profile's first missing contact, below the sticky header.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('status').filter({ hasText: 'The shop profile has no' }).getByRole('button', { name: 'Open the shop profile' }).press('Enter');
  const whatsapp = panel.getByRole('region', { name: 'Shop profile' }).getByLabel('WhatsApp number');
  await expect(whatsapp).toBeFocused();
  await expect(whatsapp).toBeInViewport();
  const headerHeight = (await page.locator('header.site-header').boundingBox())?.height ?? 0;
  expect((await whatsapp.boundingBox())?.y ?? -1, 'WhatsApp number below the sticky header').toBeGreaterThanOrEqual(headerHeight);

  // Every save button of Settings keeps the keyboard through its save (nothing is changed: each saves what it shows).
  const saves: [button: string, saved: string][] = [
    ['Save Settings', 'Settings Updated Successfully'],
    ['Save threshold', 'Low-stock threshold saved.'],
    ['Save review settings', 'Review settings saved.'],
    ['Save COD confirmation', 'COD confirmation saved.'],
    ['Save templates', 'Message templates saved.'],
    ['Save order limits', 'Order limits saved.'],
    ['Save Delivery', 'Delivery settings saved.'],
    ['Save shop profile', 'Shop profile saved'],
    ['Save policy pages', 'Policy pages saved'],
  ];
  for (const [name, saved] of saves) {
    const button = panel.getByRole('button', { name, exact: true });
    await button.press('Enter');
    await expect(page.getByText(saved, { exact: true }).first()).toBeVisible();
    await expect(button, name).toBeFocused();
  }
});

test('business details at 390 px: a mistake takes the owner to its field, and a pasted tab is saved as a space', async ({ page, request }) => {
  const token = await adminToken(request);
  const filled = await request.put('/api/settings/business', { headers: { authorization: `Bearer ${token}` }, data: KARNATAKA_BUSINESS });
  expect(filled.status(), await filled.text()).toBe(200);
  const panel = await openSettings(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const business = panel.getByRole('form', { name: 'Business details' });
  const legalName = business.getByLabel('Legal name');
  const city = business.getByLabel('City');
  const save = business.getByRole('button', { name: 'Save business details' });
  await expect(legalName).toHaveValue(KARNATAKA_BUSINESS.legalName);
  const original = { legalName: await legalName.inputValue(), city: await city.inputValue() };
  // The browser stops the typing at the schema's limit.
  await expect(legalName).toHaveAttribute('maxlength', '100');

  // A web address in the first field, Save pressed a dozen fields below it: focus goes to the field, which is on
  // screen below the sticky header, with its message.
  await legalName.fill('Sharma Ghee Works www.sharmaghee.in');
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expect(legalName).toBeFocused();
  await expect(legalName).toBeInViewport();
  const headerHeight = (await page.locator('header.site-header').boundingBox())?.height ?? 0;
  expect((await legalName.boundingBox())?.y ?? -1, 'Legal name below the sticky header').toBeGreaterThanOrEqual(headerHeight);
  await expect(business.getByText('Legal name cannot contain a web address')).toBeInViewport();

  // A city pasted from a spreadsheet cell keeps its tab in the input: it is saved, as one space.
  await legalName.fill(original.legalName);
  await city.fill('Bengaluru\tUrban');
  await save.click();
  await expect(page.getByText('Business details saved')).toBeVisible();
  await expect(city).toHaveValue('Bengaluru Urban');

  await city.fill(original.city);
  await save.click();
  await expect(city).toHaveValue(original.city);
});
