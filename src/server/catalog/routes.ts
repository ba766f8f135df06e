import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueSource } from '../../domain/schemas/studio';
import { HttpError } from '../http/errors';
import { productAdminRoutes } from './admin-routes';
import { createCatalogueService } from './product-service';

export { CATALOGUE_CACHE_TTL_MS } from './catalogue-source';

/**
 * Browsers revalidate on every load (a 304 costs a few bytes thanks to the ETag), so a reload always shows
 * the latest catalogue; a shared cache such as a CDN may keep the list for a few seconds.
 */
export const PUBLIC_CATALOGUE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, must-revalidate';

function matchesTag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** br when the client takes it, else gzip, else the plain bytes (an encoding given q=0 is refused). */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return 'identity';
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { db, catalogue } = app.ctx;
  const source: CatalogueSource = { source: catalogue.kind, studioUrl: catalogue.studioUrl };

  app.get('/api/public/product', async (request, reply) => {
    let payload;
    try {
      payload = await catalogue.payload();
    } catch (err) {
      request.log.error({ err }, 'product list unavailable');
      throw new HttpError(503, 'CATALOGUE_UNAVAILABLE', 'The product list is not available right now. Please try again in a minute.');
    }
    reply.header('ETag', payload.etag).header('Cache-Control', PUBLIC_CATALOGUE_CACHE_CONTROL).header('Vary', 'Accept-Encoding');
    if (matchesTag(request, payload.etag)) return reply.status(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    // Already compressed: the Content-Encoding header tells the compression plugin to leave the bytes alone.
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(payload.encoded[encoding]);
  });

  const service = createCatalogueService({ db, onChange: () => catalogue.invalidate() });
  await app.register(productAdminRoutes, { service, source });
}
