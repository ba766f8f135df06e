import { expect as baseExpect, test } from '@playwright/test';
import { ADMIN, loginThroughUi } from './support/accounts';
import { adminToken } from './support/admin-seed';
import { screenshotAtWidths } from './support/screenshots';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const FRESH = {
  shopName: 'Ghee Shop',
  tagline: 'Pure ghee, slow-cooked the old way',
  description: 'Premium small-batch ghee made from grass-fed butter, delivered to your door.',
  whatsappNumber: '',
  instagramUrl: '',
  facebookUrl: '',
};

test.afterEach(async ({ request }) => {
  // Other journeys expect the shop as it starts: no contact set.
  const token = await adminToken(request);
  const res = await request.put('/api/settings/profile', { headers: { Authorization: `Bearer ${token}` }, data: FRESH });
  expect(res.status()).toBe(200);
});

test('the owner fills the shop profile and the WhatsApp button appears', async ({ page, browser }) => {
  // A new shop points customers at nobody: no contact button, no social icons.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1, name: FRESH.tagline })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Contact us' })).toHaveCount(0);
  await expect(visitor.locator('footer').getByRole('list', { name: 'Social links' })).toHaveCount(0);

  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?tab=settings');
  // The dashboard's banner says what is missing.
  await expect(page.getByRole('status').filter({ hasText: 'The shop profile has no WhatsApp number, Instagram address, Facebook address' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Shop profile' });
  await form.getByLabel('Shop name').fill('Amma’s Ghee');
  await form.getByLabel('Tagline').fill('Ghee the way Amma made it');
  await form.getByLabel('WhatsApp number').fill('12345');
  await form.getByRole('button', { name: 'Save shop profile' }).click();
  await expect(form.getByText('WhatsApp number is too short: it has 5 digits, and a mobile number has 10')).toBeVisible();
  await form.getByLabel('WhatsApp number').fill('+91 98450 12345');
  await form.getByLabel('Instagram address').fill('@ammasghee');
  await form.getByRole('button', { name: 'Save shop profile' }).click();
  await expect(page.getByText('Shop profile saved')).toBeVisible();
  await expect(form.getByLabel('WhatsApp number')).toHaveValue('9845012345');
  await expect(form.getByLabel('Instagram address')).toHaveValue('https://www.instagram.com/ammasghee');
  const reminder = page.getByRole('status').filter({ hasText: 'The shop profile has no Facebook address' });
  await expect(reminder).toBeVisible();
  // A shop without a Facebook page may put the reminder away, and it stays away after a reload.
  await reminder.getByRole('button', { name: 'Dismiss the shop profile reminder' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The shop profile has no' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Settings' })).toBeFocused();
  await page.reload();
  await expect(form.getByLabel('Instagram address')).toHaveValue('https://www.instagram.com/ammasghee');
  await expect(page.getByRole('status').filter({ hasText: 'The shop profile has no' })).toHaveCount(0);
  // Emptying a link that was set is news again: the reminder comes back for it.
  await form.getByLabel('Instagram address').fill('');
  await form.getByRole('button', { name: 'Save shop profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The shop profile has no Instagram address, Facebook address' })).toBeVisible();
  await screenshotAtWidths(page, 'shop-profile-reminder');
  await form.getByLabel('Instagram address').fill('@ammasghee');
  await form.getByRole('button', { name: 'Save shop profile' }).click();
  await expect(form.getByLabel('Instagram address')).toHaveValue('https://www.instagram.com/ammasghee');

  // A customer now sees the shop's own name, words and WhatsApp button.
  await visitor.goto('/');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Ghee the way Amma made it' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Contact us' }).click();
  await expect(visitor.getByRole('link', { name: 'Whatsapp' })).toHaveAttribute('href', 'https://wa.me/919845012345');
  const footer = visitor.locator('footer');
  await expect(footer.getByText('Amma’s Ghee', { exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Instagram (opens in a new tab)' })).toHaveAttribute('href', 'https://www.instagram.com/ammasghee');
  await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveCount(0);
  await screenshotAtWidths(visitor, 'shop-profile-home');
  await screenshotAtWidths(page, 'shop-profile-settings');
});
