/**
 * Time-outs for every cache operation (SPEC §8: a failing or slow dependency falls back, never blocks the header).
 * IndexedDB can fail to answer at all (a blocked `open` during another tab's upgrade, a wedged browser profile, a
 * browser bug): without a bound, the first load waits for the cache read forever and never reaches the network.
 *
 * | operation | time-out | why |
 * |---|---|---|
 * | `get` (includes the lazy `open`) | CACHE_READ_TIMEOUT_MS = 1,500 ms | a healthy read of the largest entry (pilot, 100,000 rows, one string) takes ~20–150 ms; 1.5 s + the 4 s network time-out keeps a cold panel under the 5–6 s a trader waits |
 * | `set`, `del` | CACHE_WRITE_TIMEOUT_MS = 5,000 ms | writes never delay a paint (the data is already in memory); the bound only frees the cross-tab revalidation lock that is held across the write |
 *
 * On a time-out the operation resolves as a miss (`get` → undefined) or as done (`set`/`del`), logs once, and the
 * store counts as *stalled*: until the late operation settles, every further call answers at once (a miss, or a
 * dropped write), so the engine keeps working from memory and the network. A late answer clears the stall, so a
 * store that was only slow (a cold disk) is used again. Synchronous throws and rejections pass through unchanged
 * (cache.ts logs them and treats them as a miss or a failed write).
 */
import type { CacheStore } from '../deps.ts';

/** Upper bound of one cache read (IndexedDB open + get), ms. */
export const CACHE_READ_TIMEOUT_MS = 1_500;
/** Upper bound of one cache write or delete, ms. */
export const CACHE_WRITE_TIMEOUT_MS = 5_000;

/** Timers and logging of the guard (the engine's deps, so tests drive them with fake timers). */
export interface GuardOptions {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  log(message: string, detail?: unknown): void;
  readTimeoutMs?: number;
  writeTimeoutMs?: number;
}

/** A store with a stall flag (true while a timed-out operation has not settled). */
export interface GuardedStore extends CacheStore {
  stalled(): boolean;
}

const TIMED_OUT = Symbol('timed-out');

/**
 * Wraps `store` so that no call waits longer than its time-out (see the table above). Never throws on a time-out;
 * rejections of `store` are passed on.
 */
export function guardStore(store: CacheStore, o: GuardOptions): GuardedStore {
  const readMs = o.readTimeoutMs ?? CACHE_READ_TIMEOUT_MS;
  const writeMs = o.writeTimeoutMs ?? CACHE_WRITE_TIMEOUT_MS;
  /** Operations that timed out and have not settled yet. */
  let late = 0;

  function bounded<T>(
    op: string,
    key: string,
    ms: number,
    run: () => Promise<T>,
  ): Promise<T | typeof TIMED_OUT> {
    let timedOut = false;
    let handle: unknown;
    const work = new Promise<T>((resolve, reject) => {
      // A synchronous throw (IndexedDB missing or disabled) becomes a rejection.
      run().then(resolve, reject);
    }).finally(() => {
      o.clearTimeout(handle);
      if (timedOut) late--;
    });
    const timer = new Promise<typeof TIMED_OUT>((resolve) => {
      handle = o.setTimeout(() => {
        timedOut = true;
        if (late++ === 0)
          o.log(`cache ${op} ${key}: no answer in ${ms} ms; working from memory and the network`);
        resolve(TIMED_OUT);
      }, ms);
    });
    // A late rejection after the time-out has no one waiting; keep it from becoming an unhandled rejection.
    work.catch(() => undefined);
    return Promise.race([work, timer]);
  }

  return {
    stalled: () => late > 0,
    async get(key) {
      if (late > 0) return undefined;
      const r = await bounded('read', key, readMs, () => store.get(key));
      return r === TIMED_OUT ? undefined : r;
    },
    async set(key, value) {
      if (late > 0) return;
      await bounded('write', key, writeMs, () => store.set(key, value));
    },
    async del(key) {
      if (late > 0) return;
      await bounded('delete', key, writeMs, () => store.del(key));
    },
  };
}
