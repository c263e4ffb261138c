/**
 * The market engine (ARCHITECTURE.md 'Market engine'): createMarketEngine(deps) implements MarketEngineApi over
 * the five sources. Pure core: all I/O comes in `deps`, so the same code runs in the worker, in-thread, and in node
 * tests. Latest query wins per list handle (each list on the page has its own; SPEC §5); every reply is measured
 * against the 10 KiB budget.
 */
import type {
  EngineConfig,
  EngineStats,
  ListRow,
  LiveRowsEvent,
  LiveStatusEvent,
  MarketEngineApi,
  MarketKind,
  MarketQuery,
  QueryResult,
  RowWindow,
  VersionEvent,
} from './contract.ts';
import type { EngineDeps } from './deps.ts';
import { createListeners } from '../../common/listeners.ts';
import { MAX_WINDOW_ROWS, SEARCH_MS_RING } from './config.ts';
import { createSearchAll } from './search-all.ts';
import { createSourceStore } from './source-store.ts';
import {
  evaluate,
  handleKey,
  isListHandle,
  listKey,
  needsIndex,
  normaliseQuery,
  type HandleKey,
  type NormalQuery,
  type QueryRecord,
  warmSearch,
} from './queries.ts';
import { whenSearchable, type IndexHooks } from './search-index.ts';
import { buildWindow, messageBytes, type RowFormat } from './rows.ts';
import { intlLocale, isLocale } from '../../common/domain/locales.ts';
import { ensureOrdered } from './search/select.ts';
import { futuresSource } from './sources/futures.ts';
import { pilotSource } from './sources/pilot.ts';
import { preMarketSource } from './sources/premarket.ts';
import type { SourceDef, SourceId } from './sources/source.ts';
import { spotSource } from './sources/spot.ts';
import { tabsOf, tabsSource } from './sources/tabs.ts';
import type { TabMenuWire } from '../../common/wire/market.ts';
import { LIVE_API } from '../../common/wire/live.ts';
import { toListRow } from './rows.ts';
import { createEngineLive } from './live/live.ts';
import { createLiveLink, LIVE_CHANNEL } from './live/link.ts';
import {
  FAVOURITES_TAB,
  favouriteListOf,
  liveFavourites,
  type FavouriteList,
} from '../../common/wire/favourites.ts';
import { createFavouritesStore, FAVOURITES_CHANNEL, scopeOf } from './favourites.ts';
import { createCoordinator } from './io/share.ts';
import { createMemoryStore } from './cache.ts';
import { listSymbols } from './search/filter.ts';
import { toMarketRow } from './rows.ts';

/**
 * One list handle (SPEC §5): the newest query id it was sent, that query's result once computed (the one `rows()`
 * serves), and the rows [start, end) its list shows (the live rows are sent for them).
 */
interface ListHandle {
  latest: number;
  rec: QueryRecord | null;
  window: { id: number; start: number; end: number } | null;
}

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
  let config: EngineConfig | null = null;
  const versions = new Map<MarketKind, number>(KINDS.map((k) => [k, 0]));
  /** The list handles, and the results they keep by query id (at most one each: older ids are superseded). */
  const handles = new Map<HandleKey, ListHandle>();
  const results = new Map<number, QueryRecord>();
  // The listeners are the pages' (Comlink proxies in the worker): one that fails belongs to a page gone, dropped.
  const versionEvents = createListeners<VersionEvent>({ dropOnFailure: true });
  const liveEvents = createListeners<LiveRowsEvent | LiveStatusEvent>({ dropOnFailure: true });
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
    const version = (versions.get(kind) ?? 0) + 1;
    versions.set(kind, version);
    const status = sources.get(kind).status;
    versionEvents.emit(
      reply<VersionEvent>(reorder ? { kind, version, status, reorder } : { kind, version, status }),
    );
  };
  /** A data version: new data, tabs or favourites (one argument: also a forEach callback). */
  const emit = (kind: MarketKind) => announce(kind, false);

  // The source store owns the lists, their cache, the refresh timers and the cross-tab sharing.
  const sources = createSourceStore(SOURCES, {
    deps,
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
      void warmSearch(table, {
        perfNow,
        now: deps.now,
        yieldToEvents: deps.yieldToEvents,
        stale: () => searches !== seen || ![...sources.get(table.kind).tables.values()].includes(table),
      });
    },
  });

  // Favourites (SPEC §4): the worker owns them, per account scope, shared with the other tabs (favourites.ts).
  const favourites = createFavouritesStore({
    store: deps.favouritesStore ?? createMemoryStore(),
    coordinator: createCoordinator({
      channel: deps.openChannel?.(FAVOURITES_CHANNEL) ?? null,
      locks: deps.locks ?? null,
      setTimeout: deps.setTimeout,
      clearTimeout: deps.clearTimeout,
      id: deps.instanceId ?? `${deps.now()}-${Math.random().toString(36).slice(2)}`,
    }),
    now: deps.now,
    log,
    // Open panels re-ask their windows (star states, the favourites tab) on the version event.
    onChange: () => KINDS.forEach(emit),
  });
  /** The favourites list a query reads. */
  const listOf = (q: NormalQuery): FavouriteList => favouriteListOf(q.kind, q.settle);
  /** A delisted starred pair as a row: its label when starred, the star, no link or numbers. */
  const delistedRow = (list: FavouriteList, symbol: string): ListRow => ({
    symbol,
    label: favourites.entry(list, symbol)?.label || symbol,
    sub: '',
    quote: '',
    href: '',
    icon: null,
    price: '',
    change: '',
    trend: 0,
    volume: '',
    leverage: 0,
    isST: false,
    hot: false,
    isNew: false,
    upcoming: false,
    favourite: true,
    delisted: true,
  });

  const indexHooks: IndexHooks = { perfNow, yieldToEvents: deps.yieldToEvents };
  /** The table `q` reads, once it can answer `q` (a term waits for a search index still being built). */
  const tableFor = (q: NormalQuery) =>
    whenSearchable(
      () => sources.get(q.kind).tables.get(listKey(q)) ?? null,
      (t) => needsIndex(q, t),
      indexHooks,
    );

  /** Records one search's duration (ms, kept to 0.01 ms) in the `stats().searchMs` ring. */
  const recordSearchMs = (ms: number) => {
    searchMs.push(Math.round(ms * 100) / 100);
    if (searchMs.length > SEARCH_MS_RING) searchMs.splice(0, searchMs.length - SEARCH_MS_RING);
  };
  /** The Intl locale rows are formatted for: the configured language's (SPEC §9 locale mapping), else English. */
  const rowLocale = () => (config && isLocale(config.lang) ? intlLocale(config.lang) : 'en');
  // The header search modal's one-request search over every list (search-all.ts); its own latest-wins id.
  const searchAll = createSearchAll({
    ensure: async (kind) => {
      await sources.ensure(kind);
      sources.revalidateIfStale(kind);
    },
    table: tableFor,
    status: (kind) => sources.get(kind).status,
    langPrefix: () => config?.langPrefix ?? '',
    locale: rowLocale,
    now: deps.now,
    perfNow,
    yieldToEvents: deps.yieldToEvents,
    recordMs: recordSearchMs,
  });

  /** True while `q` is handle `h`'s latest query and `h` is open (else its work stops and its reply is dropped). */
  const current = (h: ListHandle, q: NormalQuery) => handles.get(handleKey(q)) === h && q.id >= h.latest;
  /** The handle whose served result is `rec`, or null when `rec` was superseded or its handle closed. */
  const holderOf = (rec: QueryRecord): ListHandle | null => {
    const h = handles.get(handleKey(rec.q));
    return h && h.rec === rec && current(h, rec.q) ? h : null;
  };

  async function compute(rec: QueryRecord, h: ListHandle): Promise<boolean> {
    const table = await tableFor(rec.q);
    if (!current(h, rec.q)) return false;
    const version = versions.get(rec.q.kind) ?? 0;
    const started = perfNow();
    if (table && rec.q.tab === FAVOURITES_TAB && !needsIndex(rec.q, table)) {
      const list = listOf(rec.q);
      const { ranked, missing } = listSymbols(table, new Set(favourites.symbols(list)));
      ensureOrdered(ranked, MAX_WINDOW_ROWS);
      Object.assign(rec, { table, ranked, version, delisted: missing.map((s) => delistedRow(list, s)) });
      return true;
    }
    const ranked = table
      ? await evaluate(rec.q, table, {
          perfNow,
          now: deps.now,
          yieldToEvents: deps.yieldToEvents,
          stale: () => !current(h, rec.q),
        })
      : null;
    if (table && !ranked) return false;
    if (table) recordSearchMs(perfNow() - started);
    Object.assign(rec, { table, ranked, version, delisted: undefined });
    return true;
  }

  /** Makes `rec` the result handle `h` serves (its older result is forgotten). */
  const keep = (h: ListHandle, rec: QueryRecord) => {
    if (h.rec && h.rec !== rec) results.delete(h.rec.q.id);
    h.rec = rec;
    results.set(rec.q.id, rec);
  };
  /** Forgets handle `key`: its result and window (a query of it still running is superseded). */
  const release = (key: HandleKey) => {
    const h = handles.get(key);
    if (!h) return;
    if (h.rec && results.get(h.rec.q.id) === h.rec) results.delete(h.rec.q.id);
    handles.delete(key);
  };

  const superseded = (q: MarketQuery): QueryResult =>
    reply({
      id: q.id,
      total: 0,
      version: versions.get(q.kind) ?? 0,
      status: sources.get(q.kind).status,
      superseded: true,
      start: 0,
      rows: [],
    });

  // Rows are formatted here, in the engine's realm, for the configured locale (SPEC §9 locale mapping).
  const formatOf = (rec: QueryRecord): RowFormat => ({
    period: rec.q.period,
    langPrefix: config?.langPrefix ?? '',
    locale: rowLocale(),
    fiat: rec.q.fiat,
    nowMs: deps.now(),
    favourite: (symbol) => favourites.has(listOf(rec.q), symbol),
  });

  /** Matches of a computed record: its ranked rows, then (favourites tab) the delisted starred pairs. */
  const totalOf = (rec: QueryRecord) => (rec.ranked?.total ?? 0) + (rec.delisted?.length ?? 0);

  /** Rows [start, end) of a computed record (ordered on demand), formatted. */
  const windowOf = (rec: QueryRecord, start: number, end: number): { start: number; rows: ListRow[] } => {
    const total = totalOf(rec);
    if (!rec.table || !rec.ranked || end <= start)
      return { start: Math.max(0, Math.min(start, total)), rows: [] };
    const ranked = rec.ranked.total;
    ensureOrdered(rec.ranked, Math.min(end, start + MAX_WINDOW_ROWS));
    const window = buildWindow(rec.table, rec.ranked.order, { total: ranked, start, end }, formatOf(rec));
    const delisted = rec.delisted ?? [];
    if (delisted.length === 0 || end <= ranked) return window;
    // The delisted starred pairs follow the listed ones (a few short rows: within the reply budget).
    const tail = (from: number) => delisted.slice(from - ranked, Math.min(end, total) - ranked);
    if (start >= ranked) return { start: Math.min(start, total), rows: tail(start) };
    if (window.start + window.rows.length < ranked) return window; // cut short by the budget: asked again
    return { start: window.start, rows: [...window.rows, ...tail(ranked)] };
  };

  /** A `rows()` window joins the watched window of its handle (prefetch margins widen it; a new query replaces it). */
  const watchWindow = (h: ListHandle, id: number, start: number, end: number) => {
    const w = h.window;
    if (!w || w.id !== id) return void (h.window = { id, start, end });
    // Keep the union when the two touch (a scroll step's margin), else the newest window (a jump).
    if (start <= w.end && end >= w.start)
      Object.assign(w, { start: Math.min(w.start, start), end: Math.max(w.end, end) });
    else Object.assign(w, { start, end });
    if (w.end - w.start > 4 * MAX_WINDOW_ROWS) Object.assign(w, { start, end });
  };

  // The live ticker (live/): one socket per browser profile, ticks applied in place, the windows' changed rows sent.
  const instanceId = deps.instanceId ?? `${deps.now()}-${Math.random().toString(36).slice(2)}`;
  const openSocket = deps.openSocket ?? null;
  const live = createEngineLive({
    link: createLiveLink({
      url: () => (config && openSocket ? config.origin.replace(/^http/, 'ws') + LIVE_API.path : null),
      openSocket: (url) => openSocket!(url),
      channel: deps.openChannel?.(LIVE_CHANNEL) ?? null,
      locks: deps.locks ?? null,
      now: deps.now,
      setTimeout: deps.setTimeout,
      clearTimeout: deps.clearTimeout,
      random: deps.random ?? Math.random,
      id: instanceId,
      onTicks: (message) => live.ticks(message),
      onResync: (lists) => live.resync(lists),
      onState: (state) => live.socketState(state),
      log,
    }),
    now: deps.now,
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    table: (kind, key) => sources.get(kind).tables.get(key),
    watched: (kind) => {
      const shown = [];
      for (const h of handles.values()) {
        const { rec, window: w } = h;
        if (!rec || !w || w.id !== rec.q.id || rec.q.kind !== kind || !current(h, rec.q)) continue;
        if (rec.version === versions.get(kind)) shown.push({ rec, start: w.start, end: w.end });
      }
      return shown;
    },
    format: (rec, i) => toListRow(rec.table!, i, formatOf(rec)),
    resort: (kind) => announce(kind, true),
    refetch: async (kind) => {
      if (!config) return false;
      await sources.ensure(kind);
      await sources.revalidate(kind, true);
      return sources.get(kind).failures === 0;
    },
    savedAt: (kind) => sources.get(kind).savedAt,
    leads: () => true,
  });
  live.listen((event) => liveEvents.emit(event));

  return {
    async init(next) {
      const langChanged = config !== null && config.lang !== next.lang;
      config = { ...next };
      if (langChanged) {
        sources.reset();
        handles.clear();
        results.clear();
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
    async query(raw) {
      const q = normaliseQuery(raw);
      if (q.term.trim() !== '') searches++;
      const key = handleKey(q);
      let h = handles.get(key);
      if (h && q.id < h.latest) return superseded(raw);
      if (!h) handles.set(key, (h = { latest: q.id, rec: null, window: null }));
      h.latest = q.id;
      sources.opened(q.kind); // warmed first at the next start (warm-up.ts)
      await sources.ensure(q.kind);
      sources.revalidateIfStale(q.kind);
      if (!current(h, q)) return superseded(raw);
      const rec: QueryRecord = { q, version: 0, table: null, ranked: null, recompute: null };
      if (!(await compute(rec, h))) return superseded(raw);
      keep(h, rec);
      const status = sources.get(q.kind).status;
      const first = Math.max(0, Math.floor(raw.start ?? 0));
      const count = Math.max(0, Math.floor(raw.count ?? 0));
      const window = windowOf(rec, first, first + count);
      h.window = { id: q.id, start: window.start, end: window.start + window.rows.length };
      return reply({
        id: q.id,
        total: totalOf(rec),
        version: rec.version,
        status,
        superseded: false,
        start: window.start,
        rows: window.rows,
      });
    },
    async rows(id, start, end): Promise<RowWindow | null> {
      const rec = results.get(id);
      const h = rec ? holderOf(rec) : null;
      if (!rec || !h) {
        results.delete(id);
        return reply(null);
      }
      if (rec.version !== versions.get(rec.q.kind)) {
        rec.recompute ??= compute(rec, h).finally(() => (rec.recompute = null));
        if (!(await rec.recompute) || holderOf(rec) !== h) return reply(null);
      }
      const total = totalOf(rec);
      const window = windowOf(rec, start, end);
      watchWindow(h, id, window.start, window.start + window.rows.length);
      return reply<RowWindow>({ id, version: rec.version, start: window.start, rows: window.rows, total });
    },
    async closeList(list) {
      if (isListHandle(list)) release(list);
    },
    async searchAll(request) {
      searches++;
      const result = await searchAll(request);
      // Stars of the search modal's results (SPEC §4 favourites); futures rows are the USDT-settled list.
      for (const kind of KINDS)
        for (const row of result.sections[kind]?.rows ?? [])
          if (favourites.has(favouriteListOf(kind), row.symbol)) row.favourite = true;
      return reply(result);
    },
    async favouritesAccount(uid, signedOut) {
      if (signedOut && !uid) await favourites.dropAccounts();
      else await favourites.setScope(scopeOf(uid));
    },
    async setFavourite(list, symbol, label, on) {
      return favourites.set(list, symbol, label, on);
    },
    async favourites() {
      // Links from the lists already in memory (no list is loaded for this: the panels ask it on every version).
      return favourites.live().map((e) => {
        const kind = e.list.split(':')[0] as MarketKind;
        const table = sources.get(kind).tables.get(e.list);
        const i = table ? findRow(table, e.symbol) : -1;
        const href =
          table && i >= 0 ? toMarketRow(table, i, '24h', config?.langPrefix ?? '', deps.now()).href : null;
        return { list: e.list, symbol: e.symbol, label: e.label, href };
      });
    },
    async adoptFavourites(uid, server) {
      return liveFavourites(await favourites.adopt(scopeOf(uid), server));
    },
    async dropAccountFavourites() {
      await favourites.dropAccounts();
    },
    async subscribe(listener) {
      return versionEvents.add(listener);
    },
    async stats(): Promise<EngineStats> {
      return {
        searchMs: [...searchMs],
        maxMessageBytes,
        realm: deps.realm,
        lists: handles.size,
        results: results.size,
      };
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
    async subscribeLive(listener) {
      return liveEvents.add(listener);
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
      liveEvents.clear();
    },
  };
}

/** The row index of `symbol` in `table`, or -1 (a linear scan: used for a few starred pairs at a time). */
function findRow(
  table: { n: number; symbol: { at(i: number): string | undefined } },
  symbol: string,
): number {
  for (let i = 0; i < table.n; i++) if (table.symbol.at(i) === symbol) return i;
  return -1;
}
