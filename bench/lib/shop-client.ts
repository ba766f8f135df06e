// The few shop calls the benchmarks make to set themselves up: sign up, log in, place orders, read products.
import { randomBytes } from 'node:crypto';
import { finalPriceFor, lineTotal } from '../../src/domain/pricing';
import type { CreateOrderBody } from '../../src/domain/schemas/order';
import type { Product } from '../../src/domain/schemas/product';

export async function call<T>(url: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function register(url: string, name: string): Promise<{ token: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@bench.test`;
  const answer = await call<{ token: string }>(url, '/api/account/register', {
    body: { username: name, emailaddress: email, mobilenumber: '9876543210', password: 'bench-password' },
  });
  return { token: answer.token, email };
}

export async function login(url: string, email: string, password: string): Promise<string> {
  return (await call<{ token: string }>(url, '/api/account/login', { body: { email, password } })).token;
}

/** A two-line cash-on-delivery order priced as the browser prices it, with a receipt to fill in. */
export async function orderTemplate(url: string, email: string): Promise<(receipt: string) => CreateOrderBody> {
  const products = (await call<Product[]>(url, '/api/public/product')).filter((p) => p.instock);
  const chosen = products.slice(0, 2);
  if (chosen.length === 0) throw new Error('the shop has no product in stock to order');
  const items = chosen.map((p, i) => ({ name: p.name, quantity: p.quantity, itemQty: i + 1, finalPrice: finalPriceFor(p, p.quantity) }));
  const totalAmount = items.reduce((sum, item) => sum + lineTotal(item.finalPrice, item.itemQty), 0);
  return (receipt) => ({
    username: 'Bench Customer',
    mobilenumber: '9876543210',
    emailaddress: email,
    address: '12 Temple Street',
    pincode: '560001',
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    items,
    totalAmount,
    receipt,
    note: '',
    paymentmode: 'CASHONDELIVERY',
  });
}
