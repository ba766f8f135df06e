// Stock per size: the studio counts a size, the last bottle sells, the product page
// says "Sold out", and a cart that still holds it is told at checkout with a one-press fix. Every product here
// is this spec's own, so other specs' catalogue is untouched; the one setting changed is put back.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, runTag } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';
import { addFromDetail, checkoutFromSummary, fillBilling, placeCodOrderViaApi, waitForHydration } from './support/storefront';

// Two people and an admin, each through the real screens: minutes on a loaded machine.
test.describe.configure({ timeout: 240_000 });

/** A product of this spec's own: 250 ml (never counted) and 500 ml, at 300 and 560 with no offer. */
async function createProduct(request: APIRequestContext, token: string, name: string, instock = true): Promise<string> {
  const res = await request.post('/api/product', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      description: 'Cow ghee for the stock journey, churned in small batches.',
      offerpercentage: 0,
      instock,
      ratings: 0,
      ratingStar: 4,
      price: [300, 560],
      quantitysize: [250, 500],
      quantity: 250,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

/** The product page as it is now: a reload, so neither the browser's list nor a stale page is what we read. */
async function openFreshProduct(page: Page, name: string) {
  await page.goto('/products');
  await page.reload();
  await waitForHydration(page.getByRole('link', { name, exact: true }));
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function toOrderSummary(page: Page, customer: { name: string; email: string }) {
  await page.goto('/checkoutbilling');
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  await page.getByLabel('Payment mode').selectOption('CASHONDELIVERY');
}

test('the studio counts a size, the last bottle sells, the shop says Sold out and a waiting cart is told at checkout', async ({ page, browser, request }) => {
  const name = `Stock Ghee ${runTag()}`;
  await createProduct(request, await adminToken(request), name);

  // The admin counts one bottle of 500 ml in the studio; a delivery of 0 is refused beside the box.
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/studio');
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const editor = page.getByRole('region', { name: `Edit ${name}` });
  const stock500 = editor.getByRole('group', { name: 'Stock of 500 ml' });
  await expect(stock500.getByTestId('stock-status')).toHaveText('Not tracked: always for sale');
  await stock500.getByLabel('Bottles received').fill('0');
  await stock500.getByRole('button', { name: 'Add received bottles' }).click();
  await expect(stock500.getByRole('alert')).toHaveText('Enter the bottles received as a whole number from 1 up.');
  await expect(stock500.getByLabel('Bottles received')).toHaveAttribute('aria-invalid', 'true');
  await stock500.getByLabel('Bottles on the shelf').fill('2');
  await stock500.getByRole('button', { name: 'Set' }).click();
  await expect(page.getByText(`${name} 500 ml: 2 on the shelf`)).toBeVisible();
  await expect(stock500.getByTestId('stock-status')).toHaveText('2 bottles on the shelf');
  await expect(stock500.getByRole('alert')).toHaveCount(0);
  await expect(editor.getByRole('group', { name: 'Stock of 250 ml' }).getByTestId('stock-status')).toHaveText('Not tracked: always for sale');
  await editor.getByRole('heading', { name: 'Stock', exact: true }).scrollIntoViewIfNeeded();
  await screenshotAtWidths(page, 'stock-studio');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page), 'the studio overflows at 390 px').toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page, { exclude: ['.Toastify'], label: 'studio stock panel' });

  // A second customer puts both bottles of 500 ml in the cart (the page offers no more than are left).
  const laterContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const later = await laterContext.newPage();
  try {
    const waiting = await registerCustomer(request, { name: 'Ravi Kumar' });
    await loginThroughUi(later, waiting.email, waiting.password);
    await openFreshProduct(later, name);
    await expect(later.getByRole('group', { name: 'Size' }).getByText('Only 2 left')).toBeVisible();
    await addFromDetail(later, name, 500, 2);
    // On the chosen size the note is white on the amber fill, not red on it.
    await expect(later.getByRole('group', { name: 'Size' }).getByText('Only 2 left')).toHaveCSS('color', 'rgb(255, 255, 255)');
    await screenshotAtWidths(later, 'stock-product-only-left');

    // The first customer buys the last two bottles, cash on delivery.
    const first = await registerCustomer(request);
    await placeCodOrderViaApi(request, first.token, { name: first.name, email: first.email }, [{ name, quantity: 500, itemQty: 2 }]);

    // The product page: 500 ml is sold out and cannot be chosen; 250 ml (not counted) still sells.
    await openFreshProduct(later, name);
    const size500 = later.getByRole('radio', { name: /^500 ml/ });
    await expect(size500).toBeDisabled();
    await expect(later.locator('label[for="size-500"]')).toContainText('Sold out');
    await expect(later.getByRole('radio', { name: /^250 ml/ })).toBeChecked();
    await expect(later.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await screenshotAtWidths(later, 'stock-product-sold-out');

    // At checkout the cart's line is refused, and the note beside it offers to take it out.
    await toOrderSummary(later, { name: waiting.name, email: waiting.email });
    await checkoutFromSummary(later);
    const line = later.getByRole('row').filter({ hasText: name });
    const note = line.getByTestId('stock-short');
    await expect(note).toContainText(`${name} 500 ml is sold out. Remove it from your cart to place the order.`);
    await expect(note.getByRole('button', { name: 'Remove from cart' })).toBeVisible();
    await screenshotAtWidths(later, 'stock-checkout-sold-out');
    await later.setViewportSize({ width: 390, height: 844 });
    expect(await hasHorizontalOverflow(later), 'the order summary overflows at 390 px').toBe(false);
    await later.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(later, { exclude: ['.Toastify'], label: 'order summary with a sold-out line' });

    // One bottle comes in: the admin adds it in the studio.
    await stock500.getByLabel('Bottles received').fill('1');
    await stock500.getByRole('button', { name: 'Add received bottles' }).click();
    await expect(page.getByText(`${name} 500 ml: 1 added, 1 on the shelf`)).toBeVisible();
    await expect(stock500.getByTestId('stock-status')).toHaveText('1 bottle on the shelf');

    // Checkout again: now "Only 1", and the note lowers the line to it; then the order goes through.
    await later.getByRole('button', { name: 'Checkout' }).click();
    await expect(note).toContainText(`Only 1 of ${name} 500 ml is left. Lower the quantity to 1 to place the order.`);
    await note.getByRole('button', { name: 'Lower to 1' }).click();
    await expect(note).toHaveCount(0);
    await expect(line).toContainText('500 ml × 1');
    await later.getByRole('button', { name: 'Checkout' }).click();
    await expect(later.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  } finally {
    await laterContext.close();
  }
});

test('the Stock tab lists low sizes first and untracked ones on request; Settings keeps the low-stock threshold', async ({ page, request }) => {
  const name = `Stock Shelf ${runTag()}`;
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const id = await createProduct(request, token, name);
  const counted = await request.put(`/api/stock/${id}/500`, { headers: auth, data: { stock: 2 } });
  expect(counted.status(), await counted.text()).toBe(200);
  const before = (await (await request.get('/api/settings', { headers: auth })).json()) as Record<string, unknown>;

  try {
    await loginThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin?tab=stock');
    const panel = page.getByRole('tabpanel', { name: 'Stock' });
    const list = panel.getByRole('list', { name: 'Stock levels' });
    const row = list.getByRole('listitem').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('500 ml');
    await expect(row).toContainText('2 bottles');
    await expect(row).toContainText('Low');
    // Low sizes come before those with plenty (lowest count first).
    const counts = await list.locator('.stock-count').evaluateAll((els) => els.map((el) => Number.parseInt(el.textContent ?? '', 10)));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    await expect(list.getByRole('listitem').filter({ hasText: name }).filter({ hasText: '250 ml' })).toHaveCount(0);

    await panel.getByRole('switch', { name: 'Show sizes not tracked' }).check();
    const untracked = list.getByRole('listitem').filter({ hasText: name }).filter({ hasText: '250 ml' });
    await expect(untracked).toContainText('Not tracked');
    await expect(list.getByRole('listitem').last()).toContainText('Not tracked');
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await screenshotAtWidths(page, 'stock-admin-tab');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await hasHorizontalOverflow(page), 'the Stock tab overflows at 390 px').toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(page, { label: 'admin Stock tab' });

    // Settings: the threshold is checked on the form, then saved; raising it to 1 leaves 2 bottles not low.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    const threshold = settings.getByLabel('Low-stock threshold (bottles)');
    await expect(threshold).toHaveValue(String(before.lowStockThreshold));
    await threshold.fill('10001');
    await settings.getByRole('button', { name: 'Save threshold' }).click();
    await expect(settings.getByText('Enter the low-stock threshold as a whole number from 0 to 10,000.')).toBeVisible();
    await threshold.fill('1');
    await settings.getByRole('button', { name: 'Save threshold' }).click();
    await expect(page.getByText('Low-stock threshold saved.')).toBeVisible();
    await expect.poll(async () => ((await (await request.get('/api/settings', { headers: auth })).json()) as { lowStockThreshold: number }).lowStockThreshold).toBe(1);
    await screenshotAtWidths(page, 'stock-settings-threshold');

    await page.getByRole('tab', { name: 'Stock' }).click();
    await panel.getByRole('switch', { name: 'Show sizes not tracked' }).uncheck();
    await page.reload();
    await expect(page.getByRole('tabpanel', { name: 'Stock' }).getByRole('listitem').filter({ hasText: name })).toContainText('In stock');
    // At 0 the tab says what the storefront says.
    const emptied = await request.put(`/api/stock/${id}/500`, { headers: auth, data: { stock: 0 } });
    expect(emptied.status(), await emptied.text()).toBe(200);
    await page.reload();
    const soldOut = page.getByRole('tabpanel', { name: 'Stock' }).getByRole('listitem').filter({ hasText: name });
    await expect(soldOut).toContainText('0 bottles');
    await expect(soldOut).toContainText('Sold out');
  } finally {
    const res = await request.put('/api/settings', { headers: auth, data: before });
    expect(res.status(), await res.text()).toBe(200);
  }
});

test('the Stock tab says a product switched off in the studio is sold out, counted or not', async ({ page, request }) => {
  const name = `Stock Switched Off ${runTag()}`;
  const token = await adminToken(request);
  const id = await createProduct(request, token, name, false);
  const counted = await request.put(`/api/stock/${id}/500`, { headers: { Authorization: `Bearer ${token}` }, data: { stock: 40 } });
  expect(counted.status(), await counted.text()).toBe(200);

  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?tab=stock');
  const panel = page.getByRole('tabpanel', { name: 'Stock' });
  const list = panel.getByRole('list', { name: 'Stock levels' });
  const row = list.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('40 bottles');
  await expect(row).toContainText('Sold out: the product’s in-stock switch is off in the studio');
  await expect(row.locator('.status-badge')).toHaveText('Sold out');
  await panel.getByRole('switch', { name: 'Show sizes not tracked' }).check();
  const untracked = list.getByRole('listitem').filter({ hasText: name }).filter({ hasText: '250 ml' });
  await expect(untracked).toContainText('in-stock switch is off');
  await expect(untracked).not.toContainText('Always for sale');
  await screenshotAtWidths(page, 'stock-switched-off');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page), 'the Stock tab overflows at 390 px').toBe(false);
});
