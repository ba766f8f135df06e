import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What a client served from another origin may do (DESIGN.md §7.4): the methods and headers the original sends. */
export const CORS_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const CORS_ALLOWED_HEADERS = ['Content-Type', 'Authorization'] as const;
// Browsers cache a preflight this long, so a client does not ask before every call (Chromium caps it at 2 hours).
export const CORS_PREFLIGHT_MAX_AGE_S = 600;

/**
 * Cross-origin calls for the exact origins of CORS_ORIGINS, without credentials: the API authenticates with a
 * bearer header, never a cookie, so a granted origin gets nothing a page of its own could not already send. Any
 * other origin gets no CORS header at all, and its preflight is the API's plain 404. With no origins configured
 * nothing is registered: the shop is same-origin only and its hot paths carry no extra hook.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: [...CORS_METHODS],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    // The admin list's total, for a client that pages with offset and limit.
    exposedHeaders: ['X-Total-Count'],
    credentials: false,
    maxAge: CORS_PREFLIGHT_MAX_AGE_S,
    // A preflight is answered here; it never reaches a route's guard or body parser.
    preflightContinue: false,
    strictPreflight: true,
  });
}
