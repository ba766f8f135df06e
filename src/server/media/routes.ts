import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMAGE_VARIANTS, findImageVariant } from './image-store';

const MEDIA_NAME = /^([a-f0-9]{32})-([a-z]+)\.webp$/;

function noSuchImage(reply: FastifyReply) {
  return reply.status(404).send({ error: 'NOT_FOUND', message: 'No such image. Its address may be mistyped or out of date.' });
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const match = MEDIA_NAME.exec(request.params.file);
    const hash = match?.[1];
    const variant = match?.[2];
    // Only names we generate are looked up; anything else (../, encoded slashes, other extensions) is a 404.
    if (!hash || !variant || !Object.hasOwn(IMAGE_VARIANTS, variant)) return noSuchImage(reply);
    const data = await findImageVariant(app.ctx.db, hash, variant);
    if (!data) return noSuchImage(reply);
    // The name holds the content hash, so a given URL never changes and may be cached for a year.
    return reply
      .header('Content-Type', 'image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(data);
  });

  // Deeper paths under /media are never images; without this they would fall through to the web app's page.
  app.get('/media/*', async (_request, reply) => noSuchImage(reply));
}
