import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withOrderPrefix } from '../../domain/display';
import { cancelOrderSchema, isCustomerCancelReason, refundOrderSchema } from '../../domain/refunds';
import { currentUser, requireAdmin, requireUser } from '../auth/guards';
import { cancelOrder } from '../cancellation/cancellation-service';
import { badRequest, notFound } from '../http/errors';
import { creditNotesOf } from '../invoicing/invoice-service';
import { findOrderByOrderId } from '../orders/order-repository';
import { refundDeliveredOrder, refundsView, retryRefund } from './refund-service';

const orderParams = z.object({ orderid: z.string().trim().min(1).max(100) });
const refundParams = orderParams.extend({ refundId: z.string().trim().min(1).max(100) });

/** Cancelling and refunding orders (DESIGN.md §7.3, §7.6). */
export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  async function answer(orderid: string, userId: number | null) {
    const order = await findOrderByOrderId(ctx.db, withOrderPrefix(orderid));
    if (!order || (userId !== null && (await ctx.db.selectFrom('orders').select('user_id').where('id', '=', order.id).executeTakeFirst())?.user_id !== userId)) {
      throw notFound(`There is no order ${orderid} on your account. Check the order id and try again.`);
    }
    return { ...order, refunds: await refundsView(ctx, order.id), creditNotes: await creditNotesOf(ctx.db, order.id) };
  }

  api.post('/api/order/:orderid/cancel', { onRequest: requireUser, schema: { params: orderParams, body: cancelOrderSchema } }, async (request) => {
    const user = currentUser(request);
    const admin = user.roles.includes('ADMIN');
    if (!admin && !isCustomerCancelReason(request.body.reason)) throw badRequest('Choose one of the reasons offered.', { reason: 'Choose one of the reasons offered.' });
    const order = await cancelOrder(ctx, user, request.params.orderid, request.body.reason);
    return answer(order.orderid, admin ? null : user.id);
  });

  api.get('/api/order/:orderid/refunds', { preHandler: requireUser, schema: { params: orderParams } }, async (request) => {
    const user = currentUser(request);
    return answer(request.params.orderid, user.roles.includes('ADMIN') ? null : user.id);
  });

  api.post('/api/order/:orderid/refunds', { onRequest: requireAdmin, schema: { params: orderParams, body: refundOrderSchema } }, async (request) => {
    const orderid = withOrderPrefix(request.params.orderid);
    await refundDeliveredOrder(ctx, currentUser(request).id, orderid, request.body.amount, request.body.reason);
    return answer(orderid, null);
  });

  api.post('/api/order/:orderid/refunds/:refundId/retry', { preHandler: requireAdmin, schema: { params: refundParams } }, async (request) => {
    await retryRefund(ctx, currentUser(request).id, request.params.refundId);
    return answer(request.params.orderid, null);
  });
}
