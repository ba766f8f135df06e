import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { productInputSchema } from '../../domain/schemas/product';
import { reorderImagesSchema, type CatalogueSource } from '../../domain/schemas/studio';
import { currentUser, requireAdmin } from '../auth/guards';
import { readUploadedFiles, UPLOAD_LIMITS } from '../media/image-upload';
import { productIdParams, productImageParams } from './product-rules';
import type { CatalogueService } from './product-service';

export interface ProductAdminOptions {
  service: CatalogueService;
  source: CatalogueSource;
}

/** The product studio's calls under /api/product: admins only, never cached. */
export async function productAdminRoutes(fastify: FastifyInstance, { service, source }: ProductAdminOptions) {
  // Registered here, so only these routes accept multipart bodies; the rest of the API stays JSON only.
  await fastify.register(multipart, { limits: UPLOAD_LIMITS });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the body is read: a caller without rights never gets an upload parsed.
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/product/source', async () => source);

  app.get('/api/product', async () => service.list());

  app.get('/api/product/:id', { schema: { params: productIdParams } }, async (request) => service.get(request.params.id));

  app.post('/api/product', { schema: { body: productInputSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(currentUser(request).id, request.body)),
  );

  app.put('/api/product/:id', { schema: { params: productIdParams, body: productInputSchema } }, async (request) =>
    service.update(currentUser(request).id, request.params.id, request.body),
  );

  app.delete('/api/product/:id', { schema: { params: productIdParams } }, async (request, reply) => {
    await service.remove(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/product/:id/images', { schema: { params: productIdParams } }, async (request, reply) => {
    const files = await readUploadedFiles(request);
    return reply.status(201).send(await service.addImages(currentUser(request).id, request.params.id, files));
  });

  app.put('/api/product/:id/images', { schema: { params: productIdParams, body: reorderImagesSchema } }, async (request) =>
    service.reorderImages(currentUser(request).id, request.params.id, request.body.order),
  );

  app.delete('/api/product/:id/images/:hash', { schema: { params: productImageParams } }, async (request) =>
    service.removeImage(currentUser(request).id, request.params.id, request.params.hash),
  );
}
