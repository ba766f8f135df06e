import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueSource } from '../../domain/schemas/studio';
import { sendEncoded } from '../http/encoded-answer';
import type { CataloguePayload } from './catalogue-cache';
import { HttpError } from '../http/errors';
import { productAdminRoutes } from './admin-routes';
import { createCatalogueService } from './product-service';

export { CATALOGUE_CACHE_TTL_MS } from './catalogue-source';

/**
 * Browsers revalidate on every load (a 304 costs a few bytes thanks to the ETag), so a reload always shows
 * the latest catalogue; a shared cache such as a CDN may keep the list for a few seconds.
 */
export const PUBLIC_CATALOGUE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, must-revalidate';
const JSON_TYPE = 'application/json; charset=utf-8';

const CATALOGUE_PATH = '/api/public/product';

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, catalogue, fastPath } = app.ctx;
  const source: CatalogueSource = { source: catalogue.kind, studioUrl: catalogue.studioUrl };
  // While the cache holds this list, later requests for it are answered before the hooks (http/fast-path.ts).
  const remember = (payload: CataloguePayload) =>
    fastPath.remember(CATALOGUE_PATH, {
      route: CATALOGUE_PATH,
      answer: payload,
      cacheControl: PUBLIC_CATALOGUE_CACHE_CONTROL,
      contentType: JSON_TYPE,
      fresh: () => catalogue.cachedPayload()?.etag === payload.etag,
    });

  // The list is compressed ahead of time (sendEncoded), so the compression plugin's hooks are left off this route.
  const loadAndSend = async (request: FastifyRequest, reply: FastifyReply) => {
    let payload;
    try {
      payload = await catalogue.payload();
    } catch (err) {
      request.log.error({ err }, 'product list unavailable');
      throw new HttpError(503, 'CATALOGUE_UNAVAILABLE', 'The product list is not available right now. Please try again in a minute.');
    }
    // Loaded just now, the list is as fresh as a cached one: the next request need not come through here to find it.
    if (request.url === CATALOGUE_PATH) remember(payload);
    return sendEncoded(request, reply, payload, PUBLIC_CATALOGUE_CACHE_CONTROL);
  };
  // A fresh list is sent at once, within the request's own turn: waiting for a promise costs a cached answer a
  // microtask, and its request is then finished by Node after the body's end rather than before.
  app.get(CATALOGUE_PATH, { compress: false }, (request, reply) => {
    const cached = catalogue.cachedPayload();
    if (!cached) return loadAndSend(request, reply);
    if (request.url === CATALOGUE_PATH) remember(cached);
    return sendEncoded(request, reply, cached, PUBLIC_CATALOGUE_CACHE_CONTROL, JSON_TYPE);
  });

  const service = createCatalogueService({ db, dialect, onChange: () => catalogue.invalidate() });
  await app.register(productAdminRoutes, { service, source });
}
