/**
 * The source store: every list's life cycle (SPEC §8, §9): paint from the cache first, then revalidate from the
 * network when the list is opened (first load, and every later open through revalidateIfStale) and its data is
 * older than the cache time (CACHE_FRESH_MS, SPEC §9 'cache time param 240', seconds); on failure or invalid data
 * keep the cache (SPEC §8). Status per source: loading → stale (cache painted,
 * revalidating or revalidation failed) → ready, or error when there is nothing to show. The store owns the two
 * helpers of that cycle: the cross-tab coordinator (io/share.ts: one revalidation per cache time across tabs, updates
 * announced to the others) and the refresh scheduler (refresh.ts: periodic sources re-armed, paused while hidden).
 * Every cache call is bounded by io/guarded-store.ts (a store that never answers reads as a miss), cached rows are
 * checked with the wire schemas (cache.ts), and a list that failed with nothing to show (or came back partial)
 * retries with capped exponential backoff and jitter (backoff.ts) instead of waiting RETRY_AFTER_FAILURE_MS.
 */
import type { EngineConfig, LoadStatus } from './contract.ts';
import type { EngineDeps } from './deps.ts';
import { CHANNEL_NAME, createCoordinator } from './io/share.ts';
import { createRefreshScheduler } from './refresh.ts';
import type { SourceDef, SourceId } from './sources/source.ts';
import type { MarketTable } from './table.ts';
import { CACHE_FRESH_MS } from './config.ts';
import { deleteCache, readCache, writeCache } from './cache.ts';
import { backoffDelay } from './backoff.ts';
import { guardStore } from './io/guarded-store.ts';
import { createWarmUp } from './warm-up.ts';
import { abandonIndex, indexTable } from './search-index.ts';

/** After a failed revalidation of a list that has data to show, use does not trigger another one for this long;
 * also the cap of the backoff of a list with nothing to show. */
export const RETRY_AFTER_FAILURE_MS = 60_000;
/** Prefix of the cross-tab lock names (`masthead-market:{lang}:{cache}`). */
export const LOCK_PREFIX = 'masthead-market';

/** One source in memory. */
export interface SourceState {
  def: SourceDef<unknown>;
  data: unknown;
  tables: Map<string, MarketTable>;
  /** When the data in memory was fetched, ms since epoch; 0 = no data. */
  savedAt: number;
  status: LoadStatus;
  firstLoad: Promise<void> | null;
  /** The cache read (shared by warm() and the first load); resolves true when a fresh entry was adopted. */
  cacheRead: Promise<boolean> | null;
  inflight: Promise<void> | null;
  lastAttemptAt: number;
  /** Failed (or partial) revalidations in a row; 0 after a complete answer. */
  failures: number;
  /** The data in memory is a partial answer (SPEC §8: shown, not cached, retried). */
  incomplete: boolean;
  /** Earliest time of the next backoff retry, ms since epoch; 0 = no backoff pending. */
  retryAt: number;
}

/** The store of all sources. */
export interface SourceStore {
  get(id: SourceId): SourceState;
  /** Resolves once the first paint is done: cache hit, else the network answer (or its failure). */
  ensure(id: SourceId): Promise<void>;
  /** Revalidates from the network unless another tab just did (`force` skips the freshness check). */
  revalidate(id: SourceId, force: boolean): Promise<void>;
  /** Starts a background revalidation when the data in memory is older than CACHE_FRESH_MS. */
  revalidateIfStale(id: SourceId): void;
  /** Queues a background read of the list's cache into memory, without any network call (start-up warm-up, so the
   * first panel paints from memory; warm-up.ts: one read at a time, the list opened last first). Errors are logged
   * inside readCache and swallowed. */
  warm(id: SourceId): void;
  /** A trader opened list `id`: remembered in the store (warm-up.ts LAST_OPENED_KEY) so the next start warms it
   * first. Write failures are logged and swallowed. */
  opened(id: SourceId): void;
  /** Drops everything (language change). */
  reset(): void;
  /** Page visibility: a hidden page pauses the refresh timers; shown again, overdue refreshes run at once. */
  setVisible(visible: boolean): void;
  /** Stops the timers and leaves the cross-tab channel (the store is not used afterwards). */
  dispose(): void;
}

/** What the store needs: the engine's I/O (`deps`: store, fetch, timers, channel and locks) and its config. */
export interface SourceStoreOptions {
  deps: EngineDeps;
  /** The engine config; throws before `init`. */
  config(): EngineConfig;
  /** Data or status of `id` changed. */
  onChange(id: SourceId): void;
  /** A table adopted without its search index (a large list, search-index.ts) has it now. */
  onSearchable?(table: MarketTable): void;
  log(message: string, detail?: unknown): void;
}

/**
 * Builds the store over `defs`, with its coordinator (joins the channel `deps.openChannel` gives, if any) and its
 * refresh scheduler (visible at start). Failures of a revalidation are logged and swallowed (SPEC §8).
 */
export function createSourceStore(
  defs: ReadonlyArray<SourceDef<unknown>>,
  o: SourceStoreOptions,
): SourceStore {
  const { deps } = o;
  const store = guardStore(deps.store, {
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    log: o.log,
  });
  const random = deps.random ?? Math.random;
  const states = new Map<SourceId, SourceState>();
  const coordinator = createCoordinator({
    channel: deps.openChannel?.(CHANNEL_NAME) ?? null,
    locks: deps.locks ?? null,
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    id: deps.instanceId ?? `${deps.now()}-${Math.random().toString(36).slice(2)}`,
  });
  const scheduler = createRefreshScheduler({
    now: deps.now,
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    run: (key) => void revalidate(key as SourceId, false),
  });
  let generation = 0;
  const blank = (def: SourceDef<unknown>): SourceState => ({
    def,
    data: null,
    tables: new Map(),
    savedAt: 0,
    status: 'loading',
    firstLoad: null,
    cacheRead: null,
    inflight: null,
    lastAttemptAt: 0,
    failures: 0,
    incomplete: false,
    retryAt: 0,
  });
  for (const def of defs) states.set(def.id, blank(def));
  const get = (id: SourceId) => states.get(id)!;

  const setStatus = (s: SourceState, status: LoadStatus) => {
    if (s.status === status) return;
    s.status = status;
    o.onChange(s.def.id);
  };
  const indexHooks = { perfNow: deps.perfNow ?? deps.now, yieldToEvents: deps.yieldToEvents };
  /**
   * Takes `data` into memory with its tables; false (nothing changed) when building them throws. A table adopted
   * without its search index (the pilot list) gets it built in the background, in slices (search-index.ts); the
   * build of a table this one replaces stops.
   */
  const adopt = (s: SourceState, data: unknown, savedAt: number, status: LoadStatus): boolean => {
    let tables: Map<string, MarketTable>;
    try {
      tables = s.def.build ? s.def.build(data, { now: deps.now() }) : new Map();
    } catch (err) {
      o.log(`${s.def.id}: cannot build tables`, err);
      return false;
    }
    s.tables.forEach(abandonIndex);
    tables.forEach((t) => {
      const deferred = !t.indexed;
      void indexTable(t, indexHooks).then((searchable) => {
        if (searchable && deferred) o.onSearchable?.(t);
      });
    });
    Object.assign(s, { data, savedAt, tables, status });
    o.onChange(s.def.id);
    return true;
  };
  /** Adopts a cache hit; an entry whose tables cannot be built is deleted (refetched, never trusted). */
  const adoptCached = async (s: SourceState, data: unknown, savedAt: number, status: LoadStatus) => {
    if (adopt(s, data, savedAt, status)) return true;
    await deleteCache(store, s.def.cacheName, o.log);
    return false;
  };
  /**
   * Next refresh: a list with nothing to show (or a partial one) retries with backoff; otherwise a period after the
   * data was fetched, and never sooner than a period after the last attempt.
   */
  const scheduleNext = (s: SourceState) => {
    if ((s.data === null || s.incomplete) && s.failures > 0) {
      s.retryAt = s.lastAttemptAt + backoffDelay(s.failures, RETRY_AFTER_FAILURE_MS, random);
      return scheduler.schedule(s.def.id, s.retryAt);
    }
    s.retryAt = 0;
    const period = s.def.refreshMs;
    if (period === null) return;
    scheduler.schedule(s.def.id, Math.max(s.savedAt, s.lastAttemptAt, s.savedAt ? 0 : deps.now()) + period);
  };
  const ctx = () => {
    const c = o.config();
    return {
      origin: c.origin,
      csrfToken: c.csrfToken,
      lang: c.lang,
      timeZone: deps.timeZone ?? 'UTC',
      fetchJson: deps.fetchJson,
      log: o.log,
    };
  };

  async function fetchUnderLock(s: SourceState, force: boolean, gen: number): Promise<void> {
    const lang = o.config().lang;
    const read = await readCache(store, s.def, lang, true, o.log);
    if (gen !== generation) return;
    const hit = read.kind === 'hit' ? read : null;
    const young = hit !== null && deps.now() - hit.savedAt < CACHE_FRESH_MS;
    if (
      hit &&
      hit.savedAt > s.savedAt &&
      (await adoptCached(s, hit.data, hit.savedAt, young ? 'ready' : 'stale'))
    )
      s.incomplete = false;
    if (gen !== generation) return;
    // Fresh: memory holds the young entry (or newer) in full; a partial answer always refetches.
    if (young && s.savedAt >= hit.savedAt && !s.incomplete && !force) return setStatus(s, 'ready');
    s.lastAttemptAt = deps.now();
    let incomplete = false;
    // The data's own time when the server says it is older than this answer (a stale upstream list), else now.
    let dataTime = Infinity;
    const data = await s.def.fetch({
      ...ctx(),
      previous: s.data,
      markIncomplete: () => (incomplete = true),
      markDataTime: (at) => (dataTime = Math.min(dataTime, at)),
    });
    if (gen !== generation) return;
    if (
      data === null ||
      !s.def.isValid(data) ||
      !adopt(s, data, Math.min(deps.now(), dataTime), incomplete ? 'stale' : 'ready')
    ) {
      s.failures++;
      return setStatus(s, s.data === null ? 'error' : 'stale');
    }
    s.incomplete = incomplete;
    s.failures = incomplete ? s.failures + 1 : 0;
    if (incomplete) return; // shown, not cached: the retry fetches the missing part
    const savedAt = s.savedAt;
    // Let queries prompted by the version event run before the cache write (its structured clone, ~60 ms at 100k pilot rows).
    await deps.yieldToEvents();
    if (gen !== generation) return;
    await writeCache(store, s.def, lang, data, savedAt, o.log);
    coordinator.announce(lang, s.def.cacheName, savedAt);
  }

  function revalidate(id: SourceId, force: boolean): Promise<void> {
    const s = get(id);
    if (s.inflight) return s.inflight;
    const gen = generation;
    const lock = `${LOCK_PREFIX}:${o.config().lang}:${s.def.cacheName}`;
    const run: Promise<void> = coordinator
      .exclusive(lock, () => fetchUnderLock(s, force, gen))
      .catch((err: unknown) => o.log(`${id}: revalidation failed`, err))
      .finally(() => {
        if (s.inflight === run) s.inflight = null;
        if (gen === generation) scheduleNext(s);
      });
    s.inflight = run;
    return run;
  }

  async function readIntoMemory(s: SourceState): Promise<boolean> {
    const gen = generation;
    const read = await readCache(store, s.def, o.config().lang, true, o.log);
    if (gen !== generation || read.kind !== 'hit') return false;
    const fresh = deps.now() - read.savedAt < CACHE_FRESH_MS;
    if (read.savedAt <= s.savedAt) return fresh;
    return (await adoptCached(s, read.data, read.savedAt, fresh ? 'ready' : 'stale')) && fresh;
  }

  async function firstLoad(s: SourceState): Promise<void> {
    const gen = generation;
    const fresh = await (s.cacheRead ??= readIntoMemory(s));
    if (gen !== generation) return;
    if (fresh) return scheduleNext(s);
    const network = revalidate(s.def.id, false);
    if (s.data === null) await network;
  }

  /** Another tab rewrote `cache` for `lang`: re-read it. */
  async function remoteUpdate(lang: string, cache: string, savedAt: number): Promise<void> {
    const s = [...states.values()].find((x) => x.def.cacheName === cache);
    if (!s || lang !== o.config().lang || s.firstLoad === null || savedAt <= s.savedAt) return;
    const gen = generation;
    const read = await readCache(store, s.def, lang, false, o.log);
    if (gen !== generation || read.kind !== 'hit' || read.savedAt <= s.savedAt) return;
    if (!adopt(s, read.data, read.savedAt, 'ready')) return;
    Object.assign(s, { incomplete: false, failures: 0 });
    scheduleNext(s);
  }
  coordinator.onUpdate((lang, cache, savedAt) => void remoteUpdate(lang, cache, savedAt));
  const warmUp = createWarmUp({
    store,
    known: (id) => states.has(id as SourceId),
    started: (id) => get(id).cacheRead !== null,
    read: (id) => {
      const s = get(id);
      return (s.cacheRead ??= readIntoMemory(s));
    },
    log: o.log,
  });

  return {
    get,
    ensure(id) {
      const s = get(id);
      s.firstLoad ??= firstLoad(s);
      return s.firstLoad;
    },
    revalidate,
    warm: (id) => warmUp.warm(id),
    opened: (id) => warmUp.opened(id),
    revalidateIfStale(id) {
      const s = get(id);
      const now = deps.now();
      if (s.inflight || s.firstLoad === null) return;
      if (s.retryAt > 0 ? now < s.retryAt : now - s.lastAttemptAt < RETRY_AFTER_FAILURE_MS) return;
      if (s.retryAt > 0 || now - s.savedAt >= CACHE_FRESH_MS) void revalidate(id, false);
    },
    reset() {
      generation++;
      warmUp.reset();
      for (const s of states.values()) s.tables.forEach(abandonIndex);
      scheduler.clear();
      for (const def of defs) states.set(def.id, blank(def));
    },
    setVisible: (visible) => scheduler.setVisible(visible),
    dispose() {
      scheduler.clear();
      coordinator.close();
    },
  };
}
