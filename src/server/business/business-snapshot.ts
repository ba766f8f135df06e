import type { Business } from '../../domain/schemas/business';
import type { Executor } from '../db/database';
import { getBusiness } from './business-repository';

// Bumped by every save in this process, so its own pages show an edit at once; other processes within a minute.
let savedInProcess = 0;
export function businessSaved(): void {
  savedInProcess += 1;
}

/**
 * The business details as hot paths read them (the crawlable pages ask on every request): one read a minute at
 * most, like the public answer's own max-age. Null when they cannot be read; the caller shows the page without them.
 */
export function businessSnapshot(db: Executor, maxAgeMs = 60_000): () => Promise<Business | null> {
  let copy: Promise<Business | null> | null = null;
  let readAt = 0;
  let seen = savedInProcess;
  return () => {
    const now = Date.now();
    if (!copy || now - readAt > maxAgeMs || seen !== savedInProcess) {
      readAt = now;
      seen = savedInProcess;
      copy = getBusiness(db).catch(() => null);
    }
    return copy;
  };
}
