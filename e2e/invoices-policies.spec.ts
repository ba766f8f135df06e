import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { KARNATAKA_BUSINESS } from '../src/server/business/test-business';
import { adminToken, runTag, seedCodOrders, setOrderStatus, signInWithSession, type SeededOrder } from './support/admin-seed';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

let seeded: SeededOrder | undefined;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const token = await adminToken(request);
  const res = await request.put('/api/settings/business', { headers: { authorization: `Bearer ${token}` }, data: KARNATAKA_BUSINESS });
  expect(res.status(), await res.text()).toBe(200);
  [seeded] = await seedCodOrders(request, runTag(), 1);
  await setOrderStatus(request, token, seeded?.order.orderid ?? '', 'READY');
  await request.dispose();
});

test('a customer downloads the tax invoice of a READY order from Your Orders', async ({ page, request }) => {
  const customer = seeded?.customer;
  if (!customer) throw new Error('no seeded order');
  await signInWithSession(page, request, customer.email, customer.password);
  await page.goto('/orders');
  // The session was written after the app started: a reload makes it read it, as a new tab would.
  await page.reload();
  const invoice = page.getByRole('button', { name: /^Invoice GS\/\d\d-\d\d\/\d{6} \(PDF\)$/ });
  await expect(invoice).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  expect(download.suggestedFilename()).toMatch(/^GS-\d\d-\d\d-\d{6}\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the policy pages are reachable from the footer on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Policies' });
  await footer.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
  await expect(page.getByText(KARNATAKA_BUSINESS.grievanceName)).toBeVisible();
  for (const [name, path, heading] of [
    ['Shipping policy', 'policy/shipping', 'Shipping policy'],
    ['Cancellation & Refunds', 'policy/refunds', 'Cancellation & Refunds'],
    ['Terms of use', 'policy/terms', 'Terms of use'],
    ['Privacy policy', 'policy/privacy', 'Privacy policy'],
  ] as const) {
    await footer.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
