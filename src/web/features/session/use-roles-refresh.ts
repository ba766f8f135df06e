import { useEffect } from 'react';
import type { PublicUser } from '../../../domain/schemas/account';
import { api, onForbidden } from '../../lib/api-client';
import { getSession, updateSessionUser } from './session-store';

// A focus right after a 403 (or a burst of 403s from one screen) needs one look, not one each.
const MIN_GAP_MS = 2_000;
let inFlight: Promise<void> | null = null;
let lastAt = 0;

/** Re-reads the signed-in user's profile and roles from the server and keeps the session's copy current. */
export function refreshSessionUser(): Promise<void> {
  if (!getSession()) return Promise.resolve();
  if (inFlight) return inFlight;
  if (Date.now() - lastAt < MIN_GAP_MS) return Promise.resolve();
  lastAt = Date.now();
  inFlight = api
    .get<PublicUser>('/api/account/me')
    .then((user) => {
      const current = getSession()?.user;
      // Only a real change re-renders the app.
      if (current && JSON.stringify(current) !== JSON.stringify(user)) updateSessionUser(user);
    })
    // Offline or signed out meanwhile: the next focus tries again, and a 401 already signed the user out.
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * Roles granted or revoked by another admin take effect in this tab without logging out and in: they are
 * re-read whenever the window regains focus and after any 403.
 */
export function useRolesRefresh(): void {
  useEffect(() => {
    const onFocus = () => void refreshSessionUser();
    // Once on start too: a session restored from storage may carry roles from days ago.
    onFocus();
    window.addEventListener('focus', onFocus);
    const stop = onForbidden(onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      stop();
    };
  }, []);
}
