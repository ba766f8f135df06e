// Phones: no route is wider than a 390 px screen as it loads (fade-ins armed, before any
// scrolling), the order summary's Total stays on screen with the contact button clear of it, and the profile
// menu opens inside the window at 1280 px; toasts stack at most two deep, below the header, at every width.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APP_ROUTES, CRAWLABLE_ROUTES, OLD_PRODUCT_ROUTE } from '../src/domain/app-routes';
import { ADMIN, loginThroughUi, openProfileMenu } from './support/accounts';
import { adminToken } from './support/admin-seed';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';
import { SAMPLE_BILLING, seedCart, waitForHydration } from './support/storefront';

test.describe.configure({ timeout: 240_000 });
// Motion stays on: the home page's fade-ins start 40 px to the side, which is what used to widen it.
test.use({ viewport: { width: 390, height: 844 } });

/** Every route of the app with an address that shows real content (parameters filled in). */
const ROUTES: Record<string, string> = {
  '/': '/',
  '/products': '/products',
  '/products/:slug': '/products/a2-desi-cow-ghee',
  '/product/:name': '/product/A2%20Desi%20Cow%20Ghee',
  '/cart': '/cart',
  '/login': '/login',
  '/register': '/register',
  '/forgotpassword': '/forgotpassword',
  '/resetpassword': '/resetpassword?email=someone%40example.test&token=abc',
  '/account': '/account',
  '/confirm-email': '/confirm-email?token=abc',
  '/orders': '/orders',
  '/track': '/track',
  '/track/:orderid': '/track/GS0123456789AB?pincode=560001',
  '/checkoutbilling': '/checkoutbilling',
  '/checkoutorder': '/checkoutorder',
  '/success': '/success',
  '/failure': '/failure',
  '/policy/:policy': '/policy/refunds',
  '/contact': '/contact',
  '/review/:productId': '/review/1',
  '/confirm/:orderid': '/confirm/GS0123456789AB?t=not-a-real-key',
  '/admin': '/admin',
  '/admin/orders/:orderid': '/admin/orders/order_NoSuchOrder123',
  '/studio': '/studio',
  '*': '/no-such-page',
};

test('the list above names every route of the router', () => {
  const source = readFileSync('src/web/app/router.tsx', 'utf8');
  const named: Record<string, Readonly<Record<string, string>>> = { APP_ROUTES, CRAWLABLE_ROUTES };
  const paths = [...source.matchAll(/<Route (?:index|path=(?:"([^"]+)"|\{(\w+)(?:\.(\w+))?\}))/g)].map(([whole, literal, object, key]) => {
    if (whole.endsWith('index')) return '/';
    if (literal) return literal;
    if (object === 'OLD_PRODUCT_ROUTE') return OLD_PRODUCT_ROUTE;
    const path = object && key ? named[object]?.[key] : undefined;
    if (!path) throw new Error(`unknown route ${whole}`);
    return path;
  });
  expect(paths.length).toBeGreaterThan(10);
  expect(paths.sort()).toEqual(Object.keys(ROUTES).sort());
});

async function signedInWithCartAndBilling(page: Page) {
  // Logged in at desktop width, where the Profile button is in view rather than in the collapsed menu.
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await seedCart(page, [{ name: 'A2 Desi Cow Ghee', quantity: 1000, itemQty: 10, finalPrice: 1954 }, { name: 'Bilona Gir Cow Ghee', quantity: 250, itemQty: 3, finalPrice: 799 }]);
  const billing = { ...SAMPLE_BILLING, name: 'Meera Iyer', email: ADMIN.email };
  await page.evaluate((b) => sessionStorage.setItem('ghee-shop.checkout', JSON.stringify({ billing: b })), billing);
}

test('no route is wider than a 390 px phone as it loads', async ({ page }) => {
  await signedInWithCartAndBilling(page);
  for (const [route, address] of Object.entries(ROUTES)) {
    const answer = await page.goto(address);
    // The server answers every screen's path, and only those (decision 072).
    expect(answer?.status(), address).toBe(route === '*' ? 404 : 200);
    await expect(page.getByRole('heading', { level: 1 }).first(), `${route} shows its heading`).toBeVisible();
    if (route === '/') await expect(page.locator('.reveal-armed').first()).toBeAttached();
    // Lets late content (lazy images, lists from the server) land before measuring.
    await page.waitForLoadState('networkidle');
    expect(await hasHorizontalOverflow(page), `${address} is wider than the screen`).toBe(false);
  }
});

test('the order summary fits a 390 px phone: Total on screen, and the contact button clear of it and of Checkout', async ({ page }) => {
  await signedInWithCartAndBilling(page);
  await page.goto('/checkoutorder');
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  const totalHeader = page.getByRole('columnheader', { name: 'Total' });
  await expect(totalHeader).toBeVisible();
  const box = await totalHeader.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('summary-line-detail').first()).toHaveText('1000 ml × 10 at Rs. 1,954');
  expect(await hasHorizontalOverflow(page)).toBe(false);

  const fab = page.getByRole('button', { name: 'Contact us' });
  await page.getByRole('button', { name: 'Checkout' }).scrollIntoViewIfNeeded();
  for (const target of [page.getByTestId('order-total'), page.getByRole('button', { name: 'Checkout' })]) {
    const t = await target.boundingBox();
    const f = (await fab.isVisible()) ? await fab.boundingBox() : null;
    if (t && f) {
      const overlaps = t.x < f.x + f.width && f.x < t.x + t.width && t.y < f.y + f.height && f.y < t.y + t.height;
      expect(overlaps, 'the contact button covers a primary action').toBe(false);
    }
  }
});

test('the profile menu opens inside the window at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await openProfileMenu(page);
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test('toasts stack at most two deep and open below the header, on a phone and a desktop', async ({ page, browser }) => {
  const addThrice = async (p: Page) => {
    await p.goto('/products/a2-desi-cow-ghee');
    const add = p.getByRole('button', { name: 'Add to Cart' });
    for (let i = 0; i < 3; i += 1) await add.click();
    await expect(p.locator('.Toastify__toast').first()).toBeVisible();
  };
  const belowHeader = async (p: Page) => {
    const header = await p.locator('header.site-header').boundingBox();
    const first = await p.locator('.Toastify__toast').first().boundingBox();
    expect(first?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  };
  await addThrice(page);
  // Over the limit, react-toastify queues the rest until one closes: two show.
  await expect(page.locator('.Toastify__toast')).toHaveCount(2);
  await belowHeader(page);
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await addThrice(desktop);
    // Never more than two, also on a wide screen (how many are still up depends on how fast the clicks came).
    await belowHeader(desktop);
    expect(await desktop.locator('.Toastify__toast').count()).toBeLessThanOrEqual(2);
  } finally {
    await desktop.close();
  }
});

test('a toast on a phone stays inside the screen as it comes in, its words wrapped inside it', async ({ page }) => {
  await page.goto('/products/a2-desi-cow-ghee');
  await waitForHydration(page.getByRole('button', { name: 'Add to Cart' }));
  // Every frame from the click until the toast has settled: its entrance used to overshoot 25 px past the left edge.
  await page.evaluate(() => {
    const seen = { left: Infinity };
    (window as unknown as { toastEdges: typeof seen }).toastEdges = seen;
    const sample = () => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) seen.left = Math.min(seen.left, toast.getBoundingClientRect().left);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const toast = page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  // react-toastify takes its entrance class off when the entrance animation ends.
  await expect(toast).not.toHaveClass(/-enter/);
  const left = await page.evaluate(() => (window as unknown as { toastEdges: { left: number } }).toastEdges.left);
  expect(left, 'the toast’s left edge, at every frame of its entrance').toBeGreaterThanOrEqual(0);
  const settled = await toast.boundingBox();
  expect(settled?.x ?? -1, 'a margin on the left').toBeGreaterThan(0);
  expect((settled?.x ?? 0) + (settled?.width ?? 999), 'a margin on the right').toBeLessThan(390);
  expect(await toast.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the words wrap inside the toast').toBe(true);
});

/** A thumb's target (WCAG 2.5.5): 44 × 44 CSS px. */
const THUMB = 44;

/** Every shown match of `targets` smaller than a thumb either way, as "name: width×height" for the failure message. */
async function underThumb(targets: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const box = await target.boundingBox();
    if (box && box.width >= THUMB && box.height >= THUMB) continue;
    const name = (await target.innerText()).trim() || (await target.getAttribute('aria-label')) || (await target.evaluate((e) => e.outerHTML.slice(0, 60)));
    small.push(`${name}: ${Math.round(box?.width ?? 0)}×${Math.round(box?.height ?? 0)}`);
  }
  return small;
}

/** The checkboxes and radios in `scope` whose label, the tappable area, does not reach over the box itself. */
async function boxesOutsideTheirLabel(scope: Locator): Promise<string[]> {
  const outside: string[] = [];
  for (const check of await scope.locator('.form-check').all()) {
    const box = await check.locator('.form-check-input').boundingBox();
    const label = await check.locator('.form-check-label').boundingBox();
    if (!box || !label) continue;
    const inside = box.x >= label.x && box.y >= label.y && box.x + box.width <= label.x + label.width && box.y + box.height <= label.y + label.height;
    if (!inside) outside.push((await check.innerText()).trim().slice(0, 40));
  }
  return outside;
}

async function setShopContacts(page: Page, contacts: { whatsappNumber: string; instagramUrl: string }): Promise<void> {
  const headers = { Authorization: `Bearer ${await adminToken(page.request)}` };
  const profile = (await (await page.request.get('/api/settings/profile', { headers })).json()) as Record<string, unknown>;
  const res = await page.request.put('/api/settings/profile', { headers, data: { ...profile, ...contacts } });
  expect(res.status(), await res.text()).toBe(200);
}

test('what a thumb taps on a phone is at least 44 × 44 px: footer links, sizes, payment mode and ticks', async ({ page }) => {
  // The social links show only once the shop names its contacts; put back after, the suite shares one shop.
  await setShopContacts(page, { whatsappNumber: '9876543210', instagramUrl: 'https://www.instagram.com/gheeshop' });
  try {
    await signedInWithCartAndBilling(page);
    await page.goto('/products/a2-desi-cow-ghee');
    const footerTargets = page.locator('footer').locator('nav a, nav button, a.social-link');
    await expect(footerTargets.first()).toBeVisible();
    expect(await footerTargets.count()).toBeGreaterThanOrEqual(10);
    expect(await underThumb(footerTargets), 'footer links').toEqual([]);
    expect(await underThumb(page.getByRole('group', { name: 'Size' }).locator('label')), 'sizes').toEqual([]);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await screenshotAtWidths(page, 'tap-targets-footer');

    await page.goto('/checkoutbilling');
    const business = page.locator('label[for="field-businessInvoice"]');
    await expect(business).toBeVisible();
    expect(await underThumb(business), 'the business invoice tick').toEqual([]);
    expect(await boxesOutsideTheirLabel(page.locator('main'))).toEqual([]);

    await page.goto('/checkoutorder');
    await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
    const ticks = page.locator('main .form-check-label');
    await expect(ticks.first()).toBeVisible();
    expect(await underThumb(page.getByLabel('Payment mode')), 'payment mode').toEqual([]);
    expect(await underThumb(ticks), 'ticks on the order summary').toEqual([]);
    expect(await boxesOutsideTheirLabel(page.locator('main'))).toEqual([]);
    await page.getByLabel('Payment mode').scrollIntoViewIfNeeded();
    await screenshotAtWidths(page, 'tap-targets-order-summary');

    // A mouse keeps the desktop's tighter footer.
    await page.setViewportSize({ width: 1280, height: 800 });
    const home = page.locator('footer').getByRole('link', { name: 'Home', exact: true });
    expect((await home.boundingBox())?.height ?? 0).toBeLessThan(THUMB);
  } finally {
    await setShopContacts(page, { whatsappNumber: '', instagramUrl: '' });
  }
});

/** Pairs of shown `targets` whose boxes overlap, as "a / b", so a tap on one never lands on its neighbour. */
async function overlappingPairs(targets: Locator): Promise<string[]> {
  const boxes: { name: string; x: number; y: number; width: number; height: number }[] = [];
  for (const target of await targets.all()) {
    const box = (await target.isVisible()) ? await target.boundingBox() : null;
    if (box) boxes.push({ name: (await target.getAttribute('aria-label')) ?? (await target.innerText()).trim(), ...box });
  }
  const pairs: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) pairs.push(`${a.name} / ${b.name}`);
    }
  });
  return pairs;
}

test('what a thumb taps on a phone is at least 44 × 44 px: bottle count, pincode, cart icon and the home sliders', async ({ page }) => {
  await seedCart(page, [{ name: 'A2 Desi Cow Ghee', quantity: 1000, itemQty: 2, finalPrice: 1954 }]);
  await page.goto('/products/a2-desi-cow-ghee');
  await waitForHydration(page.getByRole('button', { name: 'Add to Cart' }));
  const stepper = page.getByRole('button', { name: /^(Decrease|Increase) quantity$/ });
  await expect(stepper).toHaveCount(2);
  expect(await underThumb(stepper), 'the bottle count').toEqual([]);
  const pincode = page.getByRole('form', { name: 'Check delivery' });
  await expect(pincode.getByRole('button', { name: 'Check', exact: true })).toBeVisible();
  expect(await underThumb(pincode.locator('input, button')), 'the pincode box and Check').toEqual([]);
  // The icon; the menu's Cart link is folded away on a phone.
  const cartIcon = page.locator('header').getByRole('link', { name: /^Cart, / });
  await expect(cartIcon.first()).toBeVisible();
  expect(await underThumb(cartIcon), 'the header cart icon').toEqual([]);
  expect(await underThumb(page.locator('header').getByRole('button', { name: /navigation/i })), 'the menu toggle').toEqual([]);
  await screenshotAtWidths(page, 'tap-targets-product');
  // A mouse keeps the desktop's tighter bottle count.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect((await stepper.first().boundingBox())?.height ?? 0).toBeLessThan(THUMB);
  await page.setViewportSize({ width: 390, height: 844 });

  // The cart's small stepper keeps its 7.5rem, still a thumb high.
  await page.goto('/cart');
  const cartStepper = page.locator('main .quantity-stepper');
  await expect(cartStepper).toHaveCount(1);
  expect((await cartStepper.boundingBox())?.width).toBe(120);
  expect(await underThumb(cartStepper.getByRole('button')), 'the cart stepper').toEqual([]);
  expect(await underThumb(page.locator('main').getByRole('button', { name: /^(Remove .*|Clear cart)$/ })), 'Remove and Clear cart').toEqual([]);
  await screenshotAtWidths(page, 'tap-targets-cart');

  await page.goto('/');
  const hero = page.getByRole('group', { name: 'Our ghee' }).getByRole('button');
  await expect(hero).toHaveCount(6);
  expect(await underThumb(hero), 'the top slider').toEqual([]);
  expect(await overlappingPairs(hero), 'the top slider').toEqual([]);
  await page.getByRole('heading', { name: 'From our kitchen' }).scrollIntoViewIfNeeded();
  const bullets = page.getByRole('group', { name: 'Choose a picture' }).getByRole('button');
  await expect(bullets.first()).toBeVisible();
  expect(await underThumb(bullets), 'the picture slider').toEqual([]);
  expect(await overlappingPairs(bullets), 'the picture slider').toEqual([]);
  // The dots' row sits below the pictures, not over them, where a swipe would start.
  const pictures = await page.locator('.image-carousel').boundingBox();
  const row = await page.getByRole('group', { name: 'Choose a picture' }).boundingBox();
  expect((row?.y ?? 0) + 0.5).toBeGreaterThanOrEqual((pictures?.y ?? 0) + (pictures?.height ?? 0));
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, 'tap-targets-home');
});
