import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopProfileSchema } from '../../domain/schemas/shop-profile';
import { currentUser, requireAdmin } from '../auth/guards';
import { readShopProfile, updateShopProfile } from './shop-profile-service';

/** GET/PUT /api/settings/profile (admin) and the public copy the shell, home page and footer read. */
export async function shopProfileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/api/settings/profile', { onRequest: requireAdmin }, async () => readShopProfile(db));
  app.put('/api/settings/profile', { onRequest: requireAdmin, schema: { body: shopProfileSchema } }, async (request) =>
    updateShopProfile(db, request.body, currentUser(request).id),
  );
  // Every field is shown on the shop's pages anyway. Asked again on every visit (a few hundred bytes): an owner who
  // has just set the WhatsApp number sees the button on the next page load, not a minute later.
  app.get('/api/public/shop-profile', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return readShopProfile(db);
  });
}
