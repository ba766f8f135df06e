import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsSchema } from '../../domain/schemas/settings';
import { currentUser, requireAdmin } from '../auth/guards';
import { currentSettings, updateSettings } from './settings-service';

/**
 * GET/PUT /api/settings (admin). POST /api/settings/adminaccess lives with the accounts capability, so the
 * guard is set per route here rather than for every /api/settings path.
 */
export async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/api/settings', { onRequest: requireAdmin }, async () => currentSettings(db));

  app.put('/api/settings', { onRequest: requireAdmin, schema: { body: settingsSchema } }, async (request) =>
    updateSettings(db, request.body, currentUser(request).id),
  );
}
