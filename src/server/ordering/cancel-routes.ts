import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelOrderSchema, isCustomerCancelReason } from '../../domain/refunds';
import { currentUser, requireUser } from '../auth/guards';
import { badRequest } from '../http/errors';
import { orderRefundsAnswer } from './refund-service';
import { cancelOrder } from './workflows/cancel-order';

const orderParams = z.object({ orderid: z.string().trim().min(1).max(100) });

/** Cancelling an order (DESIGN.md §7.3): answers the order with its refunds, as GET …/refunds does. */
export async function cancellationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  api.post('/api/order/:orderid/cancel', { onRequest: requireUser, schema: { params: orderParams, body: cancelOrderSchema } }, async (request) => {
    const user = currentUser(request);
    const admin = user.roles.includes('ADMIN');
    if (!admin && !isCustomerCancelReason(request.body.reason)) throw badRequest('Choose one of the reasons offered.', { reason: 'Choose one of the reasons offered.' });
    const order = await cancelOrder(ctx, user, request.params.orderid, request.body.reason);
    return orderRefundsAnswer(ctx, order.orderid, user);
  });
}
