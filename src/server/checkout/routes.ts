import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmPaymentSchema, createOrderSchema, payOrderSchema, verifyPaymentSchema } from '../../domain/schemas/order';
import { currentUser, requireAdmin, requireUser } from '../auth/guards';
import { gatewayFor } from '../payments/gateway-registry';
import type { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { sandboxRoutes, WEBHOOK_PATH } from '../payments/sandbox/sandbox-routes';
import { confirmPayment, verifyPayment } from './payment-confirmation-service';
import { payExistingOrder } from './pay-order-service';
import { placeCodOrder, placeOnlineOrder } from './place-order-service';
import { scheduleReconciliation } from './reconciliation';
import { shopConfig } from './shop-config';
import { handleWebhook } from './webhook-service';

/** Checkout: orders priced by the server, online payment through the active gateway, cash on delivery. */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/checkout/config', async () => shopConfig(ctx));

  // Guards run at onRequest: a caller without the right gets 401/403 before the body is read or its rules are told.
  api.post('/api/checkout/createorder', { onRequest: requireUser, schema: { body: createOrderSchema } }, async (request) =>
    placeOnlineOrder(ctx, currentUser(request), request.body),
  );

  api.post('/api/checkout/codorder', { onRequest: requireUser, schema: { body: createOrderSchema } }, async (request) =>
    placeCodOrder(ctx, currentUser(request), request.body),
  );

  api.post('/api/checkout/payorder', { onRequest: requireUser, schema: { body: payOrderSchema } }, async (request) =>
    payExistingOrder(ctx, currentUser(request), request.body),
  );

  api.put('/api/checkout/updateorder', { onRequest: requireUser, schema: { body: confirmPaymentSchema } }, async (request) =>
    confirmPayment(ctx, currentUser(request), request.body),
  );

  api.post(
    '/api/checkout/verifypayment',
    { onRequest: requireAdmin, schema: { body: verifyPaymentSchema } },
    async (request, reply) => reply.send(await verifyPayment(ctx, currentUser(request), request.body)),
  );

  await app.register(webhookRoute);
  // The sandbox's pay endpoint can mark orders paid, so it exists only while the sandbox is the gateway.
  const gateway = gatewayFor(ctx);
  if (gateway.name === 'sandbox') await app.register(sandboxRoutes, { gateway: gateway as SandboxGateway });
  scheduleReconciliation(app);
}

// Razorpay's events are a few kilobytes; the cap matches the API's general body limit.
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Signatures cover the exact bytes Razorpay sent, so this route alone reads its JSON body as raw text. */
async function webhookRoute(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post(WEBHOOK_PATH, async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const status = await handleWebhook(
      app.ctx,
      {
        rawBody: typeof request.body === 'string' ? request.body : '',
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
      },
      request.log,
    );
    return { status };
  });
}
