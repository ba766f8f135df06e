// Shared by the attack suite: the shop's routes as Fastify knows them, who may call each, and the payloads.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestShop } from '../support/test-shop';

export interface RouteEntry {
  method: string;
  /** Fastify's pattern, e.g. `/api/product/:id`. */
  url: string;
}

/**
 * Every route the app has, read from Fastify's own router (not from the OpenAPI document, which a route can
 * hide from). printRoutes draws a tree whose children continue their parent's path.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD') routes.push({ method, url: path });
    }
  }
  return routes;
}

export const routeKey = (r: RouteEntry) => `${r.method} ${r.url}`;

/** Calls anyone may make (the gateway's webhook proves itself with a signature instead of a login). */
export const PUBLIC_API = new Set([
  'POST /api/account/register',
  'POST /api/account/login',
  'POST /api/account/registeronprocess',
  'POST /api/account/resetpassword',
  'POST /api/account/resetnewpassword',
  'POST /api/account/confirm-email',
  'POST /api/account/email-code',
  'POST /api/account/email-code/verify',
  'GET /api/public/product',
  'GET /api/public/delivery/:pincode',
  'GET /api/public/business',
  'GET /api/public/policies',
  'GET /api/public/shop-profile',
  'GET /api/public/products/:productId/reviews',
  'GET /api/checkout/config',
  'POST /api/checkout/webhook',
  // The courier's tracking webhook proves itself with its x-api-key token; /track needs the order's delivery pincode.
  'POST /api/shipping/webhook',
  'GET /api/public/track/:orderid',
  'GET /api/docs',
  // The COD confirmation link works without logging in: its signed token is the key (the order's own signed-in
  // customer, or an admin, answers without one).
  'GET /api/order/:orderid/confirm',
  'POST /api/order/:orderid/confirm',
  // Meta's subscription check (the verify token) and signed events (X-Hub-Signature-256).
  'GET /api/whatsapp/webhook',
  'POST /api/whatsapp/webhook',
]);

/** Calls for any logged-in customer, always about the caller's own account. */
export const USER_API = new Set([
  'PUT /api/account/profile',
  'POST /api/account/logout',
  'POST /api/account/logout-all',
  'GET /api/account/sessions',
  'DELETE /api/account/sessions/:id',
  'GET /api/account/me',
  'POST /api/checkout/createorder',
  'POST /api/checkout/codorder',
  'POST /api/checkout/quote',
  'PUT /api/checkout/updateorder',
  'POST /api/checkout/payorder',
  'GET /api/order',
  'GET /api/order/:orderid/invoice.pdf',
  'GET /api/order/:orderid/credit-notes/:number.pdf',
  // The caller's own order only (404 for another's); an admin may cancel any order and see its refunds.
  'POST /api/order/:orderid/cancel',
  'GET /api/order/:orderid/refunds',
  // A review is the caller's own, and only of a product a delivered order of theirs holds (403 NOT_A_BUYER otherwise).
  'POST /api/products/:productId/reviews',
  'GET /api/products/:productId/reviews/mine',
  // The account's WhatsApp updates switch; off also clears the opt-in of the account's own orders.
  'GET /api/account/whatsapp',
  'PUT /api/account/whatsapp',
]);

/** Fills path parameters with well-formed values, so the guard (not the parameter check) must answer. */
export function concreteUrl(pattern: string): string {
  return pattern.replace(':hash', 'a'.repeat(32)).replace(/:[a-z]+/gi, '1');
}

/** Strings that break out of a quoted SQL literal, comment out the rest, stack a statement or stall the server. */
export const SQL_INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1' UNION SELECT password_hash, email FROM users --",
  "x'); SELECT pg_sleep(5); --",
  "\\'; DELETE FROM orders WHERE '1'='1",
  '%_%\\',
] as const;

/** Markup that runs script if any page or mail puts it into the DOM unescaped. */
export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload=window.__xss=1>',
  "javascript:window.__xss=1//'",
] as const;

export async function inject(shop: TestShop, options: InjectOptions): Promise<LightMyRequestResponse> {
  return shop.app.inject(options);
}

/** A 5xx is always a bug (DESIGN.md §3): the attack must get a 4xx or a normal answer. */
export function expectNoServerError(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
}

export async function countRows(shop: TestShop, table: 'users' | 'orders' | 'order_lines' | 'payments' | 'mail_outbox' | 'products'): Promise<number> {
  const row = await shop.app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
