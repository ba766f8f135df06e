import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI description is generated from the same zod schemas that validate each route, so it cannot
 * drift from what the API really accepts. Must be registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ghee Shop API',
        description: 'Accounts, catalogue, checkout, orders, e-mail templates and settings of the Ghee Shop.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
}

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
