import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxScanBodySchema, shipManyBodySchema, shipmentBodySchema, trackQuerySchema } from '../../../domain/shipping';
import { currentUser, PRIVATE_CACHE_CONTROL, requireAdmin } from '../../auth/guards';
import { notFound } from '../../http/errors';
import { perIpPerMinute, registerRateLimit } from '../../http/rate-limit';
import { scheduleShippingPoll } from './poll-service';
import { applySandboxScan, receiveTrackingWebhook } from '../workflows/apply-scan';
import { shipMany, shipOrder } from '../workflows/ship-order';
import { cancelShipment, courierInfo, shipmentLabel, trackOrder } from './shipment-admin-service';

const orderParams = z.object({ orderid: z.string().trim().min(1).max(100) });
const awbParams = z.object({ awb: z.string().trim().min(1).max(60) });

/** Lookups of /track per address per minute: enough for a customer, too few to guess order ids and pincodes. */
const TRACK_LOOKUPS_PER_MINUTE = 20;

/** Shipping with a courier (DESIGN.md §8.5, §8.7). */
export async function shippingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  await registerRateLimit(fastify, { redis: ctx.redis });
  scheduleShippingPoll(fastify);

  app.post('/api/order/:orderid/shipment', { onRequest: requireAdmin, schema: { params: orderParams, body: shipmentBodySchema } }, async (request) => {
    const { order, pickupNote } = await shipOrder(ctx, currentUser(request), request.params.orderid, request.body);
    return { ...order, pickupNote };
  });

  app.post('/api/order/:orderid/shipment/cancel', { onRequest: requireAdmin, schema: { params: orderParams } }, async (request) =>
    cancelShipment(ctx, currentUser(request), request.params.orderid),
  );

  app.get('/api/order/:orderid/shipment/label.pdf', { onRequest: requireAdmin, schema: { params: orderParams } }, async (request, reply) => {
    const pdf = await shipmentLabel(ctx, request.params.orderid);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="label-${request.params.orderid.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"`)
      .header('Cache-Control', PRIVATE_CACHE_CONTROL)
      .send(pdf);
  });

  app.post('/api/order/shipments', { onRequest: requireAdmin, schema: { body: shipManyBodySchema } }, async (request) => ({
    results: await shipMany(ctx, currentUser(request), request.body.orderids),
  }));

  app.get('/api/shipping/courier', { onRequest: requireAdmin }, async () => courierInfo(ctx));

  app.post('/api/shipping/sandbox/:awb/scan', { onRequest: requireAdmin, schema: { params: awbParams, body: sandboxScanBodySchema } }, async (request) => {
    if (courierInfo(ctx).courier !== 'sandbox') throw notFound('The sandbox courier is not this shop’s courier, so its scans cannot be played.');
    return applySandboxScan(ctx, request.params.awb, request.body.status, request.body.location);
  });

  // Its text is cleaned where it is kept (scan-steps.ts), never refused: not even a NUL character is a 400 here.
  app.post('/api/shipping/webhook', { config: { takesAnyText: true } }, async (request) => {
    const key = request.headers['x-api-key'];
    const result = await receiveTrackingWebhook(ctx, typeof key === 'string' ? key : undefined, request.body);
    // Acknowledged all the same, so the courier does not send it again and again.
    if (result?.ignored) request.log.warn({ ignored: result.ignored, orderid: result.orderid }, 'A courier scan was not applied; the audit log has it');
    return { received: true, applied: result?.kept ?? false };
  });

  app.get(
    '/api/public/track/:orderid',
    {
      config: { rateLimit: ctx.config.AUTH_RATE_LIMIT > 0 ? perIpPerMinute(TRACK_LOOKUPS_PER_MINUTE) : false },
      schema: { params: orderParams, querystring: trackQuerySchema },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return trackOrder(ctx, request.params.orderid, request.query.pincode);
    },
  );
}
