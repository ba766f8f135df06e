import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessSchema } from '../../domain/schemas/business';
import { withPincodeCheck } from '../addresses/address-checks';
import { currentUser, requireAdmin } from '../auth/guards';
import { businessDetails, updateBusiness } from './business-service';

/** GET/PUT /api/settings/business (admin) and the public copy the shop's pages and footer read. */
export async function businessRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/api/settings/business', { onRequest: requireAdmin }, async () => businessDetails(db));
  app.put('/api/settings/business', { onRequest: requireAdmin, schema: { body: withPincodeCheck(businessSchema) } }, async (request) =>
    updateBusiness(db, request.body, currentUser(request).id),
  );
  // Every field is what a customer must be able to read anyway (invoices, labels, the contact page).
  app.get('/api/public/business', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return businessDetails(db);
  });
}
