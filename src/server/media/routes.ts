import type { FastifyInstance } from 'fastify';
import { IMAGE_VARIANTS } from './image-store';

const MEDIA_NAME = /^([a-f0-9]{32})-([a-z]+)\.webp$/;

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const match = MEDIA_NAME.exec(request.params.file);
    const variant = match?.[2];
    if (!match || !variant || !(variant in IMAGE_VARIANTS)) {
      return reply.status(404).send({ error: 'NOT_FOUND', message: 'No such image.' });
    }
    const row = await app.ctx.db
      .selectFrom('image_variants')
      .select('data')
      .where('hash', '=', match[1] as string)
      .where('variant', '=', variant)
      .executeTakeFirst();
    if (!row) return reply.status(404).send({ error: 'NOT_FOUND', message: 'No such image.' });
    // The name holds the content hash, so a given URL never changes and may be cached for a year.
    return reply
      .header('Content-Type', 'image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(row.data);
  });
}
