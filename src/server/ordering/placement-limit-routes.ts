import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderLimitsSchema } from '../../domain/order-limits';
import { currentUser, requireAdmin } from '../auth/guards';
import { orderLimits, saveOrderLimits } from './placement-limits';

/** The owner's limits on placing orders (DESIGN.md §8.8): Settings → Order limits. */
export async function placementLimitRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  api.get('/api/settings/order-limits', { onRequest: requireAdmin }, async () => orderLimits(ctx));
  api.put('/api/settings/order-limits', { onRequest: requireAdmin, schema: { body: orderLimitsSchema } }, async (request) =>
    saveOrderLimits(ctx, currentUser(request).id, request.body),
  );
}
