/**
 * The fault tests' worker harness: the real worker entry (workers/market/market.worker.ts) through @vitest/web-worker,
 * which runs the worker's module in this thread with this thread's globals (fetch, indexedDB and timers stubbed here
 * reach the worker; idb-faults.test.ts checks that). Time is fake (setTimeout/clearTimeout only: fake-indexeddb
 * answers on setImmediate and the engine yields through MessageChannel, both left real), and `settle` runs it
 * forward, so a 4,000 ms request time-out or a 1,500 ms cache-read time-out costs milliseconds. Also: the cache
 * entries in IndexedDB, the worker's log lines, and a clean slate after each test.
 */
import '@vitest/web-worker';
import { wrap, type Remote } from 'comlink';
import { vi } from 'vitest';
import { clear, createStore, entries, setMany } from 'idb-keyval';
import type { MarketEngineApi, WorkerLiveApi } from '../../workers/market/contract.ts';
import type { MarketKind, QueryResult, MarketTab } from '../../workers/market/contract.ts';
import type { CacheEntry } from '../../workers/market/cache.ts';
import { CACHE_FRESH_MS, CACHE_NAMES } from '../../workers/market/config.ts';
import { IDB_DATABASE, IDB_STORE } from '../../workers/market/io/idb-store.ts';
import { stubMarketFetch } from './stub-fetch.ts';

/** What the worker exposes: the engine contract plus `dispose` (workers/market/market.worker.ts). */
type WorkerApi = MarketEngineApi & WorkerLiveApi & { dispose(): void };

/** Config of every test worker. */
export const CONFIG = { lang: 'en', langPrefix: '', csrfToken: 'tok-1', origin: 'http://masthead.test' };
/** The four lists (SPEC §3). */
export const KINDS: readonly MarketKind[] = ['spot', 'futures', 'pilot', 'premarket'];
/** Rows asked with each query: more than any fixture list's first window needs to compare. */
export const WINDOW = 60;
/** Fake time `settle` moves per step, ms (far below the 1,500 ms read time-out, so a healthy read never times out). */
const STEP_MS = 25;
/** `settle` gives up after this much fake time, ms (a hang is a failure, not a stuck run). */
const SETTLE_LIMIT_MS = 120_000;

/** A running worker: its Comlink proxy and the error events it raised. */
export interface TestWorker {
  api: Remote<WorkerApi>;
  errors: Event[];
}

const running: Array<{ worker: Worker; api: Remote<WorkerApi> }> = [];
const realSetImmediate = setImmediate;

/**
 * Fakes setTimeout/clearTimeout (call before starting a worker); with `date`, Date too, so that Date.now() (the
 * engine's clock: retry due times, request times) moves with the fake timers instead of apart from them.
 */
export function useFakeTime(date = false) {
  vi.useFakeTimers({
    toFake: date ? ['setTimeout', 'clearTimeout', 'Date'] : ['setTimeout', 'clearTimeout'],
  });
}

/**
 * Resolves with `p`'s value, moving fake time forward STEP_MS at a time, one real macrotask between steps (IndexedDB,
 * Comlink replies, the engine's yields), until `p` settles. Throws when `p` has not settled after SETTLE_LIMIT_MS.
 */
export async function settle<T>(p: Promise<T>): Promise<T> {
  let done = false;
  const out = p.finally(() => void (done = true));
  out.catch(() => undefined);
  await untilFake(() => done, SETTLE_LIMIT_MS);
  return out;
}

/**
 * Resolves once `condition()` holds, letting real macrotasks run (IndexedDB, Comlink, the engine's yields) without
 * moving fake time; throws after `maxMs` of real time (performance.now is not faked here). For work a fired timer
 * started: its callback may await before the effect shows. Bounded by time, not by a count of turns: on a loaded
 * machine the worker's messages arrive after more turns than on a quiet one.
 */
export async function untilReal(condition: () => boolean, maxMs = 10_000): Promise<void> {
  const start = performance.now();
  for (let turns = 0; !condition(); turns++) {
    if (performance.now() - start > maxMs)
      throw new Error(`condition still false after ${maxMs} ms of real time (${turns} macrotasks)`);
    await new Promise((resolve) => realSetImmediate(resolve));
  }
}

/**
 * Resolves once `condition()` holds, moving fake time forward as `settle` does (STEP_MS a step, one real macrotask
 * between steps); throws when it still fails after `maxMs` of fake time. For work that fake timers gate one after
 * another (a retry's timer, then the cross-tab claim's CLAIM_WAIT_MS of listening before its fetch).
 */
export async function untilFake(condition: () => boolean, maxMs: number): Promise<void> {
  for (let t = 0; !condition(); t += STEP_MS) {
    if (t > maxMs) throw new Error(`condition still false after ${maxMs} ms of fake time`);
    await new Promise((resolve) => realSetImmediate(resolve));
    if (!condition()) await vi.advanceTimersByTimeAsync(STEP_MS);
  }
}

/** Resolves after `ms` of fake time (driven by settle). */
export function after(ms: number): Promise<void> {
  return settle(new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

/** Starts the real worker entry and runs its ready handshake (`init`). */
export async function startWorker(config = CONFIG): Promise<TestWorker> {
  const worker = new Worker(new URL('../../workers/market/market.worker.ts', import.meta.url), {
    type: 'module',
  });
  const errors: Event[] = [];
  worker.addEventListener('error', (e) => void errors.push(e));
  worker.addEventListener('messageerror', (e) => void errors.push(e));
  const api = wrap<WorkerApi>(worker);
  running.push({ worker, api });
  // Not driven: the module loads in real time (the first message waits for it), and init itself starts no timer.
  await api.init(config);
  return { api, errors };
}

/** Queries list `kind` (no tab, no term) with a first window of WINDOW rows, driving fake time. */
export function queryList(api: Remote<WorkerApi>, id: number, kind: MarketKind): Promise<QueryResult> {
  return settle(api.query({ id, kind, tab: '', term: '', count: WINDOW }));
}

/** Labels of a reply's rows. */
export const labels = (r: { rows: Array<{ label: string }> }) => r.rows.map((row) => row.label);

/** Lines the engine logged (`console.warn('[market]', message, detail)`), as one string each, from now on. */
export function captureLog(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (args[0] === '[market]')
      lines.push(
        args
          .slice(1)
          .filter((a) => a !== '')
          .map(String)
          .join(' '),
      );
  });
  return lines;
}

/** The worker's cache store, opened from this side (the same fake-indexeddb the worker uses). */
const cacheStore = () => createStore(IDB_DATABASE, IDB_STORE);

/** Every stored cache entry by name (read with the real IndexedDB: call before stubbing it, or after restoring). */
export async function storedEntries(): Promise<Map<string, CacheEntry>> {
  return new Map((await settle(entries(cacheStore()))) as Array<[string, CacheEntry]>);
}

/** Replaces the whole cache with `stored`. */
export async function seedEntries(stored: Map<string, unknown>): Promise<void> {
  await settle(clear(cacheStore()));
  await settle(setMany([...stored.entries()], cacheStore()));
}

/** The SPEC §9 cache names (the warm-up's last-opened marker is stored next to them, and is not one). */
export const CACHE_LIST: string[] = Object.values(CACHE_NAMES);

/** A healthy load through the worker: each list's first reply, the spot tab menu, and the entries it stored. */
export interface HealthyLoad {
  lists: Map<MarketKind, QueryResult>;
  tabs: MarketTab[];
  stored: Map<string, CacheEntry>;
}

/**
 * Loads every list and the tab menus through a fresh worker with the healthy fixture server, waits until all SPEC §9
 * entries are stored, and cleans up (call with fake time, in beforeAll). What a prior good load leaves behind.
 */
export async function healthyLoad(): Promise<HealthyLoad> {
  stubMarketFetch();
  const { api } = await startWorker();
  const lists = new Map<MarketKind, QueryResult>();
  for (const [i, kind] of KINDS.entries()) lists.set(kind, await queryList(api, i + 1, kind));
  const tabs = await settle(api.tabs('spot'));
  // The writes follow the replies (after a yield).
  let stored = await storedEntries();
  while (!CACHE_LIST.every((n) => stored.has(n))) {
    await after(STEP_MS);
    stored = await storedEntries();
  }
  await cleanUp();
  return { lists, tabs, stored: new Map([...stored].filter(([name]) => CACHE_LIST.includes(name))) };
}

/** Copies of `stored` aged past CACHE_FRESH_MS (by a minute), so the next load revalidates them. */
export const staleEntries = (stored: Map<string, CacheEntry>) =>
  new Map([...stored].map(([name, e]) => [name, { ...e, savedAt: e.savedAt - CACHE_FRESH_MS - 60_000 }]));

/** Saved-at of each stored SPEC §9 entry. */
export const savedAts = (stored: Map<string, CacheEntry>) =>
  new Map([...stored].filter(([name]) => CACHE_LIST.includes(name)).map(([name, e]) => [name, e.savedAt]));

/**
 * Ends the test: disposes every worker's engine (refresh timers, cross-tab channel), terminates the workers, drops
 * the fake timers and the stubs, and empties the cache.
 */
export async function cleanUp(): Promise<void> {
  for (const { worker, api } of running.splice(0)) {
    await settle(api.dispose()).catch(() => undefined);
    worker.terminate();
  }
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await clear(cacheStore());
}
