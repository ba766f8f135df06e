import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overviewAnswerSchema } from '../../domain/schemas/admin-overview';
import { adminOrdersQuerySchema } from '../../domain/schemas/order';
import { requireAdmin } from '../auth/guards';
import { ordersCsv } from './orders-export-service';
import { buildOverview } from './overview-service';
import { shopCalendar } from './shop-time';

const exportQuerySchema = adminOrdersQuerySchema.pick({ status: true, q: true, sort: true, payment: true });

/** Dashboard-only routes beyond the spec: the overview figures and the CSV export of orders. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/overview',
    {
      preHandler: requireAdmin,
      schema: {
        summary: 'Sales today, this month and per day for the last 30 days',
        description:
          'Days and months run midnight to midnight in shop time (Asia/Kolkata), whatever the server zone. ' +
          'Sales are paid online orders and cash-on-delivery orders; cancelled orders are left out and refunds come off ' +
          'the revenue of the day the order was placed. Admin only.',
        response: { 200: overviewAnswerSchema },
      },
    },
    async () => buildOverview(app.ctx.db),
  );

  r.get(
    '/api/admin/orders.csv',
    {
      preHandler: requireAdmin,
      schema: {
        summary: 'The filtered orders as a CSV file',
        description:
          'Same filters as GET /api/order/admin (status, q, sort, payment=pending), every matching order, ' +
          'streamed in batches. Cells that a spreadsheet would run as a formula start with a quote. Admin only.',
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const filename = `orders-${shopCalendar(new Date(), 1).today}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(ordersCsv(app.ctx.db, app.ctx.dialect, request.query)));
    },
  );
}
