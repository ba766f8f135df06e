import { expect, test } from '@playwright/test';

test('the home page loads in Chromium with no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Our ghees' })).toBeVisible();
  expect(errors).toEqual([]);
});
