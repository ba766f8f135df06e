import type { Dialect, Executor } from '../db/database';
import { encodeAnswer, type EncodedAnswer } from '../http/encoded-answer';
import { customerOrdersJson } from './customer-orders-json';

export interface CustomerOrdersCache {
  /** The user's order list, ready to send; `version` is users.orders_version as read before this call. */
  answer(userId: number, version: number): Promise<EncodedAnswer>;
}

/**
 * Keeps the last answer of the customers asking most recently, each with the orders_version it was built at.
 * Every request reads the version from the database with the caller's account, so an order written by any
 * process is seen on the next request. The version is read before the list, so a list is never filed under a
 * version newer than itself (at worst it is rebuilt once more).
 */
export function createCustomerOrdersCache(db: Executor, dialect: Dialect, options: { maxEntries?: number } = {}): CustomerOrdersCache {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<number, { version: number; answer: EncodedAnswer }>();
  return {
    async answer(userId, version) {
      const kept = entries.get(userId);
      if (kept && kept.version === version) {
        // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
        entries.delete(userId);
        entries.set(userId, kept);
        return kept.answer;
      }
      // A middle brotli level: the list changes with every order, and its first request waits for this.
      const answer = await encodeAnswer(await customerOrdersJson(db, dialect, userId), kept?.answer ?? null, { brotliQuality: 6 });
      const latest = entries.get(userId);
      if (!latest || latest.version <= version) {
        entries.delete(userId);
        entries.set(userId, { version, answer });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as number);
      }
      return answer;
    },
  };
}
