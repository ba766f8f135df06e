import type { DB } from './database';

/**
 * Reads by key that arrive in the same turn of the event loop go to the database as one query.
 *
 * Fifty requests in flight asking "who is this caller?" become one query: on PostgreSQL one round trip instead of
 * fifty queued behind ten pooled connections, on SQLite one statement instead of fifty passes through the
 * driver's single connection (more than twice the requests a second on GET /api/order; bench/README.md). The
 * query is sent after every waiter joined it, so each still reads the database as it was after its request
 * arrived: nothing is kept between batches.
 *
 * Waiters for the same key share one answer, so what `fetch` returns must not be changed by its readers.
 */
export interface ReadBatcher<K, V> {
  /** The value `fetch` gave for `key`, or undefined when it gave none. */
  load(key: K): Promise<Readonly<V> | undefined>;
}

/**
 * One batcher per database, made on first use (later calls' extra arguments are not looked at): the requests to
 * that database share it.
 */
export function perDatabase<A extends unknown[], T>(make: (db: DB, ...args: A) => T): (db: DB, ...args: A) => T {
  const made = new WeakMap<DB, T>();
  return (db, ...args) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db, ...args);
      made.set(db, value);
    }
    return value;
  };
}

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

export function createReadBatcher<K, V>(
  fetch: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
  options: { maxBatch?: number } = {},
): ReadBatcher<K, V> {
  const maxBatch = options.maxBatch ?? 200;
  let pending = new Map<K, Waiter<V>[]>();
  let scheduled = false;

  function send(entries: [K, Waiter<V>[]][]): void {
    // A fetch that throws before it returns a promise must fail its waiters, not the process (this runs in setImmediate).
    let answer: Promise<ReadonlyMap<K, V>>;
    try {
      answer = fetch(entries.map(([key]) => key));
    } catch (error) {
      answer = Promise.reject(error);
    }
    const fail = (error: unknown) => entries.forEach(([, waiters]) => waiters.forEach((w) => w.reject(error)));
    answer.then((values) => {
      try {
        entries.forEach(([key, waiters]) => waiters.forEach((w) => w.resolve(values.get(key))));
      } catch (error) {
        fail(error);
      }
    }, fail);
  }

  function flush(): void {
    scheduled = false;
    const entries = [...pending];
    pending = new Map();
    for (let i = 0; i < entries.length; i += maxBatch) send(entries.slice(i, i + maxBatch));
  }

  return {
    load(key) {
      return new Promise<V | undefined>((resolve, reject) => {
        const waiters = pending.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
        if (scheduled) return;
        scheduled = true;
        // Requests already read in this turn of the event loop join the same query.
        setImmediate(flush);
      });
    },
  };
}
