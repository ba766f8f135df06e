import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    try {
      await app.ctx.database.ping();
      return { status: 'ready', database: app.ctx.dialect };
    } catch (error) {
      return reply.status(503).send({
        error: 'NOT_READY',
        message: `The database is not reachable: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
}
