import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sandboxCheckoutScript, SANDBOX_ORDERS_PATH, SANDBOX_PAY_PATH } from './checkout-script';
import type { SandboxGateway } from './sandbox-gateway';
import { paySandboxOrder, viewSandboxOrder } from './sandbox-payment-service';
import { SANDBOX_REFUND_SETTLE_MS, sandboxRefundEventBody } from './sandbox-refunds';
import { createWebhookDispatcher, type WebhookDispatcher } from './sandbox-webhooks';

export const WEBHOOK_PATH = '/api/checkout/webhook';

const payBodySchema = z.strictObject({
  order_id: z.string().trim().min(1, 'order_id is required').max(100),
  key_id: z.string().trim().min(1, 'key_id is required').max(100),
  card: z.strictObject({
    number: z.string().max(30),
    expiry: z.string().max(10),
    cvv: z.string().max(10),
  }),
});

const orderParamsSchema = z.strictObject({ id: z.string().trim().min(1, 'order id is required').max(100) });
const orderQuerySchema = z.object({ key_id: z.string().trim().min(1, 'key_id is required').max(100) });

const dispatchers = new WeakMap<AppContext, WebhookDispatcher>();

/** Waits until every webhook the sandbox has queued was delivered (tests read the outcome after this). */
export async function sandboxWebhooksSettled(ctx: AppContext): Promise<void> {
  await dispatchers.get(ctx)?.settled();
}

/**
 * The sandbox gateway's own endpoints, present only while the sandbox is the active gateway: the
 * checkout script and the card payment it calls. Webhooks go to the shop's real webhook route through
 * Fastify's in-process request injection, so they pass the same signature checks as Razorpay's.
 */
export async function sandboxRoutes(app: FastifyInstance, options: { gateway: SandboxGateway }): Promise<void> {
  const { gateway } = options;
  const webhooks = createWebhookDispatcher(
    async (delivery) => {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': delivery.signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        payload: delivery.body,
      });
      if (res.statusCode >= 300) app.log.warn({ status: res.statusCode, body: res.body }, 'sandbox webhook was refused');
    },
    async () => (await gateway.secrets()).webhookSecret,
    app.log,
  );
  gateway.onRefund = (refund) =>
    webhooks.dispatchAfter(SANDBOX_REFUND_SETTLE_MS + 100, async () => {
      const settled = (await gateway.fetchRefunds(refund.paymentId)).find((r) => r.id === refund.id);
      return settled && settled.status !== 'pending' ? [sandboxRefundEventBody(settled)] : [];
    });
  dispatchers.set(app.ctx, webhooks);
  app.addHook('onClose', async () => webhooks.settled());

  const script = sandboxCheckoutScript();
  app.get('/sandbox/checkout.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      // Public code, like Razorpay's own checkout.js: a client served from another origin (CORS_ORIGINS) loads it.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(script),
  );

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(`${SANDBOX_ORDERS_PATH}/:id`, { schema: { params: orderParamsSchema, querystring: orderQuerySchema } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return viewSandboxOrder({ db: app.ctx.db, gateway }, { order_id: request.params.id, key_id: request.query.key_id });
    });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(SANDBOX_PAY_PATH, { schema: { body: payBodySchema } }, async (request) =>
      paySandboxOrder({ db: app.ctx.db, gateway, webhooks }, request.body),
    );
}
