// Stored XSS in Chromium: hostile names, addresses, notes, product text and templates are stored through the API,
// then every storefront and admin screen that shows them is opened. Each payload would set window.__xss (or open a
// dialog) if it ever ran; it must show as plain text instead.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { finalPriceFor } from '../src/domain/pricing';
import type { Product } from '../src/domain/schemas/product';
import { ADMIN, loginThroughUi, registerCustomer, uniqueEmail } from './support/accounts';
import { adminToken, runTag } from './support/admin-seed';
import { openProductList } from './support/storefront';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const tag = runTag();
const P = {
  name: `Mallika ${tag} <img src=x onerror="window.__xss='name'">`,
  address: `<script>window.__xss='address'</script> 12 Temple St`,
  district: `"><svg onload="window.__xss='district'"><iframe srcdoc="<script>parent.__xss='city'</script>">`,
  // The state is chosen from the list (a hostile one is refused with 400), so its hostile text sits in the city line.
  state: 'Karnataka',
  note: `<img src=x onerror=alert('note')> ring twice ${tag}`,
  product: `XSS Ghee ${tag} <img src=x onerror="window.__xss='product'">`,
  description: `<script>window.__xss='description'</script><a href="javascript:window.__xss='link'">Best ghee</a>`,
  templateTitle: `Hostile ${tag} <img src=x onerror="window.__xss='title'">`,
  templateSubject: `<svg onload="window.__xss='subject'"> {{orderId}}`,
  templateBody: `<script>window.__xss='body'</script>\n{{customerName}} {{address}}`,
};

let customer: { email: string; password: string };
let orderid = '';

async function api(request: APIRequestContext, token: string, method: 'post' | 'put', url: string, data: unknown) {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Adds the hostile template in a free slot (one non-default per status), or takes over a non-default one. */
async function addTemplate(request: APIRequestContext, admin: string) {
  const template = { title: P.templateTitle, subject: P.templateSubject, body: P.templateBody, isdefault: false };
  for (const status of ['DELIVERED', 'OUTFORDELIVERY', 'READY', 'PREPARATION']) {
    const res = await request.post('/api/email', { headers: { Authorization: `Bearer ${admin}` }, data: { ...template, status } });
    if (res.status() === 200) return;
    expect(res.status(), await res.text()).toBe(409);
  }
  const list = (await (await request.get('/api/email', { headers: { Authorization: `Bearer ${admin}` } })).json()) as { id: number; status: string; isdefault: boolean }[];
  const taken = list.find((t) => !t.isdefault);
  if (!taken) throw new Error('no template slot to use');
  await api(request, admin, 'put', '/api/email', { ...template, id: taken.id, status: taken.status });
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL ?? 'http://127.0.0.1:4310' });
  const admin = await adminToken(request);
  await api(request, admin, 'post', '/api/product', {
    name: P.product, description: P.description, offerpercentage: 10, instock: true, ratings: 3, ratingStar: 4, price: [450], quantitysize: [250], quantity: 250,
  });
  const buyer = await registerCustomer(request, { name: P.name, email: uniqueEmail('xss') });
  customer = buyer;
  await api(request, buyer.token, 'put', '/api/account/profile', {
    username: P.name, emailaddress: buyer.email, address: P.address, pincode: '560001', state: P.state, mobilenumber: '9876543210', district: P.district,
  });
  const products = (await (await request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.name === P.product);
  if (!product) throw new Error('the hostile product is not listed');
  const finalPrice = finalPriceFor(product, 250);
  const order = await api(request, buyer.token, 'post', '/api/checkout/codorder', {
    username: P.name, mobilenumber: '9876543210', emailaddress: buyer.email, address: P.address, pincode: '560001', state: P.state, district: P.district,
    items: [{ name: P.product, quantity: 250, itemQty: 2, finalPrice }], totalAmount: finalPrice * 2, receipt: `Receipt-xss-${tag}`, note: P.note, paymentmode: 'CASHONDELIVERY',
  });
  orderid = order.orderid as string;
  await addTemplate(request, admin);
  await request.dispose();
});

/** Fails the test on any dialog, script error or CSP report; call before the first navigation. */
async function guard(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    // A blocked payload is reported too; zod's one probe for `new Function` (blocked 'eval') is not a payload.
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.blockedURI !== 'eval') (window as unknown as { __xss?: string }).__xss ??= `csp:${e.effectiveDirective}`;
    });
  });
  return problems;
}

async function expectNothingRan(page: Page, problems: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(problems).toEqual([]);
  // No element carries an event-handler attribute or a javascript: link that came from the data.
  const live = await page.evaluate(() =>
    [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on') || /^\s*javascript:/i.test(a.value))).map((el) => el.outerHTML.slice(0, 120)),
  );
  expect(live).toEqual([]);
}

test('storefront product list and product page show hostile product text as text', async ({ page }) => {
  const problems = await guard(page);
  await openProductList(page);
  await page.getByPlaceholder('Search products by name...').fill(tag);
  const card = page.getByRole('link', { name: P.product, exact: true });
  await expect(card).toBeVisible();
  await expectNothingRan(page, problems);
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: P.product })).toBeVisible();
  await expect(page.getByText("<script>window.__xss='description'</script>", { exact: false })).toBeVisible();
  await expectNothingRan(page, problems);
});

test('the hostile product’s crawlable page shows its text as text, and its JSON-LD holds the text whole', async ({ page }) => {
  const problems = await guard(page);
  const products = (await (await page.request.get('/api/public/product')).json()) as Product[];
  const product = products.find((p) => p.name === P.product);
  if (!product) throw new Error('the hostile product is not listed');
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: P.product })).toBeVisible();
  await expect(page.getByText("<script>window.__xss='description'</script>", { exact: false })).toBeVisible();
  // "</script>" in the description ends nothing: both blocks parse, and the product's block carries the text as given.
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(2);
  const data = JSON.parse(blocks[0] ?? '') as { name: string; description: string };
  expect(data).toMatchObject({ name: P.product, description: P.description });
  expect(await page.title()).toBe(`${P.product} · Ghee Shop`);
  await expectNothingRan(page, problems);
});

test("the customer's orders and profile show hostile names, addresses and notes as text", async ({ page }) => {
  const problems = await guard(page);
  await loginThroughUi(page, customer.email, customer.password);
  await page.goto('/orders');
  const card = page.getByRole('article').filter({ hasText: tag });
  await expect(card).toBeVisible();
  await expect(card).toContainText(P.address);
  await expect(card).toContainText(P.note);
  await expect(card).toContainText(P.product);
  await expectNothingRan(page, problems);
  await page.goto('/account');
  const main = page.getByRole('main');
  await expect(main.getByText(P.name).first()).toBeVisible();
  await expect(main.getByText(P.district).first()).toBeVisible();
  await expectNothingRan(page, problems);
});

test('admin order list and order detail show hostile customer data as text', async ({ page }) => {
  const problems = await guard(page);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const panel = page.getByRole('tabpanel', { name: 'Your Orders' });
  await panel.getByLabel('Search').fill(orderid.slice(6));
  const view = panel.locator(`[data-view-order="${orderid}"]`);
  await expect(view).toBeVisible();
  await expect(panel.getByText(P.name.toUpperCase())).toBeVisible();
  await expectNothingRan(page, problems);
  await view.click();
  await expect(panel.getByRole('heading', { name: /^Order # GS-\d{4,}$/ })).toBeVisible();
  for (const text of [P.address, P.district, P.state, P.note]) await expect(panel.getByText(text, { exact: false }).first()).toBeVisible();
  await expectNothingRan(page, problems);
});

test('admin templates list, editor and preview show hostile template text as text, the HTML preview sandboxed', async ({ page }) => {
  const problems = await guard(page);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?tab=templates');
  const panel = page.getByRole('tabpanel', { name: 'Email Templates' });
  const item = panel.getByRole('listitem').filter({ hasText: P.templateTitle });
  await expect(item).toBeVisible();
  await expectNothingRan(page, problems);
  await item.getByRole('button', { name: `Edit ${P.templateTitle}` }).click();
  await expect(panel.getByLabel('Body')).toHaveValue(P.templateBody);
  // The formatted preview is an iframe with an empty sandbox: no script runs in it, whatever it holds.
  await expect(panel.getByTitle('Formatted mail preview')).toHaveAttribute('sandbox', '');
  await expectNothingRan(page, problems);
});

test('admin product studio shows hostile product text as text', async ({ page }) => {
  const problems = await guard(page);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/studio');
  await expect(page.getByText(P.product).first()).toBeVisible();
  await expectNothingRan(page, problems);
});
