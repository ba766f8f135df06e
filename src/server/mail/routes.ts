import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailHealthSchema } from '../../domain/schemas/mail-outbox';
import { requireAdmin } from '../auth/guards';
import { addMailGauges, mailHealth } from './mail-health';
import { mailRetryPolicy } from './worker';

/**
 * The outbox's health for the dashboard's banner and for Prometheus (the outbox list and retry are with the
 * templates' routes).
 */
export async function mailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  addMailGauges(app.ctx);
  app.get('/api/email/outbox/health', { onRequest: requireAdmin, schema: { response: { 200: mailHealthSchema } } }, async () =>
    mailHealth(db, mailRetryPolicy(config)),
  );
}
