// Set-up for the admin journeys, all through the public API: customers, cash-on-delivery orders, a paid
// sandbox order, and status changes. Screens are exercised by the specs themselves.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { finalPriceFor } from '../../src/domain/pricing';
import type { Product } from '../../src/domain/schemas/product';
import type { Order } from '../../src/domain/schemas/order';
import { ADMIN, registerCustomer, type Customer } from './accounts';

const SESSION_KEY = 'ghee-shop.session';

/** A short tag of letters unique to this run, put in customer names so a search finds only our orders. */
// Tags go into names that locators look for, so a tag can spell a label's word ("namert" holds "name"):
// label lookups in the specs are exact for that reason.
export function runTag(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  return Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/account/login', { data: { email, password } });
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
  return (await res.json()) as { token: string; user: { roles: string[] } };
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request, ADMIN.email, ADMIN.password)).token;
}

/** Turns the COD confirmation of Settings on or off (24 hours to answer). The suite shares one shop: turn it off after. */
export async function setCodConfirmation(request: APIRequestContext, on: boolean) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const current = await (await request.get('/api/settings', { headers })).json();
  const saved = await request.put('/api/settings', { headers, data: { ...current, codConfirmation: on, codConfirmHours: 24 } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * Signs in by writing the session the login screen would write (sessionStorage, not remembered). Used
 * where the journey is about the dashboard, not about logging in.
 */
export async function signInWithSession(page: Page, request: APIRequestContext, email: string, password: string) {
  const answer = await apiLogin(request, email, password);
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => window.sessionStorage.setItem(key, value),
    [SESSION_KEY, JSON.stringify({ token: answer.token, user: answer.user, remember: false })] as const,
  );
}

async function firstProduct(request: APIRequestContext): Promise<Product> {
  const res = await request.get('/api/public/product');
  expect(res.status()).toBe(200);
  const products = (await res.json()) as Product[];
  const product = products.find((p) => p.instock) ?? products[0];
  if (!product) throw new Error('the catalogue is empty');
  return product;
}

function orderBody(customer: Customer, product: Product, itemQty: number, note: string) {
  const finalPrice = finalPriceFor(product, product.quantity);
  return {
    username: customer.name,
    mobilenumber: customer.mobile,
    emailaddress: customer.email,
    address: '12 Temple Street',
    pincode: '560001',
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    items: [{ name: product.name, quantity: product.quantity, itemQty, finalPrice }],
    totalAmount: finalPrice * itemQty,
    receipt: `Receipt-${Math.floor(Math.random() * 1_000_000)}-${Date.now()}`,
    note,
    paymentmode: 'CASHONDELIVERY',
  };
}

export interface SeededOrder {
  customer: Customer;
  order: Order;
}

/**
 * `count` customers named '<Name> <tag> NN', each placing one cash-on-delivery order through
 * POST /api/checkout/codorder, one after the other so their times are in that order.
 */
export async function seedCodOrders(request: APIRequestContext, tag: string, count: number): Promise<SeededOrder[]> {
  const product = await firstProduct(request);
  const seeded: SeededOrder[] = [];
  for (let i = 1; i <= count; i += 1) {
    const name = `Tara ${tag} ${String(i).padStart(2, '0')}`;
    const customer = await registerCustomer(request, { name });
    const res = await request.post('/api/checkout/codorder', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: orderBody(customer, product, 1 + (i % 3), i % 4 === 0 ? `Please ring twice (${i})` : ''),
    });
    expect(res.status(), `codorder ${i}: ${await res.text()}`).toBe(200);
    seeded.push({ customer, order: (await res.json()) as Order });
  }
  return seeded;
}

/** Sets an order's status through the status-mail call, as the Update Status button does. */
export async function setOrderStatus(request: APIRequestContext, token: string, orderid: string, status: string) {
  const res = await request.put('/api/email/admin/email', {
    headers: { authorization: `Bearer ${token}` },
    data: { orderid, status },
  });
  expect(res.status(), `status of ${orderid}: ${await res.text()}`).toBe(200);
}

/**
 * An online order paid through the sandbox gateway's card endpoint (what its dialog calls), answering the
 * gateway's order and payment ids. `card` picks a sandbox test card (5555 5555 5555 4444: refunds fail).
 */
export async function paidSandboxOrder(request: APIRequestContext, customer: Customer, card = '4111 1111 1111 1111') {
  const product = await firstProduct(request);
  const auth = { authorization: `Bearer ${customer.token}` };
  const created = await request.post('/api/checkout/createorder', {
    headers: auth,
    data: { ...orderBody(customer, product, 1, ''), paymentmode: 'ONLINE' },
  });
  expect(created.status(), `createorder: ${await created.text()}`).toBe(200);
  const { orderid, keyid } = (await created.json()) as { orderid: string; keyid: string };
  const paid = await request.post('/sandbox/pay', {
    data: { order_id: orderid, key_id: keyid, card: { number: card, expiry: '12/30', cvv: '123' } },
  });
  expect(paid.status(), `sandbox pay: ${await paid.text()}`).toBe(200);
  const success = (await paid.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  const confirmed = await request.put('/api/checkout/updateorder', {
    headers: auth,
    data: { orderid: success.razorpay_order_id, paymentid: success.razorpay_payment_id, paymentsignature: success.razorpay_signature },
  });
  expect(confirmed.status(), `updateorder: ${await confirmed.text()}`).toBe(200);
  return { orderid: success.razorpay_order_id, paymentid: success.razorpay_payment_id };
}

/**
 * An online checkout the customer switched to cash on delivery (the same receipt sent again as COD), whose payment
 * the gateway captured afterwards, as a late UPI approval does: the shop refunds that payment by itself. Answers
 * the order's id once its refund is recorded.
 */
export async function switchedToCodThenPaid(request: APIRequestContext, customer: Customer, token: string): Promise<string> {
  const product = await firstProduct(request);
  const auth = { authorization: `Bearer ${customer.token}` };
  const body = { ...orderBody(customer, product, 1, ''), paymentmode: 'ONLINE' };
  const created = await request.post('/api/checkout/createorder', { headers: auth, data: body });
  expect(created.status(), `createorder: ${await created.text()}`).toBe(200);
  const { orderid, keyid } = (await created.json()) as { orderid: string; keyid: string };
  const switched = await request.post('/api/checkout/codorder', { headers: auth, data: { ...body, paymentmode: 'CASHONDELIVERY' } });
  expect(switched.status(), `codorder: ${await switched.text()}`).toBe(200);
  const paid = await request.post('/sandbox/pay', { data: { order_id: orderid, key_id: keyid, card: { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' } } });
  expect(paid.status(), `sandbox pay: ${await paid.text()}`).toBe(200);
  await expect
    .poll(async () => ((await (await request.get(`/api/order/${orderid}/refunds`, { headers: { authorization: `Bearer ${token}` } })).json()) as { refunds: unknown[] }).refunds.length)
    .toBe(1);
  return orderid;
}
