import type { FastifyInstance } from 'fastify';

/** Dashboard-only routes beyond the spec (overview figures, CSV export); filled in by the admin issue. */
export async function adminRoutes(_app: FastifyInstance): Promise<void> {}
