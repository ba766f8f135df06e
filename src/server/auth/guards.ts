import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, type Role } from '../../domain/constants';
import { forbidden, unauthorized } from '../http/errors';
import { loadCaller } from './caller-repository';

export interface AuthUser {
  id: number;
  email: string;
  username: string;
  roles: Role[];
  /** Changes whenever one of the user's orders is written: tells whether a kept order list is still current. */
  ordersVersion: number;
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

/**
 * Loads the caller from the token and, every time, from the database: a deleted account, a revoked role or a
 * changed password takes effect on the next request, whatever the token says.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.auth) return request.auth;
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await request.server.ctx.tokens.verify(token);
  if (!claims) return null;
  const { db, dialect } = request.server.ctx;
  const rows = await loadCaller(db, dialect, claims.userId);
  const user = rows[0];
  if (!user) return null;
  if (issuedBeforePasswordChange(claims.issuedAt, user.password_changed_at)) return null;
  const roles = rows.flatMap((r) => (r.role ? [r.role as Role] : []));
  request.auth = { id: user.id, email: user.email, username: user.username, roles, ordersVersion: user.orders_version };
  return request.auth;
}

/**
 * `iat` has whole seconds, so the change is compared at the same precision: the token answered by the reset
 * itself is signed in the same second as the change and must stay valid. A token signed in that second just
 * before the change also survives; the window is under one second.
 */
function issuedBeforePasswordChange(issuedAt: number, passwordChangedAt: string | null): boolean {
  if (!passwordChangedAt) return false;
  const changedMs = Date.parse(passwordChangedAt);
  // A value that cannot be read cannot vouch for any token; a new reset writes a good one.
  if (Number.isNaN(changedMs)) return true;
  return issuedAt < Math.floor(changedMs / 1000);
}

export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = await authenticate(request);
  if (!user) throw unauthorized('Your session has ended or is not valid. Please log in again.');
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = await authenticate(request);
  if (!user) throw unauthorized('Please log in as an admin to continue.');
  if (!user.roles.includes(ROLES.ADMIN)) throw forbidden('This needs admin access.');
}

/** The authenticated caller inside a handler guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
