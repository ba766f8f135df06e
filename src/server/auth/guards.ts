import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, type Role } from '../../domain/constants';
import { forbidden, unauthorized } from '../http/errors';
import type { DB } from '../db/database';
import { perDatabase } from '../db/read-batcher';
import { loadCaller } from './caller-repository';
import { createSessionToucher } from './session-touch';

export interface AuthUser {
  id: number;
  email: string;
  username: string;
  roles: Role[];
  /** Changes whenever one of the user's orders is written: tells whether a kept order list is still current. */
  ordersVersion: number;
  /** The session the token names: logout ends it. */
  sessionId: string;
  sessionExpiresAt: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthUser;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const toucherOf = perDatabase((db: DB, log: FastifyBaseLogger) => createSessionToucher(db, log));

/**
 * Loads the caller from the token and, every time, its session and account from the database (one query): an
 * ended or expired session, a deleted account or a revoked role takes effect on the next request, whatever the
 * token says.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.auth) return request.auth;
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await request.server.ctx.tokens.verify(token);
  if (!claims) return null;
  const { db, dialect } = request.server.ctx;
  const rows = await loadCaller(db, dialect, claims.sessionId);
  const user = rows[0];
  if (!user || user.id !== claims.userId || user.ended_at !== null) return null;
  const nowMs = Date.now();
  if (Date.parse(user.expires_at) <= nowMs) return null;
  toucherOf(db, request.server.log)(claims.sessionId, user.last_seen_at, nowMs);
  const roles = rows.flatMap((r) => (r.role ? [r.role as Role] : []));
  request.auth = {
    id: user.id,
    email: user.email,
    username: user.username,
    roles,
    ordersVersion: user.orders_version,
    sessionId: claims.sessionId,
    sessionExpiresAt: user.expires_at,
  };
  return request.auth;
}

/**
 * Answers to a signed-in caller are theirs alone: no browser or proxy may keep them (DESIGN.md §7.1). Set before the
 * check, so refusals carry it too; a route may still send an ETag for revalidation, never a longer life.
 */
export const PRIVATE_CACHE_CONTROL = 'no-store';

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  const user = await authenticate(request);
  if (!user) throw unauthorized('Your session has ended or is not valid. Please log in again.');
}

export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  const user = await authenticate(request);
  if (!user) throw unauthorized('Please log in as an admin to continue.');
  if (!user.roles.includes(ROLES.ADMIN)) throw forbidden('This needs admin access.');
}

/** The authenticated caller inside a handler guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
