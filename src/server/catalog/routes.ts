import type { FastifyInstance } from 'fastify';
import { listCatalogue } from './product-repository';

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/public/product', async () => listCatalogue(app.ctx.db));
}
