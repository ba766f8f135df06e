// The crawlable pages (DESIGN.md §7.5): /products, /products/{slug}, the policy pages (/policy/{name}, /contact),
// /sitemap.xml and /robots.txt, each built,
// serialized and compressed once per edition of the catalogue (its ETag) and then sent as bytes, like the public
// product list. A catalogue change, or a change of the business details they show, makes a new edition; pages are
// built again on their next request.
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_DESCRIPTION,
  PRODUCTS_PAGE_PATH,
  PRODUCTS_SCREEN,
  pageTitle,
  productDescription,
  productPagePath,
} from '../../domain/page-meta';
import { NOT_FOUND_ROUTE } from '../../domain/app-routes';
import { POLICY_DESCRIPTIONS, POLICY_ROUTES, POLICY_TITLES, type Policies, type PolicyKey } from '../../domain/policies';
import { finalPriceFor } from '../../domain/pricing';
import type { Product } from '../../domain/schemas/product';
import type { Business } from '../../domain/schemas/business';
import type { ReviewPage } from '../../domain/schemas/review';
import { BUSINESS_DATA_ID, REVIEWS_DATA_ID, SHOP_PROFILE_DATA_ID, type RenderScreen, type ScreenRenderInput, type ShopConfig } from '../../domain/screen-render';
import type { ShopProfile } from '../../domain/schemas/shop-profile';
import { looksLikeSlug } from '../../domain/slug';
import type { CatalogueSourceHandle } from '../catalog/catalogue-source';
import type { Executor } from '../db/database';
import { encodeAnswer, entityTag, type EncodedAnswer } from '../http/encoded-answer';
import { jsonForScript } from './html';
import { splitHoisted, type PageTemplate } from './page-document';
import { renderHead, type PageHead } from './page-head';
import { previewPicture } from './product-images';
import { currentSlugOf, productChangeDates } from './seo-repository';
import { robotsTxt, shopSitemapEntries, sitemapXml } from './sitemap';
import {
  HOME_CRUMB,
  PRODUCTS_CRUMB,
  breadcrumbStructuredData,
  productListStructuredData,
  productStructuredData,
} from './structured-data';


export interface PageServiceDeps {
  db: Executor;
  catalogue: CatalogueSourceHandle;
  /** PUBLIC_URL: canonical addresses, cards and the sitemap name the shop by it. */
  origin: string;
  template: () => Promise<PageTemplate>;
  renderer: () => Promise<RenderScreen | null>;
  shopConfig: () => ShopConfig;
  /** The business details (footer, label declarations); may be a copy up to a minute old. */
  business: () => Promise<Business | null>;
  /** The shop profile (its name, the footer's words and contact links); may be a copy up to a minute old. */
  shopProfile: () => Promise<ShopProfile | null>;
  /** The policy pages as customers read them (they change with the owner's edits, not with the catalogue). */
  policies: () => Promise<Policies>;
  /** A product's first page of published reviews (database catalogue only; null for none to show). */
  reviews: (productId: string) => Promise<ReviewPage | null>;
  log: FastifyBaseLogger;
}

export type PageResult =
  /** `current`: whether the page's inputs are still the ones it was built from (see Edition.current). */
  | { kind: 'page'; status: 200 | 404; answer: EncodedAnswer; current: () => boolean }
  | { kind: 'redirect'; location: string };

/** A cached answer and whether a request would still get the same one (for http/fast-path.ts). */
export interface CheckedAnswer {
  answer: EncodedAnswer;
  current: () => boolean;
}

// robots.txt names only the shop's address, which does not change while the process runs.
const ALWAYS = () => true;

interface Edition {
  etag: string;
  business: Business | null;
  profile: ShopProfile | null;
  /** Business details and profile as JSON: a change of either makes a new edition. */
  sharedJson: string;
  products: Product[];
  bySlug: Map<string, Product>;
  answers: Map<string, Promise<EncodedAnswer>>;
  /** The snapshots' copies this edition was last checked against: the same copies mean the same inputs. */
  checked: { business: Promise<Business | null>; profile: Promise<ShopProfile | null> } | null;
  /**
   * True while a request would get this edition without any new input: the catalogue is fresh with the same tag,
   * and the business and profile snapshots hand out the copies it was checked against. No await, so a cached page
   * can be sent before the hooks (http/fast-path.ts).
   */
  current: () => boolean;
}

export function createPageService(deps: PageServiceDeps) {
  const { origin, log } = deps;
  let edition: Edition | null = null;
  let robots: Promise<EncodedAnswer> | null = null;
  // Slugs, their history and change dates are the database catalogue's; a Sanity catalogue has none of them.
  const inDatabase = deps.catalogue.kind === 'database';

  async function current(): Promise<Edition> {
    const businessCopy = deps.business();
    const profileCopy = deps.shopProfile();
    const [payload, business, profile] = await Promise.all([deps.catalogue.payload(), businessCopy, profileCopy]);
    const changed = !!edition && (edition.business !== business || edition.profile !== profile);
    const stale = changed && edition?.sharedJson !== JSON.stringify([business, profile]);
    if (edition?.etag !== payload.etag || stale) {
      const products = JSON.parse(payload.body) as Product[];
      const sharedJson = JSON.stringify([business, profile]);
      const ed: Edition = {
        etag: payload.etag,
        business,
        profile,
        sharedJson,
        products,
        bySlug: new Map(products.map((p) => [p.slug, p])),
        answers: new Map(),
        checked: null,
        current: () =>
          edition === ed &&
          ed.checked !== null &&
          deps.catalogue.cachedPayload()?.etag === ed.etag &&
          deps.business() === ed.checked.business &&
          deps.shopProfile() === ed.checked.profile,
      };
      edition = ed;
    } else if (changed) {
      edition.business = business;
      edition.profile = profile;
    }
    edition.checked = { business: businessCopy, profile: profileCopy };
    return edition;
  }

  /** One build per edition and key; requests arriving during a build share it, a failed build is tried again. */
  function once(ed: Edition, key: string, build: () => Promise<EncodedAnswer>): Promise<EncodedAnswer> {
    let answer = ed.answers.get(key);
    if (!answer) {
      answer = build();
      ed.answers.set(key, answer);
      answer.catch(() => ed.answers.delete(key));
    }
    return answer;
  }

  async function screen(ed: Edition, route: string, extra: Pick<ScreenRenderInput, 'policies' | 'reviews'> = {}): Promise<string> {
    const render = await deps.renderer();
    if (!render) return '';
    try {
      return await render({
        route,
        products: ed.products,
        shopConfig: deps.shopConfig(),
        business: ed.business,
        shopProfile: ed.profile,
        ...extra,
      });
    } catch (err) {
      // The head (title, cards, JSON-LD) still goes out, and the app draws the screen in the browser.
      log.error({ err, route }, 'rendering a crawlable page failed; it goes out without its content');
      return '';
    }
  }

  async function page(ed: Edition, route: string, head: PageHead, extra: Pick<ScreenRenderInput, 'policies' | 'reviews'> = {}): Promise<EncodedAnswer> {
    const [template, markup] = await Promise.all([deps.template(), screen(ed, route, extra)]);
    const { hoisted, body } = splitHoisted(markup);
    const data =
      (ed.business ? `\n    <script type="application/json" id="${BUSINESS_DATA_ID}">${jsonForScript(ed.business)}</script>` : '') +
      (ed.profile ? `\n    <script type="application/json" id="${SHOP_PROFILE_DATA_ID}">${jsonForScript(ed.profile)}</script>` : '') +
      (extra.reviews ? `\n    <script type="application/json" id="${REVIEWS_DATA_ID}">${jsonForScript(extra.reviews)}</script>` : '');
    const headTags = `${renderHead(head, origin)}${hoisted ? `\n    ${hoisted}` : ''}${data}`;
    return encodeAnswer(template({ head: headTags, route, body }), null);
  }

  function productHead(product: Product, reviews: ReviewPage | null): PageHead {
    const first = product.images[0];
    const prices = product.quantitysize.map((size) => finalPriceFor(product, size));
    return {
      title: pageTitle(product.name),
      description: productDescription(product),
      canonicalPath: productPagePath(product.slug),
      ogType: 'product',
      picture: first ? { ...previewPicture(first), alt: `A bottle of ${product.name}` } : undefined,
      price: prices.length > 0 ? Math.min(...prices) : undefined,
      structuredData: [
        productStructuredData(product, origin, reviews?.items ?? []),
        breadcrumbStructuredData([HOME_CRUMB, PRODUCTS_CRUMB, { name: product.name, path: productPagePath(product.slug) }], origin),
      ],
    };
  }

  function listHead(products: Product[]): PageHead {
    const first = products.find((p) => p.images.length > 0);
    const picture = first?.images[0];
    return {
      title: pageTitle(PRODUCTS_SCREEN.title),
      description: PRODUCTS_SCREEN.description,
      canonicalPath: PRODUCTS_PAGE_PATH,
      ogType: 'website',
      picture: first && picture ? { ...previewPicture(picture), alt: `A bottle of ${first.name}` } : undefined,
      structuredData: [productListStructuredData(products, origin), breadcrumbStructuredData([HOME_CRUMB, PRODUCTS_CRUMB], origin)],
    };
  }

  function policyHead(key: PolicyKey): PageHead {
    const title = POLICY_TITLES[key];
    return {
      title: pageTitle(title),
      description: POLICY_DESCRIPTIONS[key],
      canonicalPath: POLICY_ROUTES[key],
      ogType: 'website',
      structuredData: [breadcrumbStructuredData([HOME_CRUMB, { name: title, path: POLICY_ROUTES[key] }], origin)],
    };
  }

  const missingHead: PageHead = {
    title: pageTitle('Page not found'),
    description: DEFAULT_DESCRIPTION,
    robots: 'noindex',
    ogType: 'website',
    structuredData: [],
  };

  const missing = (ed: Edition) => once(ed, 'missing', () => page(ed, NOT_FOUND_ROUTE, missingHead));

  return {
    async listPage(): Promise<CheckedAnswer> {
      const ed = await current();
      return { answer: await once(ed, 'list', () => page(ed, PRODUCTS_SCREEN.route, listHead(ed.products))), current: ed.current };
    },

    async productPage(slug: string): Promise<PageResult> {
      const ed = await current();
      const product = ed.bySlug.get(slug);
      if (product) {
        const answer = await once(ed, `product:${slug}`, async () => {
          // Built once per edition: a change to the published reviews makes a new edition (reviewsUpdatedAt).
          const reviews = inDatabase ? await deps.reviews(product._id) : null;
          return page(ed, productPagePath(product.slug), productHead(product, reviews), reviews ? { reviews: { productId: product._id, page: reviews } } : {});
        });
        return { kind: 'page', status: 200, answer, current: ed.current };
      }
      if (slug === '') return { kind: 'redirect', location: PRODUCTS_PAGE_PATH };
      // A link typed in capitals, or a page from before a rename: one permanent redirect to today's address.
      const lower = slug.toLowerCase();
      const renamed = ed.bySlug.has(lower) ? lower : inDatabase && looksLikeSlug(slug) ? await currentSlugOf(deps.db, lower) : null;
      if (renamed && ed.bySlug.has(renamed)) return { kind: 'redirect', location: productPagePath(renamed) };
      return { kind: 'page', status: 404, answer: await missing(ed), current: ed.current };
    },

    /** /product/{name}, a product's address in the app before decision 072: on to its page by slug. */
    async oldProductAddress(name: string): Promise<PageResult> {
      const ed = await current();
      const product = ed.products.find((p) => p.name === name);
      if (product) return { kind: 'redirect', location: productPagePath(product.slug) };
      return { kind: 'page', status: 404, answer: await missing(ed), current: ed.current };
    },

    /** The "page not found" page (404, not indexed), for a path under a crawlable prefix that names nothing. */
    async missingPage(): Promise<EncodedAnswer> {
      return missing(await current());
    },

    /** A policy page, built again when its texts (or the business details in them) change. */
    async policyPage(key: PolicyKey): Promise<EncodedAnswer> {
      const [ed, policies] = await Promise.all([current(), deps.policies()]);
      const version = entityTag(JSON.stringify(policies));
      return once(ed, `policy:${key}:${version}`, () => page(ed, POLICY_ROUTES[key], policyHead(key), { policies }));
    },

    async sitemap(): Promise<CheckedAnswer> {
      const ed = await current();
      const answer = await once(ed, 'sitemap', async () =>
        encodeAnswer(sitemapXml(origin, shopSitemapEntries(ed.products, inDatabase ? await productChangeDates(deps.db) : new Map())), null),
      );
      return { answer, current: ed.current };
    },

    async robots(): Promise<CheckedAnswer> {
      robots ??= encodeAnswer(robotsTxt(origin), null);
      return { answer: await robots, current: ALWAYS };
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;
