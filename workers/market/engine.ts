/**
 * The market engine's composition root (ARCHITECTURE.md 'Market engine'): createMarketEngine(deps) implements
 * MarketEngineApi by wiring its parts, each in a module of its own:
 *
 * - the source store (source-store.ts): the five lists' data, cache, refresh and cross-tab sharing;
 * - the list handles (list-handles.ts): per-list latest-wins queries, their results and shown windows;
 * - the header search over all lists (search-all.ts);
 * - the favourites (favourites-engine.ts): the store of the shown account and its server sync;
 * - the live side (live/wiring.ts): the profile's socket link and the ticks applied to the shown windows.
 *
 * Pure core: all I/O comes in `deps`, so the same code runs in the worker, in-thread, and in node tests. One
 * instance id names this engine on every cross-tab channel. Every reply is measured against the 10 KiB budget.
 */
import type {
  EngineConfig,
  LiveRowsEvent,
  LiveStatusEvent,
  MarketEngineApi,
  MarketKind,
  VersionEvent,
} from './contract.ts';
import type { EngineDeps } from './deps.ts';
import { createListeners } from '../../common/listeners.ts';
import { intlLocale, isLocale } from '../../common/domain/locales.ts';
import type { TabMenuWire } from '../../common/wire/market.ts';
import { SEARCH_MS_RING } from './config.ts';
import { createEngineFavourites, starredIn } from './favourites-engine.ts';
import { createListHandles } from './list-handles.ts';
import { createLiveWiring } from './live/wiring.ts';
import { listKey, needsIndex, warmSearch, type NormalQuery } from './queries.ts';
import { messageBytes } from './rows.ts';
import { createSearchAll } from './search-all.ts';
import { whenSearchable } from './search-index.ts';
import { createSourceStore } from './source-store.ts';
import { futuresSource } from './sources/futures.ts';
import { pilotSource } from './sources/pilot.ts';
import { preMarketSource } from './sources/premarket.ts';
import type { SourceDef, SourceId } from './sources/source.ts';
import { spotSource } from './sources/spot.ts';
import { tabsOf, tabsSource } from './sources/tabs.ts';

/** The engine: the contract plus `dispose` (tests). */
type OwnedEngine = MarketEngineApi & { dispose(): void };

const KINDS: readonly MarketKind[] = ['spot', 'futures', 'pilot', 'premarket'];
const SOURCES = [tabsSource, spotSource, futuresSource, pilotSource, preMarketSource] as ReadonlyArray<
  SourceDef<unknown>
>;

/** Builds an engine over `deps`. `init` must be called first (the ready handshake). */
export function createMarketEngine(deps: EngineDeps): OwnedEngine {
  const log =
    deps.log ?? ((message: string, detail?: unknown) => console.warn('[market]', message, detail ?? ''));
  const perfNow = deps.perfNow ?? deps.now;
  const hooks = { perfNow, now: deps.now, yieldToEvents: deps.yieldToEvents };
  const instanceId = deps.instanceId ?? `${deps.now()}-${Math.random().toString(36).slice(2)}`;
  let config: EngineConfig | null = null;
  const versions = new Map<MarketKind, number>(KINDS.map((k) => [k, 0]));
  const version = (kind: MarketKind) => versions.get(kind) ?? 0;
  // The version listeners are the pages' (Comlink proxies in the worker): one that fails is a page gone, dropped.
  const versionEvents = createListeners<VersionEvent>({ dropOnFailure: true });
  const searchMs: number[] = [];
  let maxMessageBytes = 0;
  /** Searches received so far: queries with a term and all-list searches (a search warm-up gives way to them). */
  let searches = 0;
  /** Kinds whose search code was warmed (queries.ts warmSearch: once per worker and kind). */
  const warmed = new Set<MarketKind>();

  const reply = <T>(message: T): T => {
    maxMessageBytes = Math.max(maxMessageBytes, messageBytes(message));
    return message;
  };
  /** Announces a new version of `kind`'s rows; `reorder`: only their order was recomputed (VersionEvent.reorder). */
  const announce = (kind: MarketKind, reorder: boolean) => {
    versions.set(kind, version(kind) + 1);
    const event: VersionEvent = { kind, version: version(kind), status: sources.get(kind).status };
    versionEvents.emit(reply<VersionEvent>(reorder ? { ...event, reorder } : event));
  };
  /** A data version: new data, tabs or favourites (one argument: also a forEach callback). */
  const emit = (kind: MarketKind) => announce(kind, false);
  /** Records one search's duration (ms, kept to 0.01 ms) in the `stats().searchMs` ring. */
  const recordSearchMs = (ms: number) => {
    searchMs.push(Math.round(ms * 100) / 100);
    if (searchMs.length > SEARCH_MS_RING) searchMs.splice(0, searchMs.length - SEARCH_MS_RING);
  };
  /** The Intl locale rows are formatted for: the configured language's (SPEC §9 locale mapping), else English. */
  const rowLocale = () => (config && isLocale(config.lang) ? intlLocale(config.lang) : 'en');
  const langPrefix = () => config?.langPrefix ?? '';

  const sources = createSourceStore(SOURCES, {
    deps: { ...deps, instanceId },
    config: () => {
      if (!config) throw new Error('market engine: init() first');
      return config;
    },
    log,
    onChange: (id: SourceId) => (id === 'tabs' ? KINDS.forEach(emit) : emit(id)),
    // A large list's first searches would run cold: warmed once per kind, giving way to any real search.
    onSearchable: (table) => {
      if (warmed.has(table.kind)) return;
      warmed.add(table.kind);
      const seen = searches;
      const stale = () => searches !== seen || ![...sources.get(table.kind).tables.values()].includes(table);
      void warmSearch(table, { ...hooks, stale });
    },
  });
  const table = (kind: MarketKind, key: string) => sources.get(kind).tables.get(key);
  /** The table `q` reads, once it can answer `q` (a term waits for a search index still being built). */
  const tableFor = (q: NormalQuery) =>
    whenSearchable(
      () => table(q.kind, listKey(q)) ?? null,
      (t) => needsIndex(q, t),
      hooks,
    );

  // Open panels re-ask their windows (star states, the favourites tab) on the version event.
  const favourites = createEngineFavourites({
    deps,
    instanceId,
    config: () => config,
    table,
    log,
    onChange: () => KINDS.forEach(emit),
  });
  const handles = createListHandles({
    sources,
    version,
    tableFor,
    favourites: {
      has: (list, symbol) => favourites.store.has(list, symbol),
      symbols: (list) => favourites.store.symbols(list),
      labelOf: (list, symbol) => favourites.store.entry(list, symbol)?.label,
    },
    langPrefix,
    locale: rowLocale,
    hooks,
    recordSearchMs,
    searched: () => void searches++,
    reply,
  });
  // The header search modal's one-request search over every list (search-all.ts); its own latest-wins id.
  const searchAll = createSearchAll({
    ensure: async (kind) => {
      await sources.ensure(kind);
      sources.revalidateIfStale(kind);
    },
    table: tableFor,
    status: (kind) => sources.get(kind).status,
    langPrefix,
    locale: rowLocale,
    ...hooks,
    recordMs: recordSearchMs,
  });
  const live = createLiveWiring({
    deps,
    instanceId,
    config: () => config,
    sources,
    handles,
    resort: (kind) => announce(kind, true),
    log,
  });

  return {
    async init(next) {
      const langChanged = config !== null && config.lang !== next.lang;
      config = { ...next };
      if (langChanged) {
        sources.reset();
        handles.clear();
        KINDS.forEach(emit);
      }
      // Warm-up: read every cached list into memory now (IndexedDB, in the worker; no network), so the first panel a
      // trader opens paints from memory (target: first rows from a warm cache ≤ 100 ms after the panel opens,
      // docs/BENCHMARKS.md).
      sources.warm('tabs');
      KINDS.forEach((kind) => sources.warm(kind));
    },
    async tabs(kind) {
      await sources.ensure('tabs');
      sources.revalidateIfStale('tabs');
      const menus = sources.get('tabs').data as TabMenuWire[] | null;
      return reply(menus ? tabsOf(menus, kind) : []);
    },
    query: (q) => handles.query(q),
    rows: (id, start, end) => handles.rows(id, start, end),
    async closeList(list) {
      handles.closeList(list);
    },
    async searchAll(request) {
      searches++;
      const result = await searchAll(request);
      // Stars of the search modal's results (SPEC §4 favourites); futures rows are the USDT-settled list.
      for (const kind of KINDS)
        for (const row of result.sections[kind]?.rows ?? [])
          if (starredIn(favourites.store, kind, row.symbol)) row.favourite = true;
      return reply(result);
    },
    ...favourites.methods,
    async subscribe(listener) {
      return versionEvents.add(listener);
    },
    async stats() {
      return { searchMs: [...searchMs], maxMessageBytes, realm: deps.realm, ...handles.sizes() };
    },
    async setVisible(visible) {
      sources.setVisible(visible);
      live.setVisible(visible);
    },
    async setLiveInterest(kinds) {
      live.setInterest(Array.isArray(kinds) ? kinds.filter((k) => KINDS.includes(k)) : []);
    },
    async setOnline(online) {
      live.setOnline(online === true);
    },
    async setStill(kind, still) {
      live.setStill(kind, still === true);
    },
    /** The live events have one receiver (the page's hub, or the worker's port to it): a new one replaces it. */
    async subscribeLive(listener: (event: LiveRowsEvent | LiveStatusEvent) => void) {
      live.listen(listener);
      return () => live.listen(null, listener);
    },
    async liveStatuses() {
      return live.statuses();
    },
    async refresh(kind) {
      if (!config) return;
      await sources.ensure(kind);
      await sources.revalidate(kind, true);
    },
    dispose() {
      sources.dispose();
      live.dispose();
      favourites.close();
      versionEvents.clear();
    },
  };
}
