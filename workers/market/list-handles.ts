/**
 * The list-handle registry of the engine (SPEC §5; ARCHITECTURE.md 'Market engine'): each list on the page has its
 * own handle, and the latest query of a handle wins (older work stops, its reply says `superseded`). A handle keeps
 * the result of its latest query (the one `rows()` serves, re-ranked in place after a new version) and the rows
 * [start, end) its list shows, which the live side reads (`watched`). Rows are formatted here, in the engine's
 * realm, for the configured locale and the query's fiat (SPEC §9 locale mapping, §4 fiat prices); the favourites tab
 * appends the starred pairs the list no longer has (SPEC §4).
 */
import type { ListRow, MarketKind, MarketQuery, QueryResult, RowWindow } from './contract.ts';
import type { FavouriteList } from '../../common/wire/favourites.ts';
import { FAVOURITES_TAB, favouriteListOf } from '../../common/wire/favourites.ts';
import { MAX_WINDOW_ROWS } from './config.ts';
import {
  evaluate,
  handleKey,
  isListHandle,
  needsIndex,
  normaliseQuery,
  type EvalHooks,
  type HandleKey,
  type NormalQuery,
  type QueryRecord,
} from './queries.ts';
import { buildWindow, toListRow, type RowFormat } from './rows.ts';
import { listSymbols } from './search/filter.ts';
import { ensureOrdered } from './search/select.ts';
import type { SourceStore } from './source-store.ts';
import type { MarketTable } from './table.ts';

/**
 * One list handle: the newest query id it was sent, that query's result once computed (the one `rows()` serves), and
 * the rows [start, end) its list shows (the live rows are sent for them).
 */
interface ListHandle {
  latest: number;
  rec: QueryRecord | null;
  window: { id: number; start: number; end: number } | null;
}

/** A window a list shows now: its query record and rows [start, end) (the live side's `watched`). */
export interface WatchedWindow {
  rec: QueryRecord;
  start: number;
  end: number;
}

/** What the registry needs from the engine. */
export interface ListHandlesOptions {
  sources: Pick<SourceStore, 'get' | 'ensure' | 'revalidateIfStale' | 'opened'>;
  /** The data version of `kind` now (rises on every VersionEvent). */
  version(kind: MarketKind): number;
  /** The table `q` reads, once it can answer `q` (a term waits for a search index still being built). */
  tableFor(q: NormalQuery): Promise<MarketTable | null>;
  /** The favourites of the shown account (workers/market/favourites.ts). */
  favourites: {
    has(list: FavouriteList, symbol: string): boolean;
    symbols(list: FavouriteList): string[];
    labelOf(list: FavouriteList, symbol: string): string | undefined;
  };
  /** The row format's locale-dependent parts: the language prefix of links and the Intl locale. */
  langPrefix(): string;
  locale(): string;
  /** Clocks and the yield of a long search (queries.ts EvalHooks). */
  hooks: Omit<EvalHooks, 'stale'>;
  /** Records one search's duration, ms (the `stats().searchMs` ring). */
  recordSearchMs(ms: number): void;
  /** A query with a term arrived (a search warm-up gives way to it). */
  searched(): void;
  /** Measures a reply against the message budget and returns it. */
  reply<T>(message: T): T;
}

/** The registry, as the engine composes it. */
export interface ListHandles {
  query(raw: MarketQuery): Promise<QueryResult>;
  rows(id: number, start: number, end: number): Promise<RowWindow | null>;
  closeList(list: number): void;
  /** The windows the open lists of `kind` show now, of results computed on the current version. */
  watched(kind: MarketKind): WatchedWindow[];
  /** Row `i` of `rec`'s table formatted as its list draws it. */
  format(rec: QueryRecord, i: number): ListRow;
  /** Forgets every handle (language change). */
  clear(): void;
  /** Open handles and kept results (`stats()`). */
  sizes(): { lists: number; results: number };
}

/** Builds the registry (empty). */
export function createListHandles(o: ListHandlesOptions): ListHandles {
  const handles = new Map<HandleKey, ListHandle>();
  /** The results the handles keep by query id (at most one each: older ids are superseded). */
  const results = new Map<number, QueryRecord>();
  const listOf = (q: NormalQuery): FavouriteList => favouriteListOf(q.kind, q.settle);

  /** True while `q` is handle `h`'s latest query and `h` is open (else its work stops and its reply is dropped). */
  const current = (h: ListHandle, q: NormalQuery) => handles.get(handleKey(q)) === h && q.id >= h.latest;
  /** The handle whose served result is `rec`, or null when `rec` was superseded or its handle closed. */
  const holderOf = (rec: QueryRecord): ListHandle | null => {
    const h = handles.get(handleKey(rec.q));
    return h && h.rec === rec && current(h, rec.q) ? h : null;
  };

  /** A delisted starred pair as a row: its label when starred, the star, no link or numbers. */
  const delistedRow = (list: FavouriteList, symbol: string): ListRow => ({
    symbol,
    label: o.favourites.labelOf(list, symbol) || symbol,
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

  /** Ranks `rec` on the current data; false when it was superseded meanwhile. */
  async function compute(rec: QueryRecord, h: ListHandle): Promise<boolean> {
    const table = await o.tableFor(rec.q);
    if (!current(h, rec.q)) return false;
    const version = o.version(rec.q.kind);
    const started = o.hooks.perfNow();
    if (table && rec.q.tab === FAVOURITES_TAB && !needsIndex(rec.q, table)) {
      const list = listOf(rec.q);
      const { ranked, missing } = listSymbols(table, new Set(o.favourites.symbols(list)));
      ensureOrdered(ranked, MAX_WINDOW_ROWS);
      Object.assign(rec, { table, ranked, version, delisted: missing.map((s) => delistedRow(list, s)) });
      return true;
    }
    const ranked = table
      ? await evaluate(rec.q, table, { ...o.hooks, stale: () => !current(h, rec.q) })
      : null;
    if (table && !ranked) return false;
    if (table) o.recordSearchMs(o.hooks.perfNow() - started);
    Object.assign(rec, { table, ranked, version, delisted: undefined });
    return true;
  }

  /** Makes `rec` the result handle `h` serves (its older result is forgotten). */
  const keep = (h: ListHandle, rec: QueryRecord) => {
    if (h.rec && h.rec !== rec) results.delete(h.rec.q.id);
    h.rec = rec;
    results.set(rec.q.id, rec);
  };

  const superseded = (q: MarketQuery): QueryResult =>
    o.reply({
      id: q.id,
      total: 0,
      version: o.version(q.kind),
      status: o.sources.get(q.kind).status,
      superseded: true,
      start: 0,
      rows: [],
    });

  const formatOf = (rec: QueryRecord): RowFormat => ({
    period: rec.q.period,
    langPrefix: o.langPrefix(),
    locale: o.locale(),
    fiat: rec.q.fiat,
    nowMs: o.hooks.now(),
    favourite: (symbol) => o.favourites.has(listOf(rec.q), symbol),
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

  return {
    async query(raw) {
      const q = normaliseQuery(raw);
      if (q.term.trim() !== '') o.searched();
      const key = handleKey(q);
      let h = handles.get(key);
      if (h && q.id < h.latest) return superseded(raw);
      if (!h) handles.set(key, (h = { latest: q.id, rec: null, window: null }));
      h.latest = q.id;
      o.sources.opened(q.kind); // warmed first at the next start (warm-up.ts)
      await o.sources.ensure(q.kind);
      o.sources.revalidateIfStale(q.kind);
      if (!current(h, q)) return superseded(raw);
      const rec: QueryRecord = { q, version: 0, table: null, ranked: null, recompute: null };
      if (!(await compute(rec, h))) return superseded(raw);
      keep(h, rec);
      const first = Math.max(0, Math.floor(raw.start ?? 0));
      const count = Math.max(0, Math.floor(raw.count ?? 0));
      const window = windowOf(rec, first, first + count);
      h.window = { id: q.id, start: window.start, end: window.start + window.rows.length };
      return o.reply({
        id: q.id,
        total: totalOf(rec),
        version: rec.version,
        status: o.sources.get(q.kind).status,
        superseded: false,
        start: window.start,
        rows: window.rows,
      });
    },
    async rows(id, start, end) {
      const rec = results.get(id);
      const h = rec ? holderOf(rec) : null;
      if (!rec || !h) {
        results.delete(id);
        return o.reply(null);
      }
      if (rec.version !== o.version(rec.q.kind)) {
        rec.recompute ??= compute(rec, h).finally(() => (rec.recompute = null));
        if (!(await rec.recompute) || holderOf(rec) !== h) return o.reply(null);
      }
      const total = totalOf(rec);
      const window = windowOf(rec, start, end);
      watchWindow(h, id, window.start, window.start + window.rows.length);
      return o.reply<RowWindow>({ id, version: rec.version, start: window.start, rows: window.rows, total });
    },
    closeList(list) {
      if (!isListHandle(list)) return;
      const h = handles.get(list);
      if (!h) return;
      if (h.rec && results.get(h.rec.q.id) === h.rec) results.delete(h.rec.q.id);
      handles.delete(list);
    },
    watched(kind) {
      const shown: WatchedWindow[] = [];
      for (const h of handles.values()) {
        const { rec, window: w } = h;
        if (!rec || !w || w.id !== rec.q.id || rec.q.kind !== kind || !current(h, rec.q)) continue;
        if (rec.version === o.version(kind)) shown.push({ rec, start: w.start, end: w.end });
      }
      return shown;
    },
    format: (rec, i) => toListRow(rec.table!, i, formatOf(rec)),
    clear() {
      handles.clear();
      results.clear();
    },
    sizes: () => ({ lists: handles.size, results: results.size }),
  };
}
