import type { FastifyInstance } from 'fastify';

/** HTTP routes of this capability; filled in by its issue. */
export async function accountsRoutes(_app: FastifyInstance): Promise<void> {}
