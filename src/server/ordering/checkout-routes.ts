import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quoteSchema } from '../../domain/schemas/delivery';
import { confirmPaymentSchema, createOrderSchema, payOrderSchema, verifyPaymentSchema } from '../../domain/schemas/order';
import { withPincodeCheck } from '../addresses/address-checks';
import { currentUser, requireAdmin, requireUser } from '../auth/guards';
import { createCouponThrottle, type CouponGuard } from '../coupons/coupon-throttle';
import { addJsonTextParser, ORDER_BODY_LIMIT } from '../http/json-body';
import { gatewayFor } from '../payments/gateway-registry';
import type { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { sandboxRoutes, WEBHOOK_PATH } from '../payments/sandbox/sandbox-routes';
import { priceCheckout, quoteAnswer } from './checkout-pricing';
import { confirmPayment, verifyPayment } from './workflows/confirm-payment';
import { payAgain } from './workflows/pay-again';
import { placeCodOrder } from './workflows/place-cod-order';
import { placeOnlineOrder } from './workflows/place-online-order';
import { withinPlacementLimits } from './placement-limits';
import { scheduleReconciliation } from './reconciliation';
import { shopConfig } from './shop-config';
import { handleWebhook } from './webhook-service';

// An order's pincode must lie in its state (DESIGN.md §8.2); the quote prices whatever it is given.
const checkedOrderSchema = withPincodeCheck(createOrderSchema);

/** Checkout: orders priced by the server, online payment through the active gateway, cash on delivery. */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/checkout/config', async () => shopConfig(ctx));

  // Counters for codes that do not exist (brute force), shared between processes (coupons/coupon-throttle.ts).
  const throttle = createCouponThrottle(ctx);
  const guardOf = (request: FastifyRequest): CouponGuard => throttle.guardFor(request, currentUser(request).id);

  // The server's figures for the order summary: lines, fees, discount, total, and why a code or COD does not apply.
  api.post('/api/checkout/quote', { onRequest: requireUser, bodyLimit: ORDER_BODY_LIMIT, schema: { body: quoteSchema } }, async (request) =>
    quoteAnswer(await priceCheckout(ctx, currentUser(request).id, request.body, guardOf(request))),
  );

  // Guards run at onRequest: a caller without the right gets 401/403 before the body is read or its rules are told.
  const placer = (request: FastifyRequest) => ({ userId: currentUser(request).id, ip: request.ip });
  api.post('/api/checkout/createorder', { onRequest: requireUser, bodyLimit: ORDER_BODY_LIMIT, schema: { body: checkedOrderSchema } }, async (request) =>
    withinPlacementLimits(ctx, placer(request), { ...request.body, mode: 'ONLINE' }, () => placeOnlineOrder(ctx, currentUser(request), request.body, guardOf(request))),
  );

  api.post('/api/checkout/codorder', { onRequest: requireUser, bodyLimit: ORDER_BODY_LIMIT, schema: { body: checkedOrderSchema } }, async (request) =>
    withinPlacementLimits(ctx, placer(request), { ...request.body, mode: 'CASHONDELIVERY' }, () => placeCodOrder(ctx, currentUser(request), request.body, guardOf(request))),
  );

  api.post('/api/checkout/payorder', { onRequest: requireUser, bodyLimit: ORDER_BODY_LIMIT, schema: { body: payOrderSchema } }, async (request) =>
    payAgain(ctx, currentUser(request), request.body),
  );

  api.put('/api/checkout/updateorder', { onRequest: requireUser, bodyLimit: ORDER_BODY_LIMIT, schema: { body: confirmPaymentSchema } }, async (request) =>
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
  addJsonTextParser(app);
  app.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
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
