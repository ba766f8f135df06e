import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database';
import { touchSession } from './session-repository';

/** "Last seen" is shown to the minute; writing it more often would turn every authenticated read into a write. */
export const LAST_SEEN_EVERY_MS = 60_000;

const TOUCHED_MAX = 10_000;

/**
 * Writes a session's last-seen time at most once a minute. The session row read with the caller says when it was
 * last written; a per-process note of the sessions touched lately keeps the requests of one burst (which all read
 * the same old time) from each sending the update. The write is not awaited: the request never waits for it, and a
 * failed one only leaves the time a minute older.
 */
export function createSessionToucher(db: DB, log: FastifyBaseLogger) {
  const touched = new Map<string, number>();
  return (sessionId: string, lastSeenAt: string, nowMs = Date.now()): void => {
    if (nowMs - Date.parse(lastSeenAt) < LAST_SEEN_EVERY_MS) return;
    const noted = touched.get(sessionId);
    if (noted !== undefined && nowMs - noted < LAST_SEEN_EVERY_MS) return;
    if (touched.size >= TOUCHED_MAX) touched.clear();
    touched.set(sessionId, nowMs);
    const now = new Date(nowMs).toISOString();
    const seenBefore = new Date(nowMs - LAST_SEEN_EVERY_MS).toISOString();
    touchSession(db, sessionId, now, seenBefore).catch((error: unknown) => {
      log.warn({ err: error }, 'could not record when a session was last used');
    });
  };
}
