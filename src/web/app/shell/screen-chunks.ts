// A screen's code is a chunk of its own, fetched on the first visit. A fetch can fail: the connection dropped, or a
// deploy replaced the files a tab opened earlier still names. That failure is told apart from a bug in the screen,
// because a reload (which fetches the new index.html and its new chunk names) can mend it and nothing else can.

export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(`This page's code could not be fetched: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ScreenLoadError';
  }
}

const RELOADED_KEY = 'ghee.screen-reload';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Loads a screen's module; a failed fetch becomes a ScreenLoadError, a good one lets the next failure reload again. */
export async function loadScreen<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    storage()?.removeItem(RELOADED_KEY);
    return module;
  } catch (error) {
    throw new ScreenLoadError(error);
  }
}

/**
 * Reloads the page once after a screen failed to load (a deploy may have replaced the files), and reports whether
 * it did. The mark in sessionStorage stops a loop when the server is down: the second failure shows the message.
 */
export function reloadOnceForNewCode(): boolean {
  const store = storage();
  if (!store || store.getItem(RELOADED_KEY)) return false;
  store.setItem(RELOADED_KEY, '1');
  window.location.reload();
  return true;
}
