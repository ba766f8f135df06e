import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReviewsQuery,
  moderationSchema,
  productIdParams,
  publicReviewsQuery,
  replySchema,
  reviewIdParams,
  reviewInputSchema,
} from '../../domain/schemas/review';
import { PRIVATE_CACHE_CONTROL, currentUser, requireAdmin, requireUser } from '../auth/guards';
import { perIpPerMinute, registerRateLimit } from '../http/rate-limit';
import { startReviewRequests } from './review-request-job';
import { createReviewService } from './review-service';

const REVIEW_WRITES_PER_MINUTE = 10;
// Like the product list: a CDN may keep a page of reviews a few seconds, browsers revalidate.
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, must-revalidate';

/** Reviews from real buyers (DESIGN.md §8.4, §8.7). */
export async function reviewsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect, catalogue, config } = app.ctx;
  const reviews = createReviewService({ db, dialect, onPublishedChange: () => catalogue.invalidate() });
  await registerRateLimit(fastify, { redis: app.ctx.redis });
  const writeLimit = config.AUTH_RATE_LIMIT > 0 ? perIpPerMinute(REVIEW_WRITES_PER_MINUTE) : false;

  app.get('/api/public/products/:productId/reviews', { schema: { params: productIdParams, querystring: publicReviewsQuery } }, async (request, reply) => {
    reply.header('Cache-Control', PUBLIC_CACHE_CONTROL);
    return reviews.publicPage(request.params.productId, request.query.page, request.query.stars);
  });

  app.post(
    '/api/products/:productId/reviews',
    { onRequest: requireUser, config: { rateLimit: writeLimit }, schema: { params: productIdParams, body: reviewInputSchema } },
    async (request, reply) => reply.code(201).send(await reviews.submit(currentUser(request).id, request.params.productId, request.body)),
  );

  app.get('/api/products/:productId/reviews/mine', { onRequest: requireUser, schema: { params: productIdParams } }, async (request, reply) => {
    reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return reviews.mine(currentUser(request).id, request.params.productId);
  });

  app.get('/api/reviews', { onRequest: requireAdmin, schema: { querystring: adminReviewsQuery } }, async (request, reply) => {
    reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return reviews.adminList(request.query.status, request.query.page);
  });

  app.put(
    '/api/reviews/:id',
    { onRequest: requireAdmin, config: { rateLimit: writeLimit }, schema: { params: reviewIdParams, body: moderationSchema } },
    async (request) => reviews.moderate(currentUser(request).id, request.params.id, request.body),
  );

  app.put(
    '/api/reviews/:id/reply',
    { onRequest: requireAdmin, config: { rateLimit: writeLimit }, schema: { params: reviewIdParams, body: replySchema } },
    async (request) => reviews.reply(currentUser(request).id, request.params.id, request.body.text),
  );

  if (app.ctx.backgroundJobs) {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startReviewRequests(db, config.PUBLIC_URL, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  }
}
