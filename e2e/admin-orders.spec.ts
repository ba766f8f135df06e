import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { displayOrderId, orderNumber } from '../src/domain/display';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, runTag, seedCodOrders, setOrderStatus, signInWithSession, type SeededOrder } from './support/admin-seed';
import { waitForMailTo } from './support/mailbox';
import { screenshotAtWidths } from './support/screenshots';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const tag = runTag();
let seeded: SeededOrder[] = [];

/** Customer names as the cards show them, for seeded orders numbered `numbers` (1-based). */
const names = (...numbers: number[]) => numbers.map((n) => `TARA ${tag.toUpperCase()} ${String(n).padStart(2, '0')}`);

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  seeded = await seedCodOrders(request, tag, 12);
  const token = await adminToken(request);
  const id = (n: number) => seeded[n - 1]?.order.orderid ?? '';
  await setOrderStatus(request, token, id(3), 'READY');
  await setOrderStatus(request, token, id(7), 'READY');
  await setOrderStatus(request, token, id(5), 'DELIVERED');
  await setOrderStatus(request, token, id(9), 'OUTFORDELIVERY');
  await request.dispose();
});

function ordersPanel(page: Page): Locator {
  return page.getByRole('tabpanel', { name: 'Your Orders' });
}

async function cardNames(page: Page): Promise<string[]> {
  const list = ordersPanel(page).getByRole('list', { name: 'Orders' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  return list.getByRole('heading', { level: 3 }).allTextContents();
}

async function openDashboard(page: Page) {
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/** Types a search and waits for the server's answer to it (the box waits for a pause in typing). */
async function search(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/order/admin?') && new URL(r.url()).searchParams.get('q') === text.trim(),
  );
  await ordersPanel(page).getByLabel('Search').fill(text);
  await answered;
}

test('a USER sees the 403 screen at /admin and the admin API refuses them', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await signInWithSession(page, request, customer.email, customer.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  // An order's own address is an admin address like any other.
  await page.goto(`/admin/orders/${seeded[0]?.order.orderid ?? ''}`);
  await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  const res = await request.get('/api/order/admin', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(res.status()).toBe(403);
});

test('signed out, an order’s admin address offers the login that comes back to the order', async ({ page }) => {
  const order = seeded[1]?.order;
  if (!order) throw new Error('no seeded order');
  await page.goto(`/admin/orders/${order.orderid}`);
  await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
  await screenshotAtWidths(page, 'admin-403-signed-out');
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.orderid}$`));
  await expect(ordersPanel(page).getByRole('heading', { name: `Order # ${orderNumber(order.id)}` })).toBeVisible();
});

test('the admin filters, searches, sorts and pages through the seeded orders', async ({ page }) => {
  await openDashboard(page);
  const panel = ordersPanel(page);
  await search(page, tag);
  await expect(panel.getByText('12 orders')).toBeVisible();

  // Newest first, five to a page: 12..8, 7..3, 2..1.
  await expect.poll(() => cardNames(page)).toEqual(names(12, 11, 10, 9, 8));
  await expect(panel.getByText('Page 1 of 3')).toBeVisible();
  await panel.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(7, 6, 5, 4, 3));
  await panel.getByRole('button', { name: 'Last page' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(2, 1));
  await expect(panel.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Previous page' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(7, 6, 5, 4, 3));
  await expect(panel.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await panel.getByRole('button', { name: 'First page' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(12, 11, 10, 9, 8));

  await panel.getByRole('button', { name: 'Sort Oldest First' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(1, 2, 3, 4, 5));
  await panel.getByRole('button', { name: 'Page 3' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(11, 12));
  await panel.getByRole('button', { name: 'Sort Newest First' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(12, 11, 10, 9, 8));

  // Status filter (within the search): Ready, Closed, Out for Delivery, Active.
  const status = panel.getByLabel('Status', { exact: true });
  await status.selectOption({ label: 'Ready' });
  await expect.poll(() => cardNames(page)).toEqual(names(7, 3));
  await expect(panel.getByText('2 orders')).toBeVisible();
  await status.selectOption({ label: 'Closed' });
  await expect.poll(() => cardNames(page)).toEqual(names(5));
  await status.selectOption({ label: 'Out for Delivery' });
  await expect.poll(() => cardNames(page)).toEqual(names(9));
  await status.selectOption({ label: 'Active' });
  await expect.poll(() => cardNames(page)).toEqual(names(12, 11, 10, 8, 6));
  await expect(panel.getByText('8 orders')).toBeVisible();
  await status.selectOption({ label: 'Unpaid online' });
  await expect(panel.getByText('No orders found.')).toBeVisible();
  await status.selectOption({ label: 'All orders' });

  // Search by order id, as displayed (without 'order_'), in any case; then by the number people read.
  const fourth = seeded[3]?.order;
  if (!fourth) throw new Error('order 4 was not seeded');
  await search(page, displayOrderId(fourth.orderid).toLowerCase());
  await expect.poll(() => cardNames(page)).toEqual(names(4));
  const shortId = orderNumber(fourth.id);
  await search(page, shortId.toLowerCase());
  await expect.poll(() => cardNames(page)).toEqual(names(4));
  const card = panel.getByRole('listitem').filter({ hasText: names(4)[0] ?? '' });
  await expect(card).toContainText(`Order # ${shortId}`);
  await expect(card).toContainText(fourth.createdAt.slice(0, 10));
  await expect(card).toContainText(/\d{2}:\d{2}/);
  // How it is paid shows in the list, so the owner need not open each order to know.
  await expect(card.getByTestId('order-payment')).toHaveText('Cash on Delivery · Pay on delivery');

  // Detail: ids without prefixes, items as name - size ml - qty qty, total in Rs., the note.
  await card.getByRole('button', { name: `View order ${shortId}` }).click();
  await expect(panel.getByRole('heading', { name: `Order # ${shortId}` })).toBeFocused();
  await expect(panel.getByText(seeded[3]?.customer.email ?? '')).toBeVisible();
  const line = fourth.items[0];
  await expect(panel.getByText(`${line?.name} - ${line?.quantity} ml - ${line?.itemQty} qty`)).toBeVisible();
  await expect(panel.getByText('Total:')).toContainText('Rs.');
  await expect(panel.getByText('Please ring twice (4)')).toBeVisible();
  await expect(panel.getByText('Cash on Delivery')).toBeVisible();
  await panel.getByRole('button', { name: 'Back to Orders' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(4));
  await expect(panel.getByRole('button', { name: `View order ${shortId}` })).toBeFocused();
});

test('an order opens at its own address: a reload keeps it, Back finds the list as it was, a pasted link opens it', async ({ page }) => {
  const eighth = seeded[7]?.order;
  if (!eighth) throw new Error('order 8 was not seeded');
  const shortId = orderNumber(eighth.id);
  const address = `/admin/orders/${eighth.orderid}`;
  await openDashboard(page);
  const panel = ordersPanel(page);
  // A list of its own: searched, oldest first, on page 2 (statuses change in other tests; these three do not).
  await search(page, tag);
  await panel.getByRole('button', { name: 'Sort Oldest First' }).click();
  await panel.getByRole('button', { name: 'Page 2' }).click();
  await expect.poll(() => cardNames(page)).toEqual(names(6, 7, 8, 9, 10));

  await panel.getByRole('button', { name: `View order ${shortId}` }).click();
  await expect(page).toHaveURL(address);
  await expect(panel.getByRole('heading', { name: `Order # ${shortId}` })).toBeFocused();
  // The tab and the browser's history name the order.
  await expect(page).toHaveTitle(`${shortId} · Admin · Ghee Shop`);

  // A reload opens the same order, read from the server by its address.
  await page.reload();
  await expect(panel.getByRole('heading', { name: `Order # ${shortId}` })).toBeVisible();
  await expect(panel.getByText('Please ring twice (8)')).toBeVisible();

  // The browser's Back returns to the list with its search, order and page, the reload notwithstanding.
  await page.goBack();
  await expect(page).toHaveURL('/admin');
  await expect.poll(() => cardNames(page)).toEqual(names(6, 7, 8, 9, 10));
  await expect(page).toHaveTitle('Admin Dashboard · Ghee Shop');
  await expect(panel.getByLabel('Search')).toHaveValue(tag);
  await expect(panel.getByRole('button', { name: 'Sort Oldest First' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  // Forward opens the order again, and its own Back button returns to the same list.
  await page.goForward();
  await expect(panel.getByRole('heading', { name: `Order # ${shortId}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL('/admin');
  await expect.poll(() => cardNames(page)).toEqual(names(6, 7, 8, 9, 10));

  // A pasted link (a mail's): the order loads on its own, with a loading state until the server answers.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const oneOrder = /\/api\/order\/[^/]+\/refunds$/;
  await page.route(oneOrder, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(address);
  await expect(panel.getByRole('status').filter({ hasText: 'Loading the order' })).toBeAttached();
  release();
  await expect(panel.getByRole('heading', { name: `Order # ${shortId}` })).toBeFocused();
  await expect(panel.getByText(seeded[7]?.customer.email ?? '')).toBeVisible();
  await page.unroute(oneOrder);
  await screenshotAtWidths(page, 'admin-order-from-link');
  // Nothing of this shop came before it: Back to Orders opens the list afresh.
  await panel.getByRole('button', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(panel.getByRole('list', { name: 'Orders' })).toBeVisible();

  // A wrong link says so, with the way back.
  await page.goto('/admin/orders/order_NoSuchOrder123');
  await expect(panel.getByRole('heading', { name: 'No such order' })).toBeFocused();
  await expect(panel.getByText('There is no order “order_NoSuchOrder123” in the shop.')).toBeVisible();
  await screenshotAtWidths(page, 'admin-order-not-found');
  await panel.getByRole('button', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(panel.getByRole('list', { name: 'Orders' })).toBeVisible();

  // The order's number in the address, as people read and type it, opens the order at its own address.
  await page.goto(`/admin/orders/${shortId}`);
  await expect(page).toHaveURL(address);
  await expect(panel.getByRole('heading', { name: `Order # ${shortId}` })).toBeFocused();
  // A number the shop has not given out yet is no order either.
  await page.goto('/admin/orders/GS-99999999');
  await expect(panel.getByRole('heading', { name: 'No such order' })).toBeFocused();
  await expect(panel.getByText('There is no order “GS-99999999” in the shop.')).toBeVisible();
});

test('Send Mail and Update Status changes the status and mails the customer, placeholders filled', async ({ page }) => {
  const target = seeded[10];
  if (!target) throw new Error('order 11 was not seeded');
  const shortId = orderNumber(target.order.id);
  await openDashboard(page);
  const panel = ordersPanel(page);
  await search(page, shortId);
  await expect.poll(() => cardNames(page)).toEqual(names(11));
  await panel.getByRole('button', { name: `View order ${shortId}` }).click();

  await panel.getByLabel('Order status').selectOption({ label: 'Out for Delivery' });
  // The screen asks the outbox how its mails stand; those answers wait until the test has seen what shows before.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const oneMail = /\/api\/email\/outbox\/\d+$/;
  await page.route(oneMail, async (route) => {
    await released;
    await route.continue();
  });
  const followed = page.waitForRequest(oneMail, { timeout: 20_000 });
  await panel.getByRole('button', { name: 'Send Mail and Update Status' }).click();
  await followed;
  // Queued, not yet delivered: one toast says so, and none claims a delivery.
  const mailToasts = page.locator('.Toastify__toast').filter({ hasText: /email/i });
  await expect(mailToasts).toHaveText(['Your Email Request has processed, will take 1-2 minutes']);
  await screenshotAtWidths(page, 'admin-status-mail-queued', { fullPage: false, animations: 'allow' });
  release();
  // The outbox has sent it: the toast says delivered.
  await expect(mailToasts).toHaveText(['Email delivered successfully']);
  // The keyboard stayed on the button pressed.
  await expect(panel.getByRole('button', { name: 'Send Mail and Update Status' })).toBeFocused();
  await screenshotAtWidths(page, 'admin-status-mail-delivered', { fullPage: false, animations: 'allow' });
  await page.unroute(oneMail);

  const mail = await waitForMailTo(target.customer.email, /out for delivery/);
  expect(mail.subject).toBe(`Your order ${shortId} is out for delivery`);
  expect(mail.text).toContain(`Namaste ${target.customer.name},`);
  expect(mail.text).toContain('12 Temple Street, Bengaluru Urban 560001');
  expect(mail.text).toContain(target.customer.mobile);
  expect(`${mail.subject}\n${mail.text}`).not.toContain('{{');

  // The list reloaded with the new status.
  await panel.getByRole('button', { name: 'Back to Orders' }).click();
  await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'Out for Delivery' });
  await expect.poll(() => cardNames(page)).toEqual(names(11));
});

test('exports the filtered orders as a CSV file', async ({ page }) => {
  await openDashboard(page);
  const panel = ordersPanel(page);
  await search(page, tag);
  await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'Ready' });
  await expect.poll(() => cardNames(page)).toEqual(names(7, 3));
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const text = (await import('node:fs')).readFileSync(path, 'utf8');
  const rows = text.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(rows[0]).toMatch(/^Order ID,Date,Time,Customer,/);
  expect(rows[0]).toMatch(/,Order number,Refunded \(Rs\.\)$/);
  expect(rows.slice(1).map((r) => r.split(',')[3])).toEqual([`Tara ${tag} 07`, `Tara ${tag} 03`]);
});

test('the Overview counts today\'s orders and the Mail Outbox lists the mails sent', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  const today = overview.locator('.figure-card').filter({ hasText: 'Orders today' });
  await expect(today).toBeVisible();
  expect(Number(await today.locator('.figure-value').textContent())).toBeGreaterThanOrEqual(12);
  await expect(overview.getByRole('img', { name: /^Orders and revenue per day for the last 30 days/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Mail Outbox' }).click();
  const outbox = page.getByRole('tabpanel', { name: 'Mail Outbox' });
  // Newest first, 20 to a page: the last seeded order's mails are on the first page.
  const last = seeded.at(-1);
  if (!last) throw new Error('no order was seeded');
  const mail = outbox.getByRole('listitem').filter({ hasText: last.customer.email }).first();
  await expect(mail).toContainText('sent');
  await expect(outbox.getByRole('list', { name: 'Recent mails' }).getByRole('listitem')).toHaveCount(20);
  await expect(outbox.getByText(/^Page 1 of \d+ · \d+ mails$/)).toBeVisible();
  await outbox.getByRole('navigation', { name: 'Mail pages' }).getByRole('button', { name: 'Next page' }).click();
  await expect(outbox.getByText(/^Page 2 of \d+/)).toBeVisible();
  await outbox.getByLabel('Show').selectOption({ label: 'Failed' });
  await expect(outbox.getByText('No mails here.')).toBeVisible();
});

test('the cards\' name blocks line up in one column, with or without the ship tick, at 1280 and 390 px', async ({ page }) => {
  await openDashboard(page);
  const panel = ordersPanel(page);
  await search(page, tag);
  // Newest first: 12 to 8, with statuses of different widths; 9 (and 11 once the test above has moved it on) is out
  // for delivery, so without a ship tick, and the others have one.
  await expect.poll(() => cardNames(page)).toEqual(names(12, 11, 10, 9, 8));
  const ticks = await panel.getByRole('checkbox', { name: /^Select order .* to ship$/ }).count();
  expect(ticks).toBeGreaterThan(0);
  expect(ticks).toBeLessThan(5);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const lefts = await panel.locator('.admin-order-card-main').evaluateAll((blocks) => blocks.map((b) => Math.round(b.getBoundingClientRect().left)));
    expect(lefts).toHaveLength(5);
    expect(new Set(lefts).size, `left edges at ${width} px: ${lefts.join(', ')}`).toBe(1);
  }
  await screenshotAtWidths(page, 'admin-orders-list-aligned');
});
