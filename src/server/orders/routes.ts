import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOrdersQuerySchema } from '../../domain/schemas/order';
import { currentUser, requireAdmin, requireUser } from '../auth/guards';
import { searchAdminOrders } from './admin-order-repository';
import { listOrdersOfUser } from './order-repository';

/** Orders as customers and admins read them. */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // By the caller's account id from the token, never by an e-mail or id in the request.
  api.get('/api/order', { preHandler: requireUser }, async (request) => listOrdersOfUser(app.ctx.db, currentUser(request).id));

  api.get('/api/order/admin', { preHandler: requireAdmin, schema: { querystring: adminOrdersQuerySchema } }, async (request, reply) => {
    const { orders, total } = await searchAdminOrders(app.ctx.db, app.ctx.dialect, request.query);
    reply.header('X-Total-Count', String(total));
    return orders;
  });
}
