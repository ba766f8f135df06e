import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-errors';
import { HttpError } from './errors';
import { bodyTooLarge } from './json-body';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** Turns schema issues into `{ "items.0.itemQty": "message" }`, first message per field. */
export function validationFields(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? (issue.instancePath ?? '').split('/').filter(Boolean);
    const key = path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message ?? 'Invalid value';
  }
  return fields;
}

const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON.',
  },
};

export interface ErrorHandlingOptions {
  spaFallback: boolean;
  /** Answers a page address that is no app page, crawlable page or file: 404 with the app's not-found page. */
  notFoundPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      // A limit's 429 says when to come back in the header too, for clients that read it.
      if (typeof error.extra?.retryAfter === 'number') void reply.header('retry-after', String(error.extra.retryAfter));
      return reply.status(error.statusCode).send({
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error.validation as ValidationIssue[]);
      const first = Object.values(fields)[0] ?? 'The request is not valid.';
      return reply.status(400).send({ error: 'VALIDATION_FAILED', message: first, fields });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const tooLarge = bodyTooLarge(request.routeOptions.bodyLimit);
      return reply.status(413).send({ error: tooLarge.code, message: tooLarge.message });
    }
    // The file server refuses a name too long for the disk, or a path it will not walk: neither names a page.
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.code, message: known.message });
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return reply.status(400).send({ error: 'INVALID_JSON', message: 'The request body is not valid JSON.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: 'RATE_LIMITED', message: error.message });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ error: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' });
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // The app's screens have routes of their own (web-static.ts, seo/): any other page address names nothing, and
    // says so with a 404, not the home page (a "soft 404" to search engines).
    if (options.spaFallback && !isApi && request.method === 'GET') {
      if (options.notFoundPage) return options.notFoundPage(request, reply);
      return reply.status(404).header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'NOT_FOUND', message: `No API route ${request.method} ${request.url.split('?')[0]}.` });
  });
}
