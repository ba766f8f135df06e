// A customer of a running shop over real HTTP, as the browser app behaves: browse, fill a cart priced from the
// public catalogue, check out by cash or through the sandbox dialog's pay call. Shared by the fault suite and
// the load benchmark (which adds the sandbox dialog's pay call).
import { finalPriceFor, subtotal } from '../../src/domain/pricing';
import type { PaymentMode } from '../../src/domain/constants';
import type { Product } from '../../src/domain/schemas/product';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T };
}

export interface Customer {
  email: string;
  token: string;
}

export async function registerCustomer(base: string, email: string): Promise<Customer> {
  const res = await call<{ token: string }>(base, 'POST', '/api/account/register', {
    body: { username: 'Load Customer', emailaddress: email, mobilenumber: '9876543210', password: 'customer-password' },
  });
  if (res.status !== 200) throw new Error(`register ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, token: res.body.token };
}

export async function loginAdmin(base: string, email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>(base, 'POST', '/api/account/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`admin login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export async function browseCatalogue(base: string): Promise<Product[]> {
  const res = await call<Product[]>(base, 'GET', '/api/public/product');
  if (res.status !== 200) throw new Error(`catalogue: ${res.status}`);
  return res.body;
}

export interface CartLine {
  name: string;
  quantity: number;
  itemQty: number;
  finalPrice: number;
}

/** A cart of one to three lines, chosen by `seed` so a run is repeatable, priced as the product page prices it. */
export function fillCart(products: readonly Product[], seed: number): CartLine[] {
  const inStock = products.filter((p) => p.instock && p.quantitysize.length > 0);
  if (inStock.length === 0) throw new Error('nothing in stock to buy');
  const lines: CartLine[] = [];
  const count = 1 + (seed % 3);
  for (let i = 0; i < count; i += 1) {
    const product = inStock[(seed + i * 7) % inStock.length] as Product;
    const size = product.quantitysize[(seed + i) % product.quantitysize.length] as number;
    if (lines.some((l) => l.name === product.name && l.quantity === size)) continue;
    lines.push({ name: product.name, quantity: size, itemQty: 1 + ((seed + i) % 3), finalPrice: finalPriceFor(product, size) });
  }
  return lines;
}

export function checkoutBody(customer: Customer, lines: CartLine[], mode: PaymentMode, receipt: string) {
  return {
    username: 'Load Customer',
    mobilenumber: '9876543210',
    emailaddress: customer.email,
    address: '12 Temple Street',
    pincode: '560001',
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    items: lines,
    totalAmount: subtotal(lines),
    receipt,
    note: '',
    paymentmode: mode,
  };
}

export const TEST_CARD = { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' };
