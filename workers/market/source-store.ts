/**
 * The source store: every list's life cycle (SPEC §8, §9): paint from the cache first, then revalidate from the
 * network; on failure or invalid data keep the cache (SPEC §8). Status per source: loading → stale (cache painted,
 * revalidating or revalidation failed) → ready, or error when there is nothing to show. The store owns the two
 * helpers of that cycle: the cross-tab coordinator (io/share.ts: one revalidation per period across tabs, updates
 * announced to the others) and the refresh scheduler (refresh.ts: periodic sources re-armed, paused while hidden).
 */
import type { EngineConfig, LoadStatus } from './contract';
import type { EngineDeps } from './deps';
import { CHANNEL_NAME, createCoordinator } from './io/share';
import { createRefreshScheduler } from './refresh';
import type { SourceDef, SourceId } from './sources/source';
import type { MarketTable } from './table';
import { CACHE_FRESH_MS } from './config';
import { readCache, writeCache } from './cache';

/** After a failed revalidation, use does not trigger another one for this long. */
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
  /** Reads the list's cache into memory in the background, without any network call (start-up warm-up, so the
   * first panel paints from memory). Errors are logged inside readCache and swallowed. */
  warm(id: SourceId): void;
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
  });
  for (const def of defs) states.set(def.id, blank(def));
  const get = (id: SourceId) => states.get(id)!;

  const setStatus = (s: SourceState, status: LoadStatus) => {
    if (s.status === status) return;
    s.status = status;
    o.onChange(s.def.id);
  };
  const adopt = (s: SourceState, data: unknown, savedAt: number, status: LoadStatus) => {
    s.data = data;
    s.savedAt = savedAt;
    s.tables = s.def.build ? s.def.build(data, { now: deps.now() }) : new Map();
    s.status = status;
    o.onChange(s.def.id);
  };
  /** Next refresh: a period after the data was fetched, and never sooner than a period after the last attempt. */
  const scheduleNext = (s: SourceState) => {
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
    const read = await readCache(deps.store, s.def, lang, true, o.log);
    if (gen !== generation) return;
    const fresh = read.kind === 'hit' && deps.now() - read.savedAt < CACHE_FRESH_MS;
    if (read.kind === 'hit' && read.savedAt > s.savedAt)
      adopt(s, read.data, read.savedAt, fresh ? 'ready' : 'stale');
    if (fresh && !force) return setStatus(s, 'ready');
    s.lastAttemptAt = deps.now();
    const data = await s.def.fetch(ctx());
    if (gen !== generation) return;
    if (data === null || !s.def.isValid(data)) return setStatus(s, s.data === null ? 'error' : 'stale');
    const savedAt = deps.now();
    adopt(s, data, savedAt, 'ready');
    // Let queries prompted by the version event run before encoding the cache entry (~150 ms at 100k pilot rows).
    await deps.yieldToEvents();
    if (gen !== generation) return;
    await writeCache(deps.store, s.def, lang, data, savedAt, o.log);
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
    const read = await readCache(deps.store, s.def, o.config().lang, true, o.log);
    if (gen !== generation || read.kind !== 'hit') return false;
    const fresh = deps.now() - read.savedAt < CACHE_FRESH_MS;
    if (read.savedAt > s.savedAt) adopt(s, read.data, read.savedAt, fresh ? 'ready' : 'stale');
    return fresh;
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
    const read = await readCache(deps.store, s.def, lang, false, o.log);
    if (gen !== generation || read.kind !== 'hit' || read.savedAt <= s.savedAt) return;
    adopt(s, read.data, read.savedAt, 'ready');
    scheduleNext(s);
  }
  coordinator.onUpdate((lang, cache, savedAt) => void remoteUpdate(lang, cache, savedAt));

  return {
    get,
    ensure(id) {
      const s = get(id);
      s.firstLoad ??= firstLoad(s);
      return s.firstLoad;
    },
    revalidate,
    warm(id) {
      const s = get(id);
      s.cacheRead ??= readIntoMemory(s);
    },
    revalidateIfStale(id) {
      const s = get(id);
      const now = deps.now();
      if (s.inflight || s.firstLoad === null || now - s.lastAttemptAt < RETRY_AFTER_FAILURE_MS) return;
      if (now - s.savedAt >= CACHE_FRESH_MS) void revalidate(id, false);
    },
    reset() {
      generation++;
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
