import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/guards';
import { parsePeriod, parseRange } from './registers';
import { gstr1Report, hsnSummary, periodSummary, salesRegister } from './report-service';

const periodQuery = z.object({ period: z.string().max(16), quarter: z.enum(['0', '1']).optional() });
const rangeQuery = z.object({ from: z.string().max(16), to: z.string().max(16) });

/** The accountant's month (DESIGN.md §8.3): GSTR-1 JSON, the sales register and the HSN summary, for admins. */
export async function reportsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const download = (reply: FastifyReply, type: string, filename: string, body: string) =>
    reply
      .header('Content-Type', type)
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store')
      .send(body);

  app.get('/api/reports/summary', { onRequest: requireAdmin, schema: { querystring: periodQuery } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return periodSummary(db, parsePeriod(request.query.period, request.query.quarter === '1'));
  });

  app.get('/api/reports/gstr1', { onRequest: requireAdmin, schema: { querystring: periodQuery } }, async (request, reply) => {
    const period = parsePeriod(request.query.period, request.query.quarter === '1');
    const body = JSON.stringify(await gstr1Report(db, period));
    return download(reply, 'application/json; charset=utf-8', `GSTR1-${period.fp}.json`, body);
  });

  app.get('/api/reports/sales-register.csv', { onRequest: requireAdmin, schema: { querystring: rangeQuery } }, async (request, reply) => {
    const range = parseRange(request.query.from, request.query.to);
    return download(reply, 'text/csv; charset=utf-8', `sales-register-${range.from}-to-${range.to}.csv`, await salesRegister(db, range));
  });

  app.get('/api/reports/hsn-summary.csv', { onRequest: requireAdmin, schema: { querystring: periodQuery } }, async (request, reply) => {
    const period = parsePeriod(request.query.period, request.query.quarter === '1');
    return download(reply, 'text/csv; charset=utf-8', `hsn-summary-${period.fp}.csv`, await hsnSummary(db, period));
  });
}
