// The app's screens and their paths (decision 072). The web router draws them and the server answers the same paths
// with the app, and 404 for any other; one list keeps the two from drifting apart.

/**
 * Screens the server answers with the app's page as built (index.html), the browser drawing the screen. Paths
 * are React Router patterns. Home is home.html, served at `/`: index.html with the hero picture's preload
 * (vite.config.ts). The product list and pages and the policy pages are the server's crawlable pages
 * (CRAWLABLE_ROUTES).
 */
export const APP_ROUTES = {
  cart: '/cart',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgotpassword',
  resetPassword: '/resetpassword',
  account: '/account',
  confirmEmail: '/confirm-email',
  orders: '/orders',
  track: '/track',
  trackOrder: '/track/:orderid',
  billing: '/checkoutbilling',
  orderSummary: '/checkoutorder',
  success: '/success',
  failure: '/failure',
  review: '/review/:productId',
  confirmOrder: '/confirm/:orderid',
  admin: '/admin',
  adminOrder: '/admin/orders/:orderid',
  studio: '/studio',
} as const;

/** Screens the server renders itself (src/server/seo), which the app then hydrates. */
export const CRAWLABLE_ROUTES = {
  products: '/products',
  product: '/products/:slug',
  policy: '/policy/:policy',
  contact: '/contact',
} as const;

/**
 * The address of a product's screen before decision 072: `/product/{name}`. Links shared then still arrive (as
 * `#/product/{name}`); the app and the server send them on to the product's page by its slug.
 */
export const OLD_PRODUCT_ROUTE = '/product/:name';

/**
 * The path the server renders its "page not found" page at: no route of the app, so the app shows its not-found
 * screen there, as at any path it does not know. The app hydrates that page at whatever unknown path it was sent.
 */
export const NOT_FOUND_ROUTE = '/page-not-found';

/** One order's detail in the admin dashboard, by the order id the admin API uses (`order_…`). */
export function adminOrderPath(orderid: string): string {
  return APP_ROUTES.adminOrder.replace(':orderid', encodeURIComponent(orderid));
}

/** Every pattern the server answers with the app's page as built. */
export const APP_SHELL_PATHS: readonly string[] = Object.values(APP_ROUTES);

const SAME_SITE = 'http://same-site.invalid';

/**
 * `next` when it is a path of this site (with its query), else null. With path routes a browser reads `/\evil.example`
 * or `/\t/evil.example` as another site's address (a hash route never could be), so the path is parsed as the
 * browser would parse it, and must stay on the same origin.
 */
export function sameSitePath(next: string | null): string | null {
  if (!next?.startsWith('/')) return null;
  try {
    const url = new URL(next, SAME_SITE);
    return url.origin === SAME_SITE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * The path (with its query) that an address written for the old hash routes (`/#/resetpassword?email=…`) stands
 * for, or null when the address has no hash route. The query inside the fragment comes first; a query the address
 * had outside it is kept after it.
 */
export function pathOfHashRoute(hash: string, search = ''): string | null {
  if (!hash.startsWith('#/')) return null;
  const route = hash.slice(1);
  const at = route.indexOf('?');
  const path = at < 0 ? route : route.slice(0, at);
  const inner = at < 0 ? '' : route.slice(at + 1);
  const outer = search.startsWith('?') ? search.slice(1) : search;
  const query = [inner, outer].filter(Boolean).join('&');
  return `${path}${query ? `?${query}` : ''}`;
}
