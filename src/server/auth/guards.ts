import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, type Role } from '../../domain/constants';
import { forbidden, unauthorized } from '../http/errors';
import type { DB, Dialect } from '../db/database';
import { perDatabase } from '../db/read-batcher';
import { loadCaller } from './caller-repository';
import { createSessionToucher } from './session-touch';
import type { TokenService } from './tokens';

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

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const toucherOf = perDatabase((db: DB, log: FastifyBaseLogger) => createSessionToucher(db, log));

/** What reading a caller needs: the shop's database and token keys, and a log for a failed last-seen write. */
export interface CallerSource {
  db: DB;
  dialect: Dialect;
  tokens: TokenService;
}

/**
 * The caller an Authorization header names, with its session and account read from the database every time (one
 * query): an ended or expired session, a deleted account or a revoked role takes effect on the next request,
 * whatever the token says. Null for no caller or one that is not valid now. Also used before Fastify by the fast
 * path, so both ways decide alike.
 */
export async function callerOf(source: CallerSource, log: FastifyBaseLogger, authorization: string | undefined): Promise<AuthUser | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await source.tokens.verify(token);
  if (!claims) return null;
  const { db, dialect } = source;
  const rows = await loadCaller(db, dialect, claims.sessionId);
  const user = rows[0];
  if (!user || user.id !== claims.userId || user.ended_at !== null) return null;
  const nowMs = Date.now();
  if (Date.parse(user.expires_at) <= nowMs) return null;
  toucherOf(db, log)(claims.sessionId, user.last_seen_at, nowMs);
  const roles = rows.flatMap((r) => (r.role ? [r.role as Role] : []));
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    roles,
    ordersVersion: user.orders_version,
    sessionId: claims.sessionId,
    sessionExpiresAt: user.expires_at,
  };
}

/** The request's caller (see callerOf), read once per request. */
export async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.auth) return request.auth;
  const user = await callerOf(request.server.ctx, request.server.log, request.headers.authorization);
  if (user) request.auth = user;
  return user;
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
