import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRIVATE_CACHE_CONTROL, currentUser, requireUser } from '../auth/guards';
import { documentFilename } from './invoice-attachment';
import { creditNoteOfOrder, invoiceOfOrder } from './invoice-service';
import { printedPdf } from './printed-documents';

const orderParam = z.object({ orderid: z.string().max(64) });
// Numbers hold slashes (CN/26-27/000007): sent encoded (%2F), or with dashes in their place.
const creditNoteParams = orderParam.extend({
  number: z
    .string()
    .max(40)
    .transform((n) => n.replace(/^(CN)[-/](\d\d-\d\d)[-/](\d{6})$/, '$1/$2/$3')),
});

/** The invoice and credit notes of an order, for its customer and for admins (anyone else: 404, not 403). */
export async function invoicingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${documentFilename(filename)}"`)
      .header('Cache-Control', PRIVATE_CACHE_CONTROL)
      .send(pdf);

  app.get('/api/order/:orderid/invoice.pdf', { preHandler: requireUser, schema: { params: orderParam } }, async (request, reply) => {
    const invoice = await invoiceOfOrder(db, request.params.orderid, currentUser(request));
    return sendPdf(reply, await printedPdf(db, app.ctx.signer, invoice), invoice.number);
  });

  app.get(
    '/api/order/:orderid/credit-notes/:number.pdf',
    { preHandler: requireUser, schema: { params: creditNoteParams } },
    async (request, reply) => {
      const note = await creditNoteOfOrder(db, request.params.orderid, request.params.number, currentUser(request));
      return sendPdf(reply, await printedPdf(db, app.ctx.signer, note), note.number);
    },
  );
}
