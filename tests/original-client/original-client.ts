// What the original React client sends and how it judges the answers (SPEC.md §3 and §7), written out once so the
// contract suite replays its calls exactly. Its own rules are re-stated here on purpose, not imported from
// src/domain: the point is to catch this shop drifting away from what the original computes.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestShop } from '../support/test-shop';

/** Where the original client is served from in these tests, and the Razorpay test key id it was built with. */
export const ORIGINAL_ORIGIN = 'https://original-client.example';
export const ORIGINAL_KEY_ID = 'rzp_test_OriginalBuild01';
export const REFUSED_ORIGIN = 'https://elsewhere.example';

/** The environment a shop needs to serve the original client (README, "Using the original client"). */
export const ORIGINAL_CLIENT_ENV = {
  CORS_ORIGINS: ORIGINAL_ORIGIN,
  PAYMENT_SANDBOX_KEY_ID: ORIGINAL_KEY_ID,
  PUBLIC_URL: 'https://shop.example',
  // A public address runs the sandbox only when asked (DESIGN.md §7.1).
  PAYMENT_SANDBOX: '1',
};

/** A product as the original reads it (SPEC.md §3, the content service's selected fields). */
export interface OriginalProduct {
  _id: string;
  name: string;
  offerpercentage: number;
  instock: boolean;
  ratings: number;
  ratingStar: number;
  description: string;
  price: number[];
  quantitysize: number[];
  quantity: number;
  images: string[];
}

/** A cart line as the original keeps it and sends it (SPEC.md §3 "Cart item"). */
export interface OriginalCartLine {
  id: string;
  name: string;
  price: number[];
  quantity: number;
  description: string;
  images: string;
  itemQty?: number;
  finalPrice: number;
  quantitysize?: number[];
  instock?: boolean;
  offerprice?: number;
}

/** SPEC.md §5: the price at the size's index (or the first), less the offer rounded to whole rupees. */
export function originalFinalPrice(product: OriginalProduct, size: number): number {
  const index = product.quantitysize.indexOf(size);
  const price = product.price[index] ?? product.price[0] ?? 0;
  return product.offerpercentage ? price - Math.round((price * product.offerpercentage) / 100) : price;
}

/** Added from the product list: the product's default size, one bottle. */
export function cartLineFromList(product: OriginalProduct): OriginalCartLine {
  return {
    id: product._id,
    name: product.name,
    price: product.price,
    quantity: product.quantity,
    description: product.description,
    images: product.images[0] ?? '',
    itemQty: 1,
    finalPrice: originalFinalPrice(product, product.quantity),
  };
}

/** Added from the detail page: the size picked in the radio group, the stepper's count, and three fields more. */
export function cartLineFromDetail(product: OriginalProduct, size: number, itemQty: number): OriginalCartLine {
  const finalPrice = originalFinalPrice(product, size);
  return {
    ...cartLineFromList(product),
    quantity: size,
    itemQty,
    finalPrice,
    quantitysize: product.quantitysize,
    instock: product.instock,
    offerprice: finalPrice,
  };
}

export interface OriginalBilling {
  name: string;
  email: string;
  mobilenumber: string;
  pincode: string;
  address: string;
  state: string;
  district: string;
}

export const BILLING: OriginalBilling = {
  name: 'Lakshmi Iyer',
  email: 'lakshmi@example.in',
  mobilenumber: '9845012345',
  pincode: '600004',
  address: '7 Kutchery Road & Lane, Mylapore',
  state: 'Tamil Nadu',
  district: 'Chennai',
};

/**
 * The order create payload (SPEC.md §3): the billing details, then the local order draft (its own random `id`
 * below 1000, a receipt, note, the browser's clock, the payment mode) with the cart lines as they are, and the
 * subtotal the original computes (finalPrice × itemQty, itemQty counted as 1 when missing).
 */
export function originalOrderBody(billing: OriginalBilling, cart: OriginalCartLine[], paymentmode: 'ONLINE' | 'CASHONDELIVERY') {
  return {
    username: billing.name,
    mobilenumber: billing.mobilenumber,
    emailaddress: billing.email,
    address: billing.address,
    pincode: billing.pincode,
    state: billing.state,
    district: billing.district,
    id: Math.floor(Math.random() * 1000),
    items: cart,
    totalAmount: cart.reduce((sum, line) => sum + line.finalPrice * (line.itemQty ?? 1), 0),
    receipt: `Receipt-${Math.floor(Math.random() * 1_000_000)}`,
    note: 'Leave with the watchman',
    createdAt: new Date().toISOString(),
    paymentmode,
  };
}

/** The headers the original's HTTP client sends from its own origin: JSON, and the stored token as a bearer. */
export function originalHeaders(token?: string): Record<string, string> {
  return {
    origin: ORIGINAL_ORIGIN,
    accept: 'application/json, text/plain, */*',
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** One call exactly as the original makes it; the browser can read the answer only with the CORS grant. */
export async function replay(
  shop: TestShop,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const headers = originalHeaders(options.token);
  if (options.body === undefined) delete headers['content-type'];
  const res = await shop.app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  expect(res.headers['access-control-allow-origin'], `${method} ${url}: no CORS grant`).toBe(ORIGINAL_ORIGIN);
  return res;
}

type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** Every field the original reads is present, with the type it uses. */
export function expectReads(body: unknown, reads: Record<string, FieldType>): Record<string, unknown> {
  const record = body as Record<string, unknown>;
  for (const [field, type] of Object.entries(reads)) {
    const value = record[field];
    if (type === 'array') expect(Array.isArray(value), `${field} is read as an array`).toBe(true);
    else expect(value !== null && typeof value === type, `${field} is read as a ${type}`).toBe(true);
  }
  return record;
}

/** The original's success test: status exactly 200 (not 201 or 204), and the fields it reads. */
export function expectOriginalSuccess(res: LightMyRequestResponse, reads: Record<string, FieldType> = {}): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(200);
  return expectReads(res.json(), reads);
}

/** Fields the original reads from an order in Your Orders and the admin list (SPEC.md §3 "Order (as returned)"). */
export const ORDER_READS = {
  id: 'number',
  orderid: 'string',
  paymentid: 'string',
  status: 'string',
  paymentmode: 'string',
  address: 'string',
  district: 'string',
  state: 'string',
  pincode: 'string',
  mobilenumber: 'string',
  totalAmount: 'number',
  items: 'array',
  createdAt: 'string',
  username: 'string',
  emailaddress: 'string',
  note: 'string',
} as const;

/** Fields of `user` read after register, login and billing registration (SPEC.md §7), the password aside. */
export const USER_READS = {
  username: 'string',
  emailaddress: 'string',
  mobilenumber: 'string',
  address: 'string',
  pincode: 'string',
  district: 'string',
  state: 'string',
  roles: 'array',
} as const;
