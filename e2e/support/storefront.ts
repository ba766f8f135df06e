// Steps of the storefront journeys that several specs share: picking products, billing, paying in the
// sandbox dialog, and reading the cart badge.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { finalPriceFor, subtotal } from '../../src/domain/pricing';
import type { Product } from '../../src/domain/schemas/product';

export const SAMPLE_BILLING = {
  name: 'Meera Iyer',
  mobilenumber: '9812345678',
  pincode: '560001',
  address: '12 Temple Street, Malleswaram',
  state: 'Karnataka',
  district: 'Bengaluru Urban',
} as const;

/** The cart link in the navigation bar, named with the number of cart lines (SPEC.md's items): "Cart, 2 items". */
export function cartLink(page: Page, count: number) {
  return page.getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });
}

/**
 * Opens /products, the server's crawlable page, and waits for the app to take it over: typed text or a click that
 * lands before that is not the app's to handle.
 */
export async function openProductList(page: Page): Promise<void> {
  await page.goto('/products');
  await waitForHydration(page.getByPlaceholder('Search products by name...'));
}

/** Opens a product's page from the product list by clicking its card. */
export async function openProduct(page: Page, name: string): Promise<void> {
  await openProductList(page);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** On a product page: choose a size and a quantity, then Add to Cart and wait for the spec's toast. */
export async function addFromDetail(page: Page, name: string, sizeMl: number, quantity = 1): Promise<void> {
  // Within the size picker: the label declarations below it name the selected size too.
  await page.getByRole('group', { name: 'Size' }).getByText(`${sizeMl} ml`, { exact: true }).click();
  await expect(page.getByRole('radio', { name: `${sizeMl} ml` })).toBeChecked();
  const qty = page.getByLabel('Quantity', { exact: true });
  await qty.fill(String(quantity));
  await expect(qty).toHaveValue(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`${name} has been added to cart successfully`).last()).toBeVisible();
}

/** Fills the billing form; fields already filled (a logged-in customer's profile) are overwritten. */
export async function fillBilling(
  page: Page,
  values: { name: string; email: string } & Partial<Record<keyof typeof SAMPLE_BILLING, string>>,
): Promise<void> {
  const v = { ...SAMPLE_BILLING, ...values };
  await page.getByLabel('Name', { exact: true }).fill(v.name);
  await page.getByLabel('Email', { exact: true }).fill(v.email);
  await page.getByLabel('Mobile number', { exact: true }).fill(v.mobilenumber);
  await page.getByLabel('Pincode', { exact: true }).fill(v.pincode);
  await page.getByLabel('Address', { exact: true }).fill(v.address);
  await page.getByLabel('State', { exact: true }).selectOption(v.state);
  await page.getByLabel('District', { exact: true }).fill(v.district);
}

/** The order summary's agreement to the Terms and the Refund policy (DESIGN.md §7.2). */
export function policiesAgreement(page: Page) {
  return page.getByRole('checkbox', { name: 'I agree to the Terms and the Refund policy' });
}

/** On the order summary: agree to the Terms and the Refund policy (an order needs it), then press Checkout. */
export async function checkoutFromSummary(page: Page): Promise<void> {
  await policiesAgreement(page).check();
  await page.getByRole('button', { name: 'Checkout' }).click();
}

/** The sandbox gateway's card dialog (served by /sandbox/checkout.js), titled with the shop's name. */
export function paymentDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Ghee Shop' });
}

/** Pays in the sandbox dialog, optionally with one of its listed test cards (the declined one, say). */
export async function payInSandbox(page: Page, options: { testCard?: string } = {}): Promise<void> {
  const dialog = paymentDialog(page);
  await expect(dialog).toBeVisible();
  if (options.testCard) await dialog.getByRole('button', { name: new RegExp(`^Use test card ${options.testCard}`) }).click();
  await dialog.getByRole('button', { name: /^Pay / }).click();
}

/** Puts lines straight into the stored cart (for specs about something other than filling it). */
export async function seedCart(
  page: Page,
  lines: { name: string; quantity: number; itemQty: number; finalPrice: number; image?: string }[],
): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.evaluate((stored) => localStorage.setItem('ghee-shop.cart', JSON.stringify(stored)), lines.map((l) => ({ id: '', price: [], description: '', image: '', ...l })));
  await page.reload();
}

/**
 * Places a cash-on-delivery order through the API for `token`'s account, priced from the live catalogue
 * (the server refuses stale prices), and returns the created order (with its confirmBy while it waits).
 */
export async function placeCodOrderViaApi(
  request: APIRequestContext,
  token: string,
  customer: { name: string; email: string },
  items: { name: string; quantity: number; itemQty: number }[],
  { whatsappOptIn = false }: { whatsappOptIn?: boolean } = {},
): Promise<{ id: number; orderid: string; totalAmount: number; confirmBy?: string | null }> {
  const products = (await (await request.get('/api/public/product')).json()) as Product[];
  const lines = items.map((item) => {
    const product = products.find((p) => p.name === item.name);
    if (!product) throw new Error(`no product ${item.name} in the catalogue`);
    return { ...item, finalPrice: finalPriceFor(product, item.quantity) };
  });
  const response = await request.post('/api/checkout/codorder', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      username: customer.name,
      emailaddress: customer.email,
      mobilenumber: SAMPLE_BILLING.mobilenumber,
      pincode: SAMPLE_BILLING.pincode,
      address: SAMPLE_BILLING.address,
      state: SAMPLE_BILLING.state,
      district: SAMPLE_BILLING.district,
      items: lines,
      totalAmount: subtotal(lines),
      receipt: `Receipt-${Math.floor(Math.random() * 1_000_000)}`,
      note: '',
      paymentmode: 'CASHONDELIVERY',
      whatsappOptIn,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: number; orderid: string; totalAmount: number; confirmBy?: string | null };
}

/**
 * Waits until React has hydrated the element the locator finds on a crawlable page. The server's markup looks the
 * same before and after (the TEST MODE banner is rendered by the server too), and a click that lands before
 * hydration follows the plain link instead of the app's router. React marks each node it has hydrated with an
 * internal `__reactFiber$…` key; that is the one signal that the node's handlers are in place.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))), {
      message: 'the app never hydrated the server-rendered element',
      timeout: 20_000,
    })
    .toBe(true);
}
