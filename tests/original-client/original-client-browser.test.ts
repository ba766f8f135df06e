// The original client's checkout in real Chromium, from a page on another origin: its calls cross origins under
// CORS, it loads the sandbox's checkout.js from this shop, opens the dialog with its own key id and its rupee total
// as `amount`, and still pays the order's amount (DESIGN.md §7.4).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium';
import { createTestShop, createTestUser, type TestShop, type TestUser } from '../support/test-shop';
import { BILLING, cartLineFromDetail, cartLineFromList, ORIGINAL_KEY_ID, originalOrderBody, type OriginalProduct } from './original-client';

const browserMissing = !chromiumPath() && process.env.REQUIRE_E2E !== '1';
if (browserMissing) console.log('original client browser tests not run: no Chromium found (set CHROMIUM_PATH or install chromium)');

/** A stand-in for the original client's host: one page that loads the payment script from the shop. */
function clientHost(shopUrl: () => string): Server {
  return createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Original client</title></head><body><main><h1>Order summary</h1><button id="checkout">Checkout</button></main>
<script src="${shopUrl()}/sandbox/checkout.js"></script></body></html>`);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Answer {
  status: number;
  body: unknown;
}

describe.skipIf(browserMissing)('the original client in Chromium, served from another origin [sqlite]', () => {
  let shop: TestShop;
  let user: TestUser;
  let browser: Browser;
  let page: Page;
  let shopUrl = '';
  const client = clientHost(() => shopUrl);
  const stranger = clientHost(() => shopUrl);
  let clientUrl = '';
  let strangerUrl = '';
  const problems: string[] = [];

  beforeAll(async () => {
    clientUrl = await listen(client);
    strangerUrl = await listen(stranger);
    shop = await createTestShop('sqlite', { env: { CORS_ORIGINS: clientUrl, PAYMENT_SANDBOX_KEY_ID: ORIGINAL_KEY_ID } });
    shopUrl = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    user = await createTestUser(shop, { password: 'ghee-lover-7' });
    const executablePath = chromiumPath();
    if (!executablePath) throw new Error('Chromium is needed for this test: install Debian chromium or set CHROMIUM_PATH.');
    browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    client.close();
    stranger.close();
  });
  beforeEach(async () => {
    problems.length = 0;
    page = await (await browser.newContext()).newPage();
    page.on('pageerror', (err) => problems.push(err.message));
  });
  afterEach(async () => {
    await page?.context().close();
  });

  /** fetch from the page, as the original's HTTP client does: JSON, and the stored token as a bearer. */
  async function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
    return page.evaluate(
      async ({ url, method, body, token }) => {
        const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
        if (body !== undefined) headers['content-type'] = 'application/json';
        if (token) headers.authorization = `Bearer ${token}`;
        const res = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        return { status: res.status, body: await res.json() };
      },
      { url: `${shopUrl}${path}`, method, body, token },
    );
  }

  it('checks out and pays: the dialog shows and charges the order as created, not the rupee total passed as paise', async () => {
    await page.goto(clientUrl);
    const products = (await call('GET', '/api/public/product')).body as OriginalProduct[];
    const login = await call('POST', '/api/account/login', { email: user.email, password: 'ghee-lover-7' });
    expect(login.status).toBe(200);
    const { token } = login.body as { token: string };

    const a2 = products.find((p) => p.name === 'A2 Desi Cow Ghee');
    const buffalo = products.find((p) => p.name === 'Buffalo Ghee');
    if (!a2 || !buffalo) throw new Error('seed changed');
    // One line from the detail page (500 ml, 15% off: 1019) and one from the product list (default size).
    const body = originalOrderBody(BILLING, [cartLineFromDetail(a2, 500, 1), cartLineFromList(buffalo)], 'ONLINE');
    const total = 1019 + buffalo.price[buffalo.quantitysize.indexOf(buffalo.quantity)]!;
    expect(body.totalAmount).toBe(total);
    const label = `Pay Rs. ${new Intl.NumberFormat('en-IN').format(total)}`;
    const created = await call('POST', '/api/checkout/createorder', body, token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = created.body as { orderid: string; totalAmount: number; username: string; emailaddress: string; mobilenumber: string };
    expect(order.totalAmount).toBe(total);

    // The original's options: its own key, and its rupee total as `amount` (Razorpay expects paise).
    await page.evaluate(
      ({ key, order }) => {
        const w = window as unknown as { result: unknown; Razorpay: new (o: object) => { open(): void } };
        w.result = null;
        new w.Razorpay({
          key,
          amount: order.totalAmount,
          currency: 'INR',
          name: 'Ghee Shop',
          order_id: order.orderid,
          prefill: { name: order.username, email: order.emailaddress, contact: order.mobilenumber },
          theme: { color: '#3399cc' },
          handler: (ok: unknown) => (w.result = ok),
        }).open();
      },
      { key: ORIGINAL_KEY_ID, order },
    );
    const dialog = page.getByRole('dialog', { name: 'Ghee Shop' });
    await expect.poll(() => dialog.getByRole('button', { name: label }).isEnabled()).toBe(true);
    expect(await dialog.getByText(`Rs. ${total / 100}`).count()).toBe(0);
    await dialog.getByRole('button', { name: label }).click();
    await page.waitForFunction(() => (window as unknown as { result: unknown }).result !== null);
    const ok = await page.evaluate(() => (window as unknown as { result: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } }).result);

    const confirmed = await call('PUT', '/api/checkout/updateorder', { paymentid: ok.razorpay_payment_id, orderid: ok.razorpay_order_id, paymentsignature: ok.razorpay_signature }, token);
    expect(confirmed.status).toBe(200);
    const row = await shop.app.ctx.db.selectFrom('orders').select(['payment_status', 'paymentid']).where('orderid', '=', order.orderid).executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_status: 'PAID', paymentid: ok.razorpay_payment_id });
    const payment = await shop.app.ctx.db.selectFrom('sandbox_payments').select('amount').where('id', '=', ok.razorpay_payment_id).executeTakeFirstOrThrow();
    expect(payment.amount).toBe(total * 100);
    const orders = await call('GET', '/api/order', undefined, token);
    expect((orders.body as { orderid: string }[]).map((o) => o.orderid)).toContain(order.orderid);
    expect(problems).toEqual([]);
  });

  it('a page on an origin not in CORS_ORIGINS cannot read any answer', async () => {
    await page.goto(strangerUrl);
    const outcome = await page.evaluate(async (url) => {
      try {
        await fetch(`${url}/api/public/product`);
        return 'read';
      } catch {
        return 'refused';
      }
    }, shopUrl);
    expect(outcome).toBe('refused');
    const posted = await page.evaluate(async (url) => {
      try {
        await fetch(`${url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        return 'read';
      } catch {
        return 'refused';
      }
    }, shopUrl);
    expect(posted).toBe('refused');
  });
});
