import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { businessSnapshot } from '../business/business-snapshot';
import { shopProfileSnapshot } from '../shop-profile/shop-profile-service';
import { policyOfRoute } from '../../domain/policies';
import { productPagePath } from '../../domain/page-meta';
import { shopConfig } from '../ordering/index';
import { publicPolicies } from '../policies/public-policies';
import { firstReviewsPage } from '../reviews/public-reviews';
import { sendEncoded } from '../http/encoded-answer';
import { OG_IMAGE_VERSION } from './product-images';
import { createOgImages } from './og-image';
import { loadPageTemplate } from './page-document';
import { createPageService, type CheckedAnswer } from './page-service';
import { screenRendererLoader } from './screen-renderer';

export interface SeoRoutesOptions {
  /** The built web app (its index.html is every page's frame), or null when it is not served. */
  webDir: string | null;
  /** The app's server entry that renders a screen (see screen-renderer.ts). */
  screenEntry: string;
  /** Receives the handler that answers an unknown page address with the "page not found" page and a 404. */
  onNotFoundPage?: (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => void;
}

/** Like the product list: every load revalidates (a 304 costs a few bytes), a CDN may keep a page a minute. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, must-revalidate';
// An old address may become a product's own again after another rename: browsers keep the redirect an hour only.
const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';
const HTML = 'text/html; charset=utf-8';
const OG_FILE = new RegExp(`^([a-f0-9]{32})-${OG_IMAGE_VERSION}\\.jpg$`);

/** Crawlable pages (products and policies), sitemap, robots.txt and link-preview pictures (DESIGN.md §7.5). */
export async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  const { db, catalogue, config, fastPath } = app.ctx;
  let template: ReturnType<typeof loadPageTemplate> | undefined;
  const pages = createPageService({
    db,
    catalogue,
    origin: config.PUBLIC_URL,
    template: () => (template ??= loadPageTemplate(options.webDir)),
    renderer: screenRendererLoader(options.screenEntry, app.log),
    shopConfig: () => shopConfig(app.ctx),
    business: businessSnapshot(db),
    shopProfile: shopProfileSnapshot(db),
    policies: () => publicPolicies(db),
    reviews: (productId) => firstReviewsPage(db, Number(productId)),
    log: app.log,
  });
  const ogImages = createOgImages(db, app.log);
  options.onNotFoundPage?.(async (request, reply) => sendEncoded(request, reply.status(404), await pages.missingPage(), 'no-cache', HTML));

  // A page the same for everyone, sent at its own address, is answered before the hooks next time while its inputs
  // stay the same (http/fast-path.ts).
  const sendRemembered = (request: FastifyRequest, reply: FastifyReply, path: string, checked: CheckedAnswer, contentType: string) => {
    if (request.url === path) {
      const route = request.routeOptions.url ?? path;
      fastPath.remember(path, { route, answer: checked.answer, cacheControl: PAGE_CACHE_CONTROL, contentType, fresh: checked.current });
    }
    return sendEncoded(request, reply, checked.answer, PAGE_CACHE_CONTROL, contentType);
  };

  // Pages are compressed ahead of time (sendEncoded), so the compression plugin's hooks are left off these routes.
  app.get('/products', { compress: false }, async (request, reply) => sendRemembered(request, reply, '/products', await pages.listPage(), HTML));

  app.get<{ Params: { slug: string } }>('/products/:slug', { compress: false }, async (request, reply) => {
    const result = await pages.productPage(request.params.slug);
    if (result.kind === 'redirect') return reply.header('Cache-Control', REDIRECT_CACHE_CONTROL).redirect(result.location, 301);
    if (result.status === 200) return sendRemembered(request, reply, productPagePath(request.params.slug), result, HTML);
    return sendEncoded(request, reply.status(result.status), result.answer, PAGE_CACHE_CONTROL, HTML);
  });

  // A product's address in the app before decision 072, still in shared links; the app moves those here too.
  app.get<{ Params: { name: string } }>('/product/:name', { compress: false }, async (request, reply) => {
    const result = await pages.oldProductAddress(request.params.name);
    if (result.kind === 'redirect') return reply.header('Cache-Control', REDIRECT_CACHE_CONTROL).redirect(result.location, 301);
    return sendEncoded(request, reply.status(result.status), result.answer, 'no-cache', HTML);
  });

  // The policy pages at the paths of their screens (DESIGN.md §7.2), so the sitemap can list them.
  app.get<{ Params: { name: string } }>('/policy/:name', { compress: false }, async (request, reply) => {
    const key = policyOfRoute(`/policy/${request.params.name}`);
    if (!key) return sendEncoded(request, reply.status(404), await pages.missingPage(), PAGE_CACHE_CONTROL, HTML);
    return sendEncoded(request, reply, await pages.policyPage(key), PAGE_CACHE_CONTROL, HTML);
  });

  app.get('/contact', { compress: false }, async (request, reply) =>
    sendEncoded(request, reply, await pages.policyPage('contact'), PAGE_CACHE_CONTROL, HTML),
  );

  app.get('/sitemap.xml', { compress: false }, async (request, reply) =>
    sendRemembered(request, reply, '/sitemap.xml', await pages.sitemap(), 'application/xml; charset=utf-8'),
  );

  app.get('/robots.txt', { compress: false }, async (request, reply) =>
    sendRemembered(request, reply, '/robots.txt', await pages.robots(), 'text/plain; charset=utf-8'),
  );

  app.get<{ Params: { file: string } }>('/media/og/:file', { compress: false }, async (request, reply) => {
    const hash = OG_FILE.exec(request.params.file)?.[1];
    const picture = hash ? await ogImages.get(hash) : null;
    if (!picture) return reply.status(404).send({ error: 'NOT_FOUND', message: 'No such image. Its address may be mistyped or out of date.' });
    // Named by the source picture's content hash and the recipe's version: the bytes behind a name never change.
    return reply.header('Content-Type', 'image/jpeg').header('Cache-Control', 'public, max-age=31536000, immutable').send(picture);
  });
}
