/**
 * The in-thread engine's persistent cache (main-thread realm): IndexedDB written in idle time, in slices, so a
 * page whose engine cannot run in a worker (no Worker, CSP, `?engine=main`) still paints cached rows after a reload
 * with a failing API (SPEC §5, §8). Its own database (MAIN_IDB_DATABASE), so the worker's compact entries and these
 * never mix.
 *
 * - `set` queues the entry and resolves at once (fire-and-forget); a newer `set` of the same key replaces a queued
 *   one. The queue is written from `requestIdleCallback` (timeout IDLE_TIMEOUT_MS, so a busy page still gets it
 *   written): parts of SLICE_ROWS elements (io/slices.ts) are `put` one after another in one transaction per idle
 *   slice until the slice has run SLICE_BUDGET_MS or the idle period ends; the skeleton is written last, then the
 *   previous version's parts are deleted. A reader therefore sees the old entry or the new one, never half of one.
 * - `get` reads the skeleton and its parts (one transaction) and joins them; a missing part reads as a miss.
 * - Each finished write leaves a User Timing measure `market-cache-write` whose `detail` holds the slice count and
 *   the longest slice (`maxSliceMs`), so a real browser's slicing can be seen (e2e logs it).
 * Failures (quota, a closed database) are logged and the write is dropped; the engine keeps working in memory.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { CacheStore } from '../deps.ts';
import { whenIdle, type IdleDeadlineLike } from '../../../common/idle.ts';
import { joinEntry, partKeys, splitEntry, type PartRef } from './slices.ts';

/** Database of the main-thread cache (the worker's is `masthead-market`). */
export const MAIN_IDB_DATABASE = 'masthead-market-main';
/** Work per idle slice before yielding, ms (well under the 50 ms long-task bound; one part's put takes ~0.1–3 ms). */
export const SLICE_BUDGET_MS = 8;
/** Longest wait for an idle period before a slice runs anyway, ms. */
export const IDLE_TIMEOUT_MS = 2_000;
/** Name of the User Timing measure of one finished write. */
export const WRITE_MEASURE = 'market-cache-write';

/** Platform hooks (tests pass fakes). */
export interface IdleStoreOptions {
  store?: UseStore;
  idle?: (callback: (deadline: IdleDeadlineLike) => void) => void;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

/** The main-thread store: CacheStore with `storesRaw` (sources skip their one-piece encodings) and `flush`. */
export interface IdleIdbStore extends CacheStore {
  readonly storesRaw: true;
  /** Resolves when every queued write has been written or dropped (tests, benchmarks). */
  flush(): Promise<void>;
}

interface Job {
  key: string;
  value: unknown;
}

/** The next idle slice (common/idle.ts: `requestIdleCallback` of the main thread; a 16 ms timer where the realm has
 * none, with a full slice budget). */
const defaultIdle = (callback: (deadline: IdleDeadlineLike) => void) =>
  void whenIdle(callback, {
    timeoutMs: IDLE_TIMEOUT_MS,
    fallbackDelayMs: 16,
    fallbackBudgetMs: SLICE_BUDGET_MS,
  });

/** True when this realm has IndexedDB at all (the caller falls back to a memory store otherwise). Never throws. */
export function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB !== 'undefined' && indexedDB !== null;
  } catch {
    return false;
  }
}

/** Builds the idle-time store over MAIN_IDB_DATABASE (or `o.store`). */
export function createIdleIdbStore(o: IdleStoreOptions = {}): IdleIdbStore {
  const withStore = o.store ?? createStore(MAIN_IDB_DATABASE, 'cache');
  const idle = o.idle ?? defaultIdle;
  const now = o.now ?? (() => performance.now());
  const log = o.log ?? ((m: string, d?: unknown) => console.warn('[market]', m, d ?? ''));
  const queue: Job[] = [];
  let running: Promise<void> | null = null;
  let seq = 0;

  const nextSlice = () => new Promise<IdleDeadlineLike>((resolve) => idle(resolve));

  /** Puts parts from `parts[from]` on in one transaction until the slice budget or the idle period is used up. */
  const putSlice = (parts: PartRef[], from: number, deadline: IdleDeadlineLike, stats: { max: number }) =>
    withStore('readwrite', (os) => {
      const started = now();
      const budget = Math.min(SLICE_BUDGET_MS, Math.max(1, deadline.timeRemaining()));
      let i = from;
      do {
        const p = parts[i]!;
        os.put(p.array.slice(p.start, p.end), p.key);
        i++;
      } while (i < parts.length && now() - started < budget);
      stats.max = Math.max(stats.max, now() - started);
      return promisifyRequest(os.transaction).then(() => i);
    });

  async function write(job: Job): Promise<void> {
    const began = now();
    const prefix = `${job.key}#${Date.now().toString(36)}.${seq++}`;
    const { skeleton, parts } = splitEntry(job.value, prefix);
    const stats = { max: 0 };
    let slices = 0;
    try {
      const old = await withStore('readonly', (os) => promisifyRequest(os.get(job.key)));
      for (let i = 0; i < parts.length; slices++) i = await putSlice(parts, i, await nextSlice(), stats);
      await nextSlice();
      await withStore('readwrite', (os) => {
        const started = now();
        os.put(skeleton, job.key); // small, or the whole entry when no array is long enough to split
        stats.max = Math.max(stats.max, now() - started);
        return promisifyRequest(os.transaction);
      });
      slices++;
      await removeKeys(partKeys(old));
    } catch (err) {
      log(`cache ${job.key}: main-thread write failed`, err);
      await removeKeys(parts.map((p) => p.key)).catch(() => undefined);
      return;
    }
    measure(job.key, began, slices, stats.max);
  }

  const removeKeys = (keys: string[]) =>
    keys.length === 0
      ? Promise.resolve()
      : withStore('readwrite', (os) => {
          for (const k of keys) os.delete(k);
          return promisifyRequest(os.transaction);
        });

  const measure = (key: string, start: number, slices: number, maxSliceMs: number) => {
    try {
      performance.measure(WRITE_MEASURE, { start, end: now(), detail: { key, slices, maxSliceMs } });
    } catch {
      // User Timing unavailable: nothing to record
    }
  };

  const drain = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await write(job);
    running = null;
  };

  return {
    storesRaw: true,
    async get(key) {
      const skeleton = await withStore('readonly', (os) => promisifyRequest(os.get(key)));
      const keys = partKeys(skeleton);
      if (keys.length === 0) return skeleton;
      const values = await withStore('readonly', (os) =>
        Promise.all(keys.map((k) => promisifyRequest(os.get(k)))),
      );
      return joinEntry(skeleton, new Map(keys.map((k, i) => [k, values[i]])));
    },
    async set(key, value) {
      const queued = queue.findIndex((j) => j.key === key);
      if (queued >= 0) queue.splice(queued, 1);
      queue.push({ key, value });
      running ??= drain();
    },
    async del(key) {
      const i = queue.findIndex((j) => j.key === key);
      if (i >= 0) queue.splice(i, 1);
      const skeleton = await withStore('readonly', (os) => promisifyRequest(os.get(key)));
      await removeKeys([key, ...partKeys(skeleton)]);
    },
    flush: () => running ?? Promise.resolve(),
  };
}
