import { randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import { REMEMBER_ME_MS, SESSION_TIMEOUT_MS } from '../../domain/constants';
import type { AccountSession } from '../../domain/schemas/account';
import { activeSessionsOf, endSession, endSessionsOf, insertSession } from '../auth/session-repository';
import type { TokenService } from '../auth/tokens';
import type { DB, Executor } from '../db/database';
import { nowIso } from '../db/database';
import { notFound } from '../http/errors';

/** Who is signing in, as far as the request tells: shown in the account's list of sessions. */
export interface SessionClient {
  userAgent?: string;
}

// A user agent is only ever shown, parsed; a longer one is someone's padding.
const USER_AGENT_MAX = 512;

/** Opens a session for the account and signs the token that names it (20 minutes, or 7 days with remember me). */
export async function openSession(
  deps: { db: Executor; tokens: TokenService },
  user: { id: number; email: string },
  options: { remember?: boolean; client?: SessionClient } = {},
): Promise<string> {
  const nowMs = Date.now();
  const expiresAtMs = nowMs + (options.remember ? REMEMBER_ME_MS : SESSION_TIMEOUT_MS);
  const id = randomBytes(16).toString('base64url');
  const now = new Date(nowMs).toISOString();
  await insertSession(deps.db, {
    id,
    user_id: user.id,
    created_at: now,
    expires_at: new Date(expiresAtMs).toISOString(),
    last_seen_at: now,
    user_agent: (options.client?.userAgent ?? '').slice(0, USER_AGENT_MAX),
  });
  return deps.tokens.sign({ userId: user.id, email: user.email, sessionId: id }, expiresAtMs);
}

/** Log out: the caller's own session ends; its token is a 401 from the next request on. */
export async function logOut(db: DB, userId: number, sessionId: string): Promise<void> {
  await endSession(db, userId, sessionId, nowIso());
}

/** "Sign out everywhere": every session of the account ends, the caller's included. */
export async function logOutEverywhere(db: DB, userId: number): Promise<void> {
  await endSessionsOf(db, userId, nowIso());
}

export async function listSessions(db: DB, userId: number, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await activeSessionsOf(db, userId, nowIso());
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.user_agent),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    current: row.id === currentSessionId,
  }));
}

export async function endOneSession(db: DB, userId: number, sessionId: string): Promise<void> {
  // Someone else's session and an unknown one read the same: the caller learns nothing about other accounts.
  if (!(await endSession(db, userId, sessionId, nowIso()))) {
    throw notFound('This session has already ended or is not one of yours.');
  }
}

/** "Chrome 131 on Android (mobile)": what a person recognises their device by. */
export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name ?? '';
  const kind = parsed.platform.type && parsed.platform.type !== 'desktop' ? ` (${parsed.platform.type})` : '';
  if (!browser && !os) return 'Unknown device';
  if (!os) return browser;
  return `${browser || 'A browser'} on ${os}${kind}`;
}
