import { send } from '../../lib/api-client';
import { forgetSessionAndReload, getToken } from './session-store';

/**
 * Log out (DESIGN.md §7.7): the server ends the session, so the token stops working everywhere it was copied,
 * then the browser forgets it. Offline or refused, the browser still forgets it: the person asked to leave.
 */
export async function logOut(): Promise<void> {
  if (getToken()) await send('POST', '/api/account/logout').catch(() => undefined);
  forgetSessionAndReload();
}

/** "Sign out everywhere": every session of the account ends, this one too. */
export async function logOutEverywhere(): Promise<void> {
  await send('POST', '/api/account/logout-all');
  forgetSessionAndReload();
}
