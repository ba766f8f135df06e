import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withOrderPrefix } from '../../domain/display';
import { settleRefundSchema } from '../../domain/refund-settlement';
import { refundOrderSchema } from '../../domain/refunds';
import { currentUser, requireAdmin, requireUser } from '../auth/guards';
import { orderRefundsAnswer, retryRefund } from './refund-service';
import { refundOrder } from './workflows/refund-order';
import { settleRefundOutside } from './workflows/settle-refund';

const orderParams = z.object({ orderid: z.string().trim().min(1).max(100) });
const refundParams = orderParams.extend({ refundId: z.string().trim().min(1).max(100) });

/** Refunding orders and reading an order's refunds (DESIGN.md §7.6); cancelling is cancellation's (§7.3). */
export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  api.get('/api/order/:orderid/refunds', { preHandler: requireUser, schema: { params: orderParams } }, async (request) => {
    return orderRefundsAnswer(ctx, request.params.orderid, currentUser(request));
  });

  api.post('/api/order/:orderid/refunds', { onRequest: requireAdmin, schema: { params: orderParams, body: refundOrderSchema } }, async (request) => {
    const orderid = withOrderPrefix(request.params.orderid);
    await refundOrder(ctx, currentUser(request).id, orderid, request.body);
    return orderRefundsAnswer(ctx, orderid, currentUser(request));
  });

  api.post('/api/order/:orderid/refunds/:refundId/retry', { preHandler: requireAdmin, schema: { params: refundParams } }, async (request) => {
    const orderid = withOrderPrefix(request.params.orderid);
    await retryRefund(ctx, currentUser(request).id, orderid, request.params.refundId);
    return orderRefundsAnswer(ctx, orderid, currentUser(request));
  });

  // The owner paid a failed refund back another way (decision 088); the gateway is not asked.
  api.post('/api/order/:orderid/refunds/:refundId/settle', { onRequest: requireAdmin, schema: { params: refundParams, body: settleRefundSchema } }, async (request) => {
    const orderid = withOrderPrefix(request.params.orderid);
    await settleRefundOutside(ctx, currentUser(request).id, orderid, request.params.refundId, request.body);
    return orderRefundsAnswer(ctx, orderid, currentUser(request));
  });
}
