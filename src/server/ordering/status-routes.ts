import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusMailSchema } from '../../domain/schemas/email-template';
import { currentUser, requireAdmin } from '../auth/guards';
import { statusChangeMessage } from './status-steps';
import { changeOrderStatus } from './workflows/change-status';
import { kickMessages } from '../messages/index';

/** PUT /api/email/admin/email (admin): sets an order's status and queues its status mail (SPEC.md §7). */
export async function statusRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  // onRequest: a caller who may not use this call learns nothing about its body's rules.
  app.put('/api/email/admin/email', { onRequest: requireAdmin, schema: { body: statusMailSchema } }, async (request) => {
    const result = await changeOrderStatus(db, {
      ...request.body,
      actorUserId: currentUser(request).id,
      shopEmail: app.ctx.config.SHOP_EMAIL,
      publicUrl: app.ctx.config.PUBLIC_URL,
    });
    // After the commit, so the worker finds the rows; delivery never holds up the answer.
    app.ctx.outbox.kick();
    kickMessages(app.ctx);
    return { message: statusChangeMessage(result), queued: result.mailIds.length, mailIds: result.mailIds };
  });
}
