import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROW_ID_MAX } from '../../domain/schemas/fields';
import { receiveStockSchema, setStockSchema } from '../../domain/schemas/stock';
import { currentUser, requireAdmin } from '../auth/guards';
import { receiveSizeStock, setSizeStock, stockList } from './stock-admin-service';

const sizeParams = z.object({
  productId: z.coerce.number({ error: 'Product ids are positive whole numbers.' }).int().positive().max(ROW_ID_MAX),
  size: z.coerce.number({ error: 'Sizes are whole numbers of ml.' }).int().positive().max(1_000_000),
});

/** The studio's stock calls: admins only. */
export async function stockRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/stock', { onRequest: requireAdmin }, async () => stockList(app.ctx));
  api.put('/api/stock/:productId/:size', { onRequest: requireAdmin, schema: { params: sizeParams, body: setStockSchema } }, async (request) =>
    setSizeStock(app.ctx, currentUser(request).id, request.params.productId, request.params.size, request.body.stock),
  );
  api.post(
    '/api/stock/:productId/:size/received',
    { onRequest: requireAdmin, schema: { params: sizeParams, body: receiveStockSchema } },
    async (request) => receiveSizeStock(app.ctx, currentUser(request).id, request.params.productId, request.params.size, request.body.bottles),
  );
}
