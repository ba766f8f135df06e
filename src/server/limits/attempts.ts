import type { HttpError } from '../http/errors';
import type { CounterStore } from './counters';

/** One rule on attempts: at most `max` in `windowMs` under `key`. */
export interface AttemptLimit {
  key: string;
  max: number;
  windowMs: number;
  /** The answer once the limit is passed; `resetInMs` is how long until its window ends. */
  refuse(resetInMs: number): HttpError;
}

/** An attempt counted against its limits, before the work it guards was done. */
export interface Attempt {
  /** What this attempt brought each limit's count to, in the order given. */
  readonly counts: readonly number[];
  /** When each limit's window ends (epoch milliseconds), in the same order. */
  readonly resetAt: readonly number[];
  /** The attempt turned out not to count (a right password, a code that exists): its counts are taken back. */
  release(): Promise<void>;
}

/**
 * Counts an attempt against every limit at once, before the work runs (DESIGN.md §8.8): reading a count and adding to
 * it later let 40 simultaneous guesses all pass a limit of 5. Each increment is atomic, so of many simultaneous
 * attempts exactly `max` go through. Past any limit, the attempt's counts are taken back (a refusal checks nothing)
 * and that limit's 429 is thrown; the caller releases the attempt when it turns out not to count.
 */
export async function claimAttempt(store: CounterStore, limits: readonly AttemptLimit[]): Promise<Attempt> {
  const results = await Promise.all(limits.map((limit) => store.increment(limit.key, limit.windowMs)));
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await Promise.all(limits.map((limit) => store.decrement(limit.key)));
  };
  const over = limits.findIndex((limit, i) => (results[i]?.count ?? 0) > limit.max);
  if (over >= 0) {
    await release();
    const limit = limits[over]!;
    throw limit.refuse(Math.max(0, (results[over]?.resetAt ?? 0) - Date.now()));
  }
  return { counts: results.map((r) => r.count), resetAt: results.map((r) => r.resetAt), release };
}

/**
 * Refuses with the first limit already reached, without counting this request: for a try that turned out not to
 * count (a code that exists) while the tries that do count are past their limit, so a blocked client cannot go on
 * telling right answers from wrong ones.
 */
export async function refuseWhenLimitReached(store: CounterStore, limits: readonly AttemptLimit[]): Promise<void> {
  const now = Date.now();
  const counts = await Promise.all(limits.map((limit) => store.read(limit.key)));
  const reached = limits.findIndex((limit, i) => (counts[i]?.count ?? 0) >= limit.max);
  if (reached >= 0) throw limits[reached]!.refuse(Math.max(0, (counts[reached]?.resetAt ?? now) - now));
}
