import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageTemplatesSchema, sandboxReplySchema } from '../../domain/messages-and-confirmation';
import { currentUser, requireAdmin } from '../auth/guards';
import { addJsonTextParser } from '../http/json-body';
import { messaging } from './index';
import { messageSettings, messageViews, playSandboxReply, receiveWebhook, updateMessageTemplates, type AnswerHandler } from './message-service';
import { verificationChallenge } from './webhook';

const messagesQuery = z.object({ orderid: z.string().trim().max(100).optional() });
const templatesBody = z.strictObject({ templates: messageTemplatesSchema });
// Meta's events are small; the cap matches the API's general body limit.
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * WhatsApp (DESIGN.md §8.6): the admin's messages and templates, Meta's webhook and, with the sandbox, the owner
 * playing the customer's reply. What an answer does to an order is ordering's, handed in as `onAnswer`.
 */
export async function messagesRoutes(fastify: FastifyInstance, options: { onAnswer: AnswerHandler }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const { worker, provider } = messaging(ctx, app.log);
  app.log.info(
    provider.name === 'cloud'
      ? 'WhatsApp: messages go through the Cloud API'
      : provider.name === 'sandbox'
        ? 'WhatsApp: sandbox (messages are kept and shown in the admin Messages tab)'
        : 'WhatsApp: off (set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send messages)',
  );

  app.get('/api/messages', { onRequest: requireAdmin, schema: { querystring: messagesQuery } }, async (request) => messageViews(ctx, request.query.orderid));
  app.get('/api/messages/settings', { onRequest: requireAdmin }, async () => messageSettings(ctx));
  app.put('/api/messages/settings', { onRequest: requireAdmin, schema: { body: templatesBody } }, async (request) =>
    updateMessageTemplates(ctx, request.body.templates, currentUser(request).id),
  );

  app.get('/api/whatsapp/webhook', async (request, reply) => {
    const challenge = verificationChallenge(ctx.config.WHATSAPP_VERIFY_TOKEN, request.query as Record<string, unknown>);
    if (challenge === null) return reply.code(403).send({ error: 'FORBIDDEN', message: 'The verify token does not match WHATSAPP_VERIFY_TOKEN.' });
    return reply.type('text/plain').send(challenge);
  });
  await app.register(async (raw) => {
    addJsonTextParser(raw);
    raw.post('/api/whatsapp/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
      const header = request.headers['x-hub-signature-256'];
      const result = await receiveWebhook(
        ctx,
        { rawBody: typeof request.body === 'string' ? request.body : '', signature: Array.isArray(header) ? header[0] : header },
        options.onAnswer,
        request.log,
      );
      worker.kick();
      return { status: 'ok', ...result };
    });
  });

  // Playing the customer exists only while the sandbox is the provider.
  if (provider.name === 'sandbox') {
    app.post('/api/whatsapp/sandbox/reply', { onRequest: requireAdmin, schema: { body: sandboxReplySchema } }, async (request) => {
      await playSandboxReply(ctx, request.body, options.onAnswer);
      worker.kick();
      return { status: 'ok' };
    });
  }

  if (ctx.backgroundJobs) {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
}
