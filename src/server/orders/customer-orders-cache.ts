import { encodeOne, entityTag, type Encoding, type PreparedBytes } from '../http/encoded-answer';

export interface CustomerOrdersCache {
  /** The user's order list in `encoding`, ready to send; `version` is users.orders_version as read before this call. */
  answer(userId: number, version: number, encoding: Encoding): Promise<PreparedBytes>;
  /** The same answer when it is kept at that version and in that encoding, else null (then call `answer`). */
  peek(userId: number, version: number, encoding: Encoding): PreparedBytes | null;
}

export interface CustomerOrdersCacheOptions {
  maxEntries?: number;
  /** The most bytes of answers kept, all customers together. */
  maxBytes?: number;
}

interface Entry {
  version: number;
  etag: string;
  /** Only the encodings asked for: a browser asks for one, always the same. */
  bytes: Partial<Record<Encoding, Buffer>>;
  size: number;
}

// What an entry costs besides its bytes: the entry, its tag and the map's slot.
const ENTRY_OVERHEAD = 256;

/**
 * Keeps the last answer of the customers asking most recently, each with the orders_version it was built at.
 * Every request reads the version from the database with the caller's account, so an order written by any
 * process is seen on the next request. The version is read before the list, so a list is never filed under a
 * version newer than itself (at worst it is rebuilt once more).
 *
 * A list grows with every order, so the cache is bounded in bytes as well as in customers, and it keeps only what
 * was sent: under a load of many customers ordering non-stop, the lists' text in every encoding piled up for
 * answers that each customer's next order replaced anyway.
 */
export function createCustomerOrdersCache(load: (userId: number) => Promise<string>, options: CustomerOrdersCacheOptions = {}): CustomerOrdersCache {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const entries = new Map<number, Entry>();
  let bytes = 0;
  const drop = (userId: number) => {
    const entry = entries.get(userId);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(userId);
  };
  const touch = (userId: number, entry: Entry) => {
    // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
    entries.delete(userId);
    entries.set(userId, entry);
  };
  const evict = () => {
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  };
  const peek = (userId: number, version: number, encoding: Encoding): PreparedBytes | null => {
    const kept = entries.get(userId);
    const ready = kept?.version === version ? kept.bytes[encoding] : undefined;
    if (!kept || !ready) return null;
    touch(userId, kept);
    return { etag: kept.etag, encoding, bytes: ready };
  };
  return {
    peek,
    async answer(userId, version, encoding) {
      const kept = entries.get(userId);
      const ready = peek(userId, version, encoding);
      if (ready) return ready;
      const body = await load(userId);
      const etag = entityTag(body);
      // A change that leaves the list as it was (a payment's gateway id, say) keeps the bytes already made.
      const same = kept?.etag === etag ? kept.bytes : {};
      // A middle brotli level: the list changes with every order, and its first request waits for this.
      const encoded = same[encoding] ?? (await encodeOne(Buffer.from(body), encoding, 6));
      const latest = entries.get(userId);
      if (!latest || latest.version < version) {
        drop(userId);
        const carried = { ...(latest?.etag === etag ? latest.bytes : {}), [encoding]: encoded };
        const size = Object.values(carried).reduce((sum, b) => sum + b.length, ENTRY_OVERHEAD);
        entries.set(userId, { version, etag, bytes: carried, size });
        bytes += size;
        evict();
      } else if (latest.version === version && latest.etag === etag && !latest.bytes[encoding]) {
        latest.bytes[encoding] = encoded;
        latest.size += encoded.length;
        bytes += encoded.length;
        touch(userId, latest);
        evict();
      }
      return { etag, encoding, bytes: encoded };
    },
  };
}
