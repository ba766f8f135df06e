import type { FastifyInstance } from 'fastify';

/** HTTP routes of this capability; filled in by its issue. */
export async function settingsRoutes(_app: FastifyInstance): Promise<void> {}
