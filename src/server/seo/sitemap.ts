// /sitemap.xml (sitemaps.org protocol 0.9) and /robots.txt.
import { APP_ROUTES } from '../../domain/app-routes';
import { PRODUCTS_PAGE_PATH, productPagePath } from '../../domain/page-meta';
import { POLICY_KEYS, POLICY_ROUTES } from '../../domain/policies';
import type { Product } from '../../domain/schemas/product';
import { escapeHtml } from './html';
import { absoluteUrl } from './product-images';

export interface SitemapEntry {
  path: string;
  /** W3C date-time of the page's last change, when known. */
  lastmod?: string | undefined;
}

/**
 * Home, the product list, every product page and the policy pages (DESIGN.md §7.2, served at /policy/{name} and
 * /contact); the other screens are a customer's own (cart, orders) or need a link from a mail. The policy pages carry no
 * lastmod: the sitemap is built per catalogue edition, which an edit of a policy does not make.
 */
export function shopSitemapEntries(products: Product[], changed: Map<string, string>): SitemapEntry[] {
  const dates = products.map((p) => changed.get(p.slug)).filter((d): d is string => d !== undefined);
  const newest = dates.length > 0 ? dates.reduce((a, b) => (a > b ? a : b)) : undefined;
  return [
    { path: '/', lastmod: newest },
    { path: PRODUCTS_PAGE_PATH, lastmod: newest },
    ...products.map((p) => ({ path: productPagePath(p.slug), lastmod: changed.get(p.slug) })),
    ...POLICY_KEYS.map((key) => ({ path: POLICY_ROUTES[key] })),
  ];
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(absoluteUrl(origin, e.path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Crawlers keep out of the API, the payment sandbox, and the admin dashboard and product studio: those are paths
 * the server answers (decision 072), but with nothing worth indexing, only a screen that asks an admin to log in.
 * A rule is a prefix: /admin keeps out an order's page in the dashboard (/admin/orders/{orderid}) too.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /sandbox/',
    `Disallow: ${APP_ROUTES.admin}`,
    `Disallow: ${APP_ROUTES.studio}`,
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
