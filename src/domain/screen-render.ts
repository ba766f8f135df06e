// The contract between the server's crawlable pages (src/server/seo) and the web app's server entry
// (src/web/ssr/render-screen.tsx, built into dist/ssr): the server asks for the HTML of one screen of the app, the
// browser hydrates it. Neither side imports the other; the server loads the built entry by its path.
import type { Business } from './schemas/business';
import type { Policies } from './policies';
import type { Product } from './schemas/product';
import type { ShopProfile } from './schemas/shop-profile';
import type { ReviewPage } from './schemas/review';

/** GET /api/checkout/config: the payment gateway's script and key, test mode, and the shop's contact links. */
export interface ShopConfig {
  gateway: string;
  scriptUrl: string;
  keyid: string;
  testMode: boolean;
  /** False when the shop takes no online payment (cash on delivery only). */
  onlinePayment?: boolean;
}

export interface ScreenRenderInput {
  /** The path of the screen, e.g. '/products/a2-desi-cow-ghee'. */
  route: string;
  /** The public product list the screen reads, as GET /api/public/product answers it. */
  products: Product[];
  /** The shell reads it too (the TEST MODE banner, the contact links): rendered with it, the page does not shift. */
  shopConfig: ShopConfig;
  /** The seller named in the footer and on the label declarations; null when it could not be read. */
  business: Business | null;
  /** The shop's name, words and contact links (header, home, footer); null when it could not be read. */
  shopProfile: ShopProfile | null;
  /** The policy pages as GET /api/public/policies answers them, for a policy page's screen. */
  policies?: Policies;
  /** A product page's first page of reviews (all stars), as GET /api/public/products/{id}/reviews answers it. */
  reviews?: { productId: string; page: ReviewPage };
}

/** The markup that goes inside the page's root element. */
export type RenderScreen = (input: ScreenRenderInput) => Promise<string>;

/** The root element's attribute naming the screen the server rendered: the app hydrates it on that route. */
export const SCREEN_ROUTE_ATTRIBUTE = 'data-route';

/**
 * The id of the page's JSON block holding the business details the screen was rendered with: the app starts from
 * them, so its first render is the server's even when the page is older than the latest edit of those details.
 */
export const BUSINESS_DATA_ID = 'shop-business';

/** Likewise the shop profile the page was rendered with. */
export const SHOP_PROFILE_DATA_ID = 'shop-profile';
/** The id of a product page's JSON block holding the reviews it was rendered with (ScreenRenderInput['reviews']). */
export const REVIEWS_DATA_ID = 'shop-reviews';
