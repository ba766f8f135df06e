import { useSyncExternalStore } from 'react';

// On a phone's connection every picture asked for at once shares it, and the home page's largest picture, the first
// hero slide, would arrive last among equals. The pictures under it are asked for once it has arrived (or failed).
// Kept for the visit: coming back home, they are cached and need not wait.
let arrived = false;
const listeners = new Set<() => void>();

export function markHeroArrived(): void {
  if (arrived) return;
  arrived = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the first hero slide has arrived; the server never renders the home page, so false there. */
export function useHeroArrived(): boolean {
  return useSyncExternalStore(subscribe, () => arrived, () => false);
}
