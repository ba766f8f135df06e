import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOrdersQuerySchema } from '../../domain/schemas/order';
import { PRIVATE_CACHE_CONTROL, callerOf, currentUser, requireAdmin, requireUser } from '../auth/guards';
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
  // A kept list is sent within the request's own turn, like the catalogue: no promise between it and its answer.
  api.get('/api/order', { preHandler: requireUser, compress: false }, (request, reply) => {
    const user = currentUser(request);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const kept = customerOrders.peek(user.id, user.ordersVersion, encoding);
    if (kept) return sendPrepared(request, reply, kept, PRIVATE_CACHE_CONTROL);
    return customerOrders.answer(user.id, user.ordersVersion, encoding).then((prepared) => sendPrepared(request, reply, prepared, PRIVATE_CACHE_CONTROL));
  });
  // The same answer before Fastify (http/fast-path.ts) when the caller's list is kept at their current version;
  // the caller is read exactly as requireUser reads it, and anything else is left to the route above.
  app.ctx.fastPath.signedIn('/api/order', {
    route: '/api/order',
    cacheControl: PRIVATE_CACHE_CONTROL,
    contentType: 'application/json; charset=utf-8',
    answer: async (authorization, encoding) => {
      const user = await callerOf(app.ctx, app.log, authorization);
      return user ? customerOrders.peek(user.id, user.ordersVersion, encoding) : null;
    },
  });

  api.get('/api/order/admin', { preHandler: requireAdmin, schema: { querystring: adminOrdersQuerySchema } }, async (request, reply) => {
    const { orders, total } = await adminOrderPage(app.ctx.db, app.ctx.dialect, request.query);
    reply.header('X-Total-Count', String(total));
    return orders;
  });
}
