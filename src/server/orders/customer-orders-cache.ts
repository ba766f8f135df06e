import { encodeAnswer, type SentAnswer } from '../http/encoded-answer';

export interface CustomerOrdersCache {
  /** The user's order list, ready to send; `version` is users.orders_version as read before this call. */
  answer(userId: number, version: number): Promise<SentAnswer>;
}

export interface CustomerOrdersCacheOptions {
  maxEntries?: number;
  /** The most bytes of answers kept, all customers together. */
  maxBytes?: number;
}

/** About what one kept answer holds: its three encodings, and the entry and tag around them. */
function bytesOf(answer: SentAnswer): number {
  const { identity, br, gzip } = answer.encoded;
  return identity.length + br.length + gzip.length + 256;
}

/**
 * Keeps the last answer of the customers asking most recently, each with the orders_version it was built at.
 * Every request reads the version from the database with the caller's account, so an order written by any
 * process is seen on the next request. The version is read before the list, so a list is never filed under a
 * version newer than itself (at worst it is rebuilt once more).
 *
 * A list grows with every order, so the cache is bounded in bytes as well as in customers: under the load
 * benchmark's 200 customers ordering non-stop, their lists held 24 MB by the end of a minute, for answers that
 * their next order would replace anyway (issue 17). Only what is sent is kept, not the JSON text it came from.
 */
export function createCustomerOrdersCache(load: (userId: number) => Promise<string>, options: CustomerOrdersCacheOptions = {}): CustomerOrdersCache {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const entries = new Map<number, { version: number; answer: SentAnswer; bytes: number }>();
  let bytes = 0;
  const drop = (userId: number) => {
    const entry = entries.get(userId);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(userId);
  };
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
      const encoded = await encodeAnswer(await load(userId), kept?.answer ?? null, { brotliQuality: 6 });
      const answer: SentAnswer = { etag: encoded.etag, encoded: encoded.encoded };
      const latest = entries.get(userId);
      if (!latest || latest.version <= version) {
        drop(userId);
        const size = bytesOf(answer);
        entries.set(userId, { version, answer, bytes: size });
        bytes += size;
        for (const oldest of entries.keys()) {
          if (entries.size <= maxEntries && bytes <= maxBytes) break;
          drop(oldest);
        }
      }
      return answer;
    },
  };
}
