import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOrdersQuerySchema } from '../../domain/schemas/order';
import { PRIVATE_CACHE_CONTROL, currentUser, requireAdmin, requireUser } from '../auth/guards';
import { adminOrderPage } from './admin-order-service';
import { preferredEncoding, sendPrepared } from '../http/encoded-answer';
import { createCustomerOrdersCache } from './customer-orders-cache';
import { customerOrdersJson } from './customer-orders-json';

/** Orders as customers and admins read them. */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const customerOrders = createCustomerOrdersCache((userId) => customerOrdersJson(app.ctx.db, app.ctx.dialect, userId));
  // By the caller's account id from the token, never by an e-mail or id in the request. Private to the
  // browser, which revalidates every time (a 304 when nothing changed). Compressed ahead of time, like the catalogue,
  // so the compression plugin's hooks are left off.
  api.get('/api/order', { preHandler: requireUser, compress: false }, async (request, reply) => {
    const user = currentUser(request);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    return sendPrepared(request, reply, await customerOrders.answer(user.id, user.ordersVersion, encoding), PRIVATE_CACHE_CONTROL);
  });

  api.get('/api/order/admin', { preHandler: requireAdmin, schema: { querystring: adminOrdersQuerySchema } }, async (request, reply) => {
    const { orders, total } = await adminOrderPage(app.ctx.db, app.ctx.dialect, request.query);
    reply.header('X-Total-Count', String(total));
    return orders;
  });
}
