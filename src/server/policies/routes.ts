import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Policies } from '../../domain/policies';
import { policiesSchema } from '../../domain/schemas/policies';
import { currentUser, requireAdmin } from '../auth/guards';
import { policyTexts, updatePolicies } from './policy-service';
import { publicPolicies } from './public-policies';

/**
 * GET /api/public/policies answers the pages with the business details filled in; GET/PUT /api/settings/policies
 * (admin) read and replace the texts as written, `{{field}}`s and all.
 */
export async function policiesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/api/public/policies', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return publicPolicies(db);
  });

  app.get('/api/settings/policies', { onRequest: requireAdmin }, async () => policyTexts(db));

  app.put('/api/settings/policies', { onRequest: requireAdmin, schema: { body: policiesSchema } }, async (request) =>
    updatePolicies(db, request.body as Policies, currentUser(request).id),
  );
}
