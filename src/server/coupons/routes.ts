import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { couponParamSchema, couponSchema } from '../../domain/schemas/delivery';
import { currentUser, requireAdmin } from '../auth/guards';
import { createCoupon, editCoupon, listCoupons, retireCoupon } from './coupon-service';

/** The admin's Coupons tab (DESIGN.md §7.6). Codes are case-insensitive: the path may use any case. */
export async function couponsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/api/coupons', { onRequest: requireAdmin }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listCoupons(db);
  });

  app.post('/api/coupons', { onRequest: requireAdmin, schema: { body: couponSchema } }, async (request, reply) =>
    reply.code(201).send(await createCoupon(db, request.body, currentUser(request).id)),
  );

  app.put('/api/coupons/:code', { onRequest: requireAdmin, schema: { params: couponParamSchema, body: couponSchema } }, async (request) =>
    editCoupon(db, request.params.code, request.body, currentUser(request).id),
  );

  app.delete('/api/coupons/:code', { onRequest: requireAdmin, schema: { params: couponParamSchema } }, async (request) =>
    retireCoupon(db, request.params.code, currentUser(request).id),
  );
}
