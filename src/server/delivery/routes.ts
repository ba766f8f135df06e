import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deliverySettingsSchema, pincodeParamSchema } from '../../domain/schemas/delivery';
import { currentUser, requireAdmin } from '../auth/guards';
import { checkPincode, deliveryRules, RULES_TTL_MS, updateDeliverySettings } from './delivery-service';

/** Settings → Delivery (admin) and the public pincode check (DESIGN.md §7.3, §7.6). */
export async function deliveryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/api/settings/delivery', { onRequest: requireAdmin }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return deliveryRules(db);
  });

  app.put('/api/settings/delivery', { onRequest: requireAdmin, schema: { body: deliverySettingsSchema } }, async (request) =>
    updateDeliverySettings(db, request.body, currentUser(request).id),
  );

  // Cached briefly by browsers and proxies too: the answer is the same for everyone and changes rarely.
  app.get('/api/public/delivery/:pincode', { schema: { params: pincodeParamSchema } }, async (request, reply) => {
    reply.header('Cache-Control', `public, max-age=${Math.round(RULES_TTL_MS / 1000) * 12}`);
    return checkPincode(await deliveryRules(db), request.params.pincode);
  });
}
