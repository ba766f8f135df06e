import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_SECURITY_HEADERS } from './security';

/**
 * Errors Fastify raises before any route is found (an address that does not decode, a path parameter longer
 * than the router allows). Without this they answer in Fastify's own shape; clients of the shop read
 * `{error, message}` everywhere.
 */
export function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.raw.url?.split('?')[0] ?? '';
  // The request hooks never ran, so the headers every answer carries are set here.
  void reply.headers(API_SECURITY_HEADERS).header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(400).send({
      error: 'BAD_URL',
      message: `The address ${JSON.stringify(path.slice(0, 200))} is not valid: a % must start a complete escape such as %20. Check the link.`,
    });
    return;
  }
  void reply.status(error.statusCode ?? 400).send({ error: 'BAD_REQUEST', message: 'The request could not be read; check its address and headers.' });
}
