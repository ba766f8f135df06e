// Titles, descriptions and addresses of the shop's pages: the app sets them on each screen (document.title and
// the meta description) and the server writes the same into the crawlable pages, so a search result, a shared
// link and the open tab all name a page alike.
import { formatRupees, formatSize } from './display';
import { finalPriceFor } from './pricing';
import type { Product } from './schemas/product';

export const SHOP_NAME = 'Ghee Shop';
export const SHOP_TAGLINE = 'Homemade small-batch ghee';
export const DEFAULT_DESCRIPTION = 'Ghee Shop: small-batch homemade ghee from grass-fed butter, delivered to your door.';

/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_MAX = 160;

/** The crawlable pages (DESIGN.md §7.5), at the same paths as the app's screens (decision 072). */
export const PRODUCTS_PAGE_PATH = '/products';

/** A product's page, on the server and in the app alike. */
export function productPagePath(slug: string): string {
  return `${PRODUCTS_PAGE_PATH}/${encodeURIComponent(slug)}`;
}

export const PRODUCTS_SCREEN = {
  route: '/products',
  title: 'Our ghee',
  description: 'Every ghee we make, in every bottle size and price: slow-cooked in small batches from grass-fed butter and delivered to your door.',
} as const;

/** "Title · Ghee Shop", or the shop's own title for the home page. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${SHOP_NAME}` : `${SHOP_NAME} · ${SHOP_TAGLINE}`;
}

/** One line of at most META_DESCRIPTION_MAX characters, cut between words. */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= META_DESCRIPTION_MAX) return line;
  const head = chars.slice(0, META_DESCRIPTION_MAX - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > META_DESCRIPTION_MAX / 2 ? head.slice(0, space) : head).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** What a search result or a shared link says under the product's name: its sizes, its lowest price, then its story. */
export function productDescription(product: Product): string {
  const sizes = product.quantitysize.map(formatSize);
  const lowest = Math.min(...product.quantitysize.map((size) => finalPriceFor(product, size)));
  const offer = Number.isFinite(lowest) ? ` from ${formatRupees(lowest)}` : '';
  const bottles = sizes.length > 0 ? ` in ${listOf(sizes)} bottles${offer}.` : '.';
  return metaDescription(`${product.name}${bottles} ${product.description}`);
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
