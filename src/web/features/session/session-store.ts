import { useSyncExternalStore } from 'react';
import type { PublicUser } from '../../../domain/schemas/account';

export interface Session {
  token: string;
  user: PublicUser;
  remember: boolean;
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
      return JSON.parse(raw) as Session;
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

export function setSession(session: Session | null): void {
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
