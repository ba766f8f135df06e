// Reviews from real buyers (DESIGN.md §8.4): a customer whose order was delivered writes a review from Your Orders,
// the owner publishes it and replies in the dashboard, and the product page (the app's and the crawlable one) shows
// it with the computed stars. axe scans each screen; every screen is photographed at 1280 and 390 px.
import { expect as baseExpect, test } from '@playwright/test';
import type { Product } from '../src/domain/schemas/product';
import { ADMIN, registerCustomer } from './support/accounts';
import { adminToken, runTag, setOrderStatus, signInWithSession } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';
import { placeCodOrderViaApi, waitForHydration } from './support/storefront';

// The shared machine may be slow to draw a screen the first time; each wait allows for it.
const expect = baseExpect.configure({ timeout: 30_000 });

test('a buyer reviews a delivered ghee, the owner publishes and replies, and the product page shows it', async ({ page, request }) => {
  // Four screens, each scanned with axe and photographed at two widths.
  test.setTimeout(240_000);
  const tag = runTag();
  const products = (await (await request.get('/api/public/product')).json()) as Product[];
  const product = products.filter((p) => p.instock).at(-1);
  if (!product) throw new Error('the catalogue is empty');
  const customer = await registerCustomer(request, { name: `Kavya Rao${tag}` });
  const order = await placeCodOrderViaApi(request, customer.token, customer, [{ name: product.name, quantity: product.quantity, itemQty: 1 }]);

  // Before delivery the form says who may review.
  await signInWithSession(page, request, customer.email, customer.password);
  await page.goto(`/review/${product._id}`);
  // The session was written after the app started: a reload makes it read it, as a new tab would.
  await page.reload();
  await expect(page.locator('.alert-info')).toContainText('Once your order is delivered, you can write one here.');
  // Said once: the moderation note, which opens with the same sentence, is for those who may write.
  await expect(page.getByText('Only customers who received this ghee can review it')).toHaveCount(1);

  await setOrderStatus(request, await adminToken(request), order.orderid, 'DELIVERED');
  await page.goto('/orders');
  // The link names the product in its visible text: an order of two ghees shows two different links.
  await expect(page.getByRole('link', { name: 'Write a review' })).toHaveCount(0);
  await page.getByRole('link', { name: `Review ${product.name}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Review ${product.name}` })).toBeVisible();
  const form = page.getByRole('form', { name: `Your review of ${product.name}` });
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await form.getByText('4 stars', { exact: true }).click();
  await form.getByLabel('Title (optional)').fill('Smells like home');
  await form.getByLabel('Your review').fill(`Grainy, golden and fresh. The lid was a little loose. ${tag}`);
  await screenshotAtWidths(page, 'review-form');
  await expectNoSeriousA11yViolations(page, { exclude: ['.Toastify'], label: 'review form' });
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText(`Thank you! Your review of ${product.name} will appear once the shop has read it.`)).toBeVisible();

  // Waiting reviews are not shown to anyone.
  const before = (await (await request.get(`/api/public/products/${product._id}/reviews`)).json()) as { items: { text: string }[] };
  expect(before.items.some((r) => r.text.includes(tag))).toBe(false);

  // The owner publishes it and replies.
  await signInWithSession(page, request, ADMIN.email, ADMIN.password);
  await page.goto('/admin?tab=reviews');
  await page.reload();
  const panel = page.getByRole('tabpanel', { name: 'Reviews' });
  const item = panel.getByRole('listitem').filter({ hasText: tag });
  await expect(item).toContainText('Waiting');
  await expect(item).toContainText(`Kavya R. · verified buyer`);
  await screenshotAtWidths(page, 'admin-reviews');
  await expectNoSeriousA11yViolations(page, { exclude: ['.Toastify'], label: 'admin reviews tab' });
  await item.getByRole('button', { name: /^Publish / }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Review published.')).toBeVisible();
  // Published from the waiting list, it stays in view there, marked Published, and the keyboard is in its reply box:
  // the reply a review often calls for needs no change of filter.
  await expect(item.getByText('Published', { exact: true })).toBeVisible();
  await expect(item).toContainText('Now published: it leaves this list when you change the filter or reload.');
  await expect(item.getByLabel('Public reply from the shop')).toBeFocused();
  await page.keyboard.type('Thank you, Kavya! We now tighten every lid by hand.');
  await screenshotAtWidths(page, 'admin-reviews-just-published');
  await item.getByRole('button', { name: /^Save reply/ }).click();
  await expect(page.getByText('Reply saved.')).toBeVisible();
  await expect(item.getByLabel('Public reply from the shop')).toHaveValue('Thank you, Kavya! We now tighten every lid by hand.');
  // A new look at the list shows it where it now belongs, with its reply.
  await panel.getByLabel('Show').selectOption('PUBLISHED');
  const published = panel.getByRole('listitem').filter({ hasText: tag });
  await expect(published.getByLabel('Public reply from the shop')).toHaveValue('Thank you, Kavya! We now tighten every lid by hand.');
  await panel.getByLabel('Show').selectOption('PENDING');
  await expect(panel.getByText('No reviews here.').or(panel.getByRole('list', { name: 'Reviews' }))).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: tag })).toHaveCount(0);

  // The product page: the computed average, the histogram, the review as a verified buyer's, and the reply.
  await page.goto(`/products/${product.slug}`);
  const section = page.getByTestId('reviews-section');
  await expect(section.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  const review = section.getByRole('listitem').filter({ hasText: tag });
  await expect(review).toContainText('Smells like home');
  await expect(review).toContainText('Verified buyer');
  await expect(review).toContainText('Kavya R.');
  await expect(review).toContainText('Reply from the shop');
  await expect(review).toContainText('We now tighten every lid by hand.');
  await expect(section.getByRole('img', { name: '4 out of 5 stars' }).first()).toBeVisible();
  await expect(section).toContainText('We publish every review, good or bad');
  await expect(section.getByRole('list', { name: 'Reviews by stars' })).toBeVisible();
  await section.getByRole('button', { name: '4 stars' }).click();
  await expect(section.getByRole('status')).toContainText('Showing 4-star reviews.');
  await expect(review).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await section.scrollIntoViewIfNeeded();
  await screenshotAtWidths(page, 'product-reviews');
  await expectNoSeriousA11yViolations(page, { exclude: ['.Toastify'], label: 'product page reviews' });

  // The crawlable page shows the same, with the rating in its structured data, and hydrates without a second look.
  const listed = ((await (await request.get('/api/public/product')).json()) as Product[]).find((p) => p._id === product._id);
  expect(listed?.ratings).toBeGreaterThanOrEqual(1);
  await page.goto(`/products/${product.slug}`);
  await waitForHydration(page.getByTestId('reviews-section'));
  await expect(page.getByTestId('reviews-section').getByRole('listitem').filter({ hasText: tag })).toContainText('Verified buyer');
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? '{}')).toMatchObject({ aggregateRating: { ratingCount: listed?.ratings, ratingValue: listed?.ratingStar } });
  await expectNoSeriousA11yViolations(page, { exclude: ['.Toastify'], label: 'crawlable page reviews' });
});
