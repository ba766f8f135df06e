import { useSyncExternalStore } from 'react';
import { REMEMBER_ME_MS, SESSION_TIMEOUT_MS } from '../../../domain/constants';
import type { PublicUser } from '../../../domain/schemas/account';

export interface Session {
  token: string;
  user: PublicUser;
  remember: boolean;
  /** Epoch ms when the session ends; set by setSession when not given (20 minutes, or 7 days with Remember me). */
  expiresAt?: number;
}

const KEY = 'ghee-shop.session';
const listeners = new Set<() => void>();
let current: Session | null = read();

/**
 * The signed-in session: token and profile only (never a password). Kept in sessionStorage, or in
 * localStorage when "Remember me" was ticked so it survives a browser restart.
 */
function read(): Session | null {
  if (typeof window === 'undefined') return null;
  for (const store of [window.sessionStorage, window.localStorage]) {
    const raw = store.getItem(KEY);
    if (!raw) continue;
    try {
      const session = JSON.parse(raw) as Session;
      // A session that ran out while the tab was closed is not restored; one stored without an end (written
      // by hand, or by an older version) gets one, as setSession gives it, rather than being ended at once.
      if (session.expiresAt !== undefined && session.expiresAt <= Date.now()) throw new Error('expired');
      return { ...session, expiresAt: session.expiresAt ?? endOf(session) };
    } catch {
      store.removeItem(KEY);
    }
  }
  return null;
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

function endOf(session: Session, now = Date.now()): number {
  return now + (session.remember ? REMEMBER_ME_MS : SESSION_TIMEOUT_MS);
}

export function setSession(input: Session | null): void {
  const session = input && { ...input, expiresAt: input.expiresAt ?? endOf(input) };
  current = session;
  window.sessionStorage.removeItem(KEY);
  window.localStorage.removeItem(KEY);
  if (session) (session.remember ? window.localStorage : window.sessionStorage).setItem(KEY, JSON.stringify(session));
  emit();
}

export function updateSessionUser(user: PublicUser): void {
  if (current) setSession({ ...current, user });
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

export function isAdmin(session: Session | null): boolean {
  return !!session?.user.roles.includes('ADMIN');
}

/** Milliseconds until the current session ends (0 when there is none or it has ended). */
export function sessionTimeLeft(session: Session | null = current, now = Date.now()): number {
  if (!session?.expiresAt) return 0;
  return Math.max(0, session.expiresAt - now);
}

/**
 * Forget the token and the user, then reload the shop signed out on the home page (SPEC.md §4). The server's side
 * of logging out (ending the session) is in log-out.ts, which calls this once it is done.
 */
export function forgetSessionAndReload(): void {
  setSession(null);
  // Whatever this visit kept for the signed-in customer (a half-filled checkout, say) goes too.
  window.sessionStorage.clear();
  window.location.assign('/');
}
