import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmAnswerSchema } from '../../domain/messages-and-confirmation';
import { authenticate, currentUser, requireUser } from '../auth/guards';
import { unauthorized } from '../http/errors';
import { confirmationPreview } from './confirm-cod-steps';
import { answerConfirmation } from './workflows/confirm-cod-order';
import { accountOptIn, setAccountsOptIn } from './whatsapp-answers';

const orderParams = z.object({ orderid: z.string().trim().min(1).max(100) });
const previewQuery = z.object({ token: z.string().trim().min(1).max(200) });
const optInBody = z.strictObject({ whatsappOptIn: z.boolean({ error: 'Say yes or no to WhatsApp updates' }) });

/**
 * COD confirmation (DESIGN.md §8.6): the customer answers with the link's token, without logging in, or signed in
 * from Your Orders without one; an admin answers without one. The profile's WhatsApp switch lives here because turning it off changes the account's orders.
 */
export async function confirmationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get('/api/order/:orderid/confirm', { schema: { params: orderParams, querystring: previewQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return confirmationPreview(ctx, request.params.orderid, request.query.token);
  });

  app.post('/api/order/:orderid/confirm', { schema: { params: orderParams, body: confirmAnswerSchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { answer, token } = request.body;
    if (token) return answerConfirmation(ctx, request.params.orderid, answer, { kind: 'link', token });
    const user = await authenticate(request);
    if (!user) throw unauthorized('Open the link in your order mail to confirm, or log in and confirm it under Your Orders.');
    const who = user.roles.includes('ADMIN') ? ({ kind: 'admin', user } as const) : ({ kind: 'customer', user } as const);
    return answerConfirmation(ctx, request.params.orderid, answer, who);
  });

  app.get('/api/account/whatsapp', { onRequest: requireUser }, async (request) => accountOptIn(ctx, currentUser(request).id));
  app.put('/api/account/whatsapp', { onRequest: requireUser, schema: { body: optInBody } }, async (request) => {
    const user = currentUser(request);
    await setAccountsOptIn(ctx, [user.id], request.body.whatsappOptIn, 'profile');
    return accountOptIn(ctx, user.id);
  });
}
