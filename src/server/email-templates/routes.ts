import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TOASTS } from '../../domain/messages';
import {
  emailTemplateDeleteSchema,
  emailTemplateInputSchema,
  emailTemplateUpdateSchema,
  templatePreviewSchema,
} from '../../domain/schemas/email-template';
import { outboxIdParamsSchema, outboxQuerySchema } from '../../domain/schemas/mail-outbox';
import { currentUser, requireAdmin } from '../auth/guards';
import { outboxMail, outboxPage, retryFailedMail } from '../mail/outbox-admin-service';
import { previewTemplate } from './template-preview';
import { addTemplate, changeTemplate, removeTemplate, templates } from './template-service';

/** E-mail templates and the outbox: all admin-only (SPEC.md §7, DESIGN.md §3 and §6); status changes are ordering's. */
export async function emailTemplatesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // onRequest: a caller who may not use these calls learns nothing about their bodies' rules.
  app.addHook('onRequest', requireAdmin);

  app.get('/api/email', async () => templates(db));

  // 200 rather than 201: the spec's screen treats exactly 200 as success.
  app.post('/api/email', { schema: { body: emailTemplateInputSchema } }, async (request) =>
    addTemplate(db, request.body),
  );

  app.put('/api/email', { schema: { body: emailTemplateUpdateSchema } }, async (request) =>
    changeTemplate(db, request.body),
  );

  // The spec's screen sends the whole template as the body; only its id is read.
  app.delete('/api/email', { schema: { body: emailTemplateDeleteSchema } }, async (request) => {
    await removeTemplate(db, request.body.id);
    return { message: TOASTS.templateDeleted };
  });

  app.post('/api/email/preview', { schema: { body: templatePreviewSchema } }, async (request) =>
    previewTemplate(db, request.body),
  );

  // The answer stays a plain list; the count for paging travels in X-Total-Count, as the admin order list does.
  app.get('/api/email/outbox', { schema: { querystring: outboxQuerySchema } }, async (request, reply) => {
    const { mails, total } = await outboxPage(db, request.query);
    reply.header('X-Total-Count', String(total));
    return mails;
  });

  // The dashboard follows the mails of a status change here until they are delivered.
  app.get('/api/email/outbox/:id', { schema: { params: outboxIdParamsSchema } }, async (request) => outboxMail(db, request.params.id));

  app.post('/api/email/outbox/:id/retry', { schema: { params: outboxIdParamsSchema } }, async (request) => {
    const mail = await retryFailedMail(db, request.params.id, currentUser(request).id);
    app.ctx.outbox.kick();
    return mail;
  });
}
