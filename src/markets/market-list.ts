/**
 * One panel's market list, framework-free (TanStack Virtual / Query style core; React reads it through
 * use-market-list.ts with useSyncExternalStore). It joins the list's parts: the window core (list-window.ts), the
 * query handle (list-query.ts: the latest query, version events, prefetched and stored first windows) and the DOM
 * adapter it writes rows into (a RowRenderer, row-slots.ts), so a keystroke costs one engine round trip (`query`
 * carries the first window) and one DOM write of the rows that changed. It holds the rows in memory and decides
 * which to fetch and draw.
 *
 * SPEC §9 virtual list: 530 px viewport, 58 px rows, 9 overscan rows each side once settled. On a new result the
 * visible rows are written in the same task as the reply and drawn in the next frame; the overscan rows are written in
 * the frame after it (`nextFrame`). A scroll step does the same: the rows entering the viewport are written in the
 * scroll event, the overscan rows that entered the window in the frame after (one frame lays out ~2 rows and the next
 * ~9, not one frame all of them). A data refresh (VersionEvent) re-asks only the current window on the same query id,
 * keeping scroll and term (refresh in place). Latest wins once on this side: a reply whose id is not the latest query
 * sent is dropped (`accepts`).
 *
 * The window (which rows an offset shows, with and without the overscan, and `scrollToIndex`) is TanStack Virtual's
 * core (list-window.ts), fed the scroller's offsets through `setScrollTop`. The list also holds the active row that
 * the keyboard (list-keys.ts, from the panel's search field) and the pointer share (SPEC §9 keyboard).
 */
import type {
  ListRow,
  LiveRowsEvent,
  LoadStatus,
  MarketEngineApi,
  QueryResult,
  RowWindow,
  VersionEvent,
} from '../../workers/market/contract.ts';
import { elementScroll } from '@tanstack/virtual-core';
import { LIST_HEIGHT_PX, MAX_WINDOW_ROWS } from '../../common/market-list-geometry.ts';
import { ListWindow, type RowRange } from './list-window.ts';
import { activeAfter, type ListKey } from './list-keys.ts';
import { favouriteListOf } from '../../common/wire/favourites.ts';
import { withLiveCells } from './live-cells.ts';
import {
  openList,
  paramsKey,
  type FirstWindowStore,
  type ListQuery,
  type ListRegistry,
  type MarketListParams,
} from './list-query.ts';

/** Rows kept in memory before pruning, and how far around the window pruning keeps them. */
const MAX_ROWS = 400;
const KEEP_ROWS = 120;
/** Rows fetched beyond the overscan on each side once the window is complete, so a scroll step finds its rows in
 * memory instead of drawing skeletons and waiting for a worker round trip (docs/BENCHMARKS.md 'Scrolling'). */
export const PREFETCH_ROWS = 30;
/** How long the rows out of sight (overscan) may show older live values than memory holds, ms: a live batch writes
 * only the rows in sight, and the window is drawn whole at most this long after a row out of sight changed, so a
 * scroll or a re-rank finds them nearly current (docs/benchmarks/history.md 'Live rows in sight'). */
export const OUT_OF_SIGHT_LIVE_MS = 1000;

/** The controller's full state (tests, the panel's bench hooks). */
export interface MarketListState {
  /** The engine once it is up (the panel asks it for tabs), else null. */
  engine: MarketEngineApi | null;
  status: LoadStatus;
  /** Query id of the shown result; 0 before the first reply. */
  id: number;
  total: number;
  /** Data version of the shown rows (rises on refresh). */
  version: number;
  /** The search term the shown result answers. */
  term: string;
}

/**
 * What React renders around the rows: a coarse view of the state that does not change per keystroke (the rows and
 * the sizer are written by the renderer), so typing re-renders nothing in React; nor does a new data version (a live
 * list re-ranks every few seconds, SPEC §9 refresh): the controller writes it on the list element itself
 * (`data-version`). Immutable; a new object on change.
 */
export interface MarketListSnapshot {
  engine: MarketEngineApi | null;
  status: LoadStatus;
  /** True once a result with at least one row is shown. */
  hasRows: boolean;
  /** The rows shown are the stored first window, not yet the engine's answer (`data-rows-from="cache"`). */
  fromCache: boolean;
}

/** Draws rows `[range.first, range.last)`; `rowAt(i)` undefined = not loaded yet (skeleton). */
export interface RowRenderer {
  /**
   * `total` sizes the scroll height (`total × row height`). `keep`: slots holding rows outside `range` but inside
   * `keep` (and below `total`) are left as they are (written in a later frame) instead of being released, so a
   * keystroke does not tear down the overscan rows (`keep` = every row) and a scroll step leaves the overscan rows
   * still in the window alone (`keep` = the settled window). `keep` equal to `range` releases every other slot.
   * `active`: the active row's index (keyboard and hover, SPEC §9 keyboard), -1 for none.
   */
  render(
    range: RowRange,
    rowAt: (index: number) => ListRow | undefined,
    total: number,
    keep: RowRange,
    active: number,
  ): void;
}

/** Injected page services (browser defaults in use-market-list.ts; fakes in tests). */
export interface MarketListOptions {
  engine(): Promise<MarketEngineApi>;
  /** The page's list queries (list-query.ts: query ids, prefetched first windows), shared by every list. */
  lists: ListRegistry;
  /** Runs `cb` in the frame after the next one, before its paint (the page's: next-frame.ts inNextFrame). */
  nextFrame(cb: () => void): void;
  /** Called once per result, right after its visible rows were written (benchmark mark). */
  onRowsShown?(term: string): void;
  log?(message: string, detail?: unknown): void;
  /** Monotonic clock, ms (default performance.now): the age of a prefetched first window. */
  now?(): number;
  /** The list's scroller was set (or, with null, removed): the live side watches it for stillness (live-still.ts). */
  onScroller?(scroller: Element | null): void;
  /** The stored first windows (first-window-cache.ts, bound to the page's storage and language), by list kind and
   * inputs key: read when a list opens before the engine answers, written when the engine shows one. */
  firstWindows?: FirstWindowStore;
}

/**
 * The list controller. `connect` while mounted; call `setParams` whenever the panel's inputs change (equal params are
 * ignored), `setScrollTop` on scroll, `attach` with the DOM renderer once the rows container exists. Engine errors are
 * logged and swallowed: the list keeps what it shows, or shows status 'error' with no rows (SPEC §8).
 */
export class MarketListController {
  private state: MarketListState = { engine: null, status: 'loading', id: 0, total: 0, version: 0, term: '' };
  private snapshot: MarketListSnapshot = {
    engine: null,
    status: 'loading',
    hasRows: false,
    fromCache: false,
  };
  /** The stored first window is shown (until the engine's first answer replaces it). */
  private fromCache = false;
  private pendingTerm = '';
  private readonly listeners = new Set<() => void>();
  private readonly versionListeners = new Set<(version: number, reorderOnly: boolean) => void>();
  /** Newest version announced by a data event (not a re-rank), and newest announced by a re-rank (VersionEvent). */
  private dataVersion = 0;
  private reorderVersion = 0;
  private engine: MarketEngineApi | null = null;
  private params: MarketListParams | null = null;
  private paramsKey = '';
  private latestTerm = '';
  private rows = new Map<number, ListRow>();
  /** The list's scroller while the panel is mounted (`setScroller`), else null. */
  private scroller: Element | null = null;
  /** virtual-core's offset callback while a scroll element is observed (`setScrollTop` reports through it). */
  private reportOffset: ((offset: number, isScrolling: boolean) => void) | null = null;
  /** The scroll window on TanStack Virtual's core (list-window.ts): range, overscan, scrollToIndex (SPEC §9). */
  private readonly win = new ListWindow({
    getScrollElement: () => this.scroller,
    // The viewport's height is fixed by the stylesheet (SPEC §9: 530 px), so no ResizeObserver is needed.
    observeElementRect: (_v, cb) => cb({ width: 0, height: LIST_HEIGHT_PX }),
    // The list's own passive scroll listener (MarketList.tsx) reports offsets through `setScrollTop`.
    observeElementOffset: (_v, cb) => {
      this.reportOffset = cb;
      return () => {
        if (this.reportOffset === cb) this.reportOffset = null;
      };
    },
    scrollToFn: elementScroll,
  });
  /** The active row (keyboard and hover share it, SPEC §9 keyboard); -1 = none. */
  private active = -1;
  private readonly activeListeners = new Set<(index: number) => void>();
  /** The prefetch margins are wanted: the list scrolled, or the pointer entered it, since the last query or refresh
   * (only then are they fetched: a keystroke stays one round trip and a refresh re-asks only the window). */
  private marginsWanted = false;
  /** Overscan rows committed (false from a new result or a scroll step until the next frame). */
  private settled = true;
  /** What the unsettled window keeps besides its visible rows: every slot (a new result: the old overscan rows stay
   * until the next frame) or the settled window (a scroll step: overscan rows still in the window stay). */
  private unsettledKeeps: 'all' | 'window' = 'all';
  /** Rises each time the list becomes unsettled; a next-frame settle of an older one is void. */
  private settleToken = 0;
  private renderer: RowRenderer | null = null;
  private inFlight = false;
  /** A VersionEvent arrived: the next rows request re-asks the whole window and replaces the rows. */
  private refreshPending = false;
  /** Queries sent so far, and whether the last one is still unanswered (a version event then waits for it). */
  private queries = 0;
  private querying = false;
  private disposed = false;
  /** The pending drawing of the rows out of sight with their live values (OUT_OF_SIGHT_LIVE_MS), or null. */
  private outOfSightTimer: ReturnType<typeof setTimeout> | null = null;
  /** The panel's default tab once its tabs are known (setDefaultTab); null before. */
  private defaultTab: string | null = null;
  /** The list's query handle (list-query.ts): its latest query, version events, prefetched and stored windows. */
  private readonly q: ListQuery;

  constructor(private readonly o: MarketListOptions) {
    this.q = openList(o.lists, {
      now: o.now,
      firstWindows: o.firstWindows,
      log: (message, detail) => this.log(message, detail),
    });
  }

  /**
   * Starts the controller: gets the engine, listens to its version events and sends the current params. Returns the
   * disconnect function (late replies are then ignored). May be called again after a disconnect (React StrictMode).
   */
  connect(): () => void {
    this.disposed = false;
    let alive = true;
    this.o.engine().then(
      (engine) => {
        if (!alive) return;
        this.engine = engine;
        // Primed with a prefetched result, its entry is used up here (the overscan rows it lacks are then fetched).
        this.q.connect(engine, this.onVersion);
        this.update({ engine });
        if (this.state.id === 0 || this.state.id !== this.q.latest) return this.send();
        this.pump();
      },
      (err: unknown) => {
        if (!alive) return;
        this.log('engine unavailable', err);
        this.update({ status: 'error' });
      },
    );
    return () => {
      alive = false;
      this.disposed = true;
      if (this.outOfSightTimer !== null) clearTimeout(this.outOfSightTimer);
      this.outOfSightTimer = null;
      this.q.close();
    };
  }

  /** useSyncExternalStore subscription. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** useSyncExternalStore snapshot (changes on status, engine, rows/no rows; not per keystroke nor per version). */
  getSnapshot = (): MarketListSnapshot => this.snapshot;

  /**
   * Calls `listener` with the new data version each time the shown rows' version changes (a refresh, a re-rank, a
   * favourite), outside React's render, and `reorderOnly`: true when every version since the one shown before was a
   * re-rank (VersionEvent.reorder), so data, tabs and favourites are unchanged. Returns the unsubscribe function.
   */
  onVersionShown(listener: (version: number, reorderOnly: boolean) => void): () => void {
    this.versionListeners.add(listener);
    return () => this.versionListeners.delete(listener);
  }

  /** The full current state. */
  getState(): MarketListState {
    return this.state;
  }

  /** The search term of the current params (or the one set before them). */
  get term(): string {
    return this.params?.term ?? this.pendingTerm;
  }

  /** Sets only the search term (the search box calls this per keystroke, outside React). */
  setTerm(term: string): void {
    if (this.params) this.setParams({ ...this.params, term });
    else this.pendingTerm = term;
  }

  /** Sets the query inputs; sends a query (with its first window) when they differ from the last ones. */
  setParams(params: MarketListParams): void {
    const key = paramsKey(params);
    if (key === this.paramsKey) return;
    const prev = this.params;
    this.paramsKey = key;
    this.params = params;
    // A new term (or tab, or any input) is a new list: no row is active (SPEC §9 keyboard). Not so when the panel's
    // tabs arrive and name the default tab the list was already showing (no tab yet = the default view): a key
    // pressed as the panel opened keeps its row.
    const tabsArrived =
      prev !== null &&
      prev.tab === '' &&
      params.tab !== '' &&
      params.tab === this.defaultTab &&
      paramsKey({ ...prev, tab: params.tab }) === key;
    if (!tabsArrived) this.setActive(-1);
    this.send();
  }

  /**
   * Starts the list with `params` from the prefetched first window (ListRegistry.prefetch) when it has arrived and is
   * fresh, else from the stored first window of these inputs (`firstWindows`): the rows are there before the engine
   * is connected, so the panel's first commit draws them. Call before `connect`, on a new controller. Returns true
   * when primed; false leaves the controller as it was.
   */
  prime(params: MarketListParams): boolean {
    if (this.q.latest !== 0) return false;
    const key = paramsKey(params);
    const primed = this.q.prime(params, key);
    if (!primed) return false;
    this.params = params;
    this.paramsKey = key;
    if (primed.from === 'prefetch') {
      this.latestTerm = params.term;
      this.show(primed.result);
      return true;
    }
    // The stored first window: shown at once with status 'loading'; `connect` sends the query that replaces it.
    this.fromCache = true;
    this.rows = new Map(primed.window.rows.map((row, i) => [i, row]));
    this.update({ total: primed.window.total, term: params.term });
    // Visible rows in the first commit, the overscan rows in the next frame (SPEC §9), as for an engine result.
    this.unsettle('all', () => !this.disposed);
    this.o.onRowsShown?.(params.term);
    return true;
  }

  /** The panel's tabs arrived: `tab` is the one it opens on (its first), whose top rows are stored for next time. */
  setDefaultTab(tab: string): void {
    this.defaultTab = tab;
  }

  /**
   * The list scrolled to `px` (scrollTop; reported to the window while a scroller is set, `setScroller`): writes the
   * rows entering the viewport at once and the overscan rows that entered the window in the next frame (SPEC §9: 9
   * overscan rows once settled), fetching rows it lacks.
   */
  setScrollTop(px: number): void {
    this.reportOffset?.(Number.isFinite(px) ? Math.max(0, px) : 0, false);
    this.marginsWanted = true;
    this.unsettle('window', () => !this.disposed);
    this.pump();
  }

  /**
   * The pointer entered the list (SPEC §9 virtual list): a wheel step is likely next, so the prefetch margins are
   * fetched now (one worker request; nothing when they are in memory or a request is in flight, which pumps again on
   * its reply). Without it the first step of a scroll finds the rows beyond the window missing, draws skeletons and
   * writes each of those rows twice (docs/benchmarks/history.md 'Scrolling, seventh pass').
   */
  prefetchMargins(): void {
    if (this.marginsWanted) return;
    this.marginsWanted = true;
    this.pump();
  }

  /** Attaches (or, with null, detaches) the DOM renderer and writes the current window into it. */
  attach(renderer: RowRenderer | null): void {
    this.renderer = renderer;
    this.paint();
  }

  /**
   * Observes (or, with null, stops observing) the list's scroll element: its scroll events are reported with
   * `setScrollTop`, and the keyboard's `scrollToIndex` writes its scroll offset. Set for as long as the scroller is
   * mounted, rows or not, so an offset the browser clamps while the list is empty is known when rows come back.
   */
  setScroller(scroller: Element | null): void {
    this.scroller = scroller;
    this.markVersion();
    this.win.sync();
    this.o.onScroller?.(scroller);
  }

  /**
   * Live values of rows of the shown result (ARCHITECTURE.md 'Live lists'): each row still in memory at its index
   * with the same symbol takes the new price, change and volume. Only the rows in sight are written (text in place, the
   * price cell flashes); the overscan and prefetched rows keep the values in memory, without the move, and are drawn
   * with them when they come into view or the window is next drawn whole (at the latest OUT_OF_SIGHT_LIVE_MS later),
   * with no flash of a move nobody saw (docs/benchmarks/history.md 'Live rows in sight'). An event of another query id is
   * dropped (the list moved on).
   */
  applyLive(event: LiveRowsEvent): void {
    if (this.disposed || event.id !== this.state.id || !this.q.accepts(event.id)) return;
    const inSight = this.range(false);
    let shown = false;
    let unseen = false;
    for (const c of event.rows) {
      const row = this.rows.get(c.index);
      if (!row) continue;
      const seen = c.index >= inSight.first && c.index < inSight.last;
      const next = withLiveCells(row, c, seen);
      if (next === row) continue;
      this.rows.set(c.index, next);
      if (seen) shown = true;
      else unseen = true;
    }
    if (shown) this.paint(true);
    if (unseen && this.outOfSightTimer === null)
      this.outOfSightTimer = setTimeout(() => {
        this.outOfSightTimer = null;
        // The whole window in the frame after the next, as the overscan rows of a new result are (SPEC §9).
        if (!this.disposed && this.settled)
          this.o.nextFrame(() => !this.disposed && this.settled && this.paint());
      }, OUT_OF_SIGHT_LIVE_MS);
  }

  /** The active row's index (keyboard and hover, SPEC §9 keyboard); -1 = none. */
  get activeIndex(): number {
    return this.active;
  }

  /** The active row's data when it is loaded, else undefined (Enter opens its `href`). */
  activeRow(): ListRow | undefined {
    return this.active < 0 ? undefined : this.rows.get(this.active);
  }

  /**
   * Calls `listener` with the active row's index each time it changes (the search field points its
   * aria-activedescendant at it). Returns the unsubscribe function.
   */
  onActive(listener: (index: number) => void): () => void {
    this.activeListeners.add(listener);
    return () => this.activeListeners.delete(listener);
  }

  /**
   * Makes row `index` the active row (-1: none; an index outside the list is clamped to it). `reveal`: scroll it
   * into view (the keyboard; a hovered row is already in view).
   */
  setActive(index: number, reveal = false): void {
    const total = this.state.total;
    const next =
      total === 0 || !Number.isFinite(index) || index < 0 ? -1 : Math.min(total - 1, Math.floor(index));
    if (reveal && next >= 0) this.win.scrollToIndex(next);
    if (next === this.active) return;
    this.active = next;
    this.paint();
    this.activeListeners.forEach((l) => l(next));
  }

  /**
   * Stars or unstars row `index` (SPEC §4 favourites): shown at once, stored by the engine, whose version event then
   * re-asks the window (the favourites tab included). Returns the new state, or null when the row is not loaded.
   * A failed store call is logged; never throws.
   */
  toggleFavourite(index: number): boolean | null {
    const row = this.rows.get(index);
    const engine = this.engine;
    const params = this.params;
    if (!row || !engine || !params) return null;
    const on = !row.favourite;
    const next: ListRow = { ...row };
    if (on) next.favourite = true;
    else delete next.favourite;
    this.rows.set(index, next);
    this.paint();
    // A futures tab named after a settle currency shows that settle's list (workers/market/queries.ts).
    const settle = params.tab === 'USDT' || params.tab === 'BTC' ? params.tab : params.settle;
    engine
      .setFavourite(favouriteListOf(params.kind, settle), row.symbol, row.label, on)
      .catch((err: unknown) => console.warn('[markets] favourite not stored', err));
    return on;
  }

  /** Moves the active row for `key` (list-keys.ts: arrows, page keys, Home, End) and scrolls it into view. */
  moveActive(key: ListKey): void {
    this.setActive(activeAfter(key, this.active, this.state.total), true);
  }

  /**
   * Writes the visible rows now and the overscan rows in the next frame, if `still()` then holds and nothing
   * unsettled the list again meanwhile (SPEC §9). `keeps`: see `unsettledKeeps`.
   */
  private unsettle(keeps: 'all' | 'window', still: () => boolean): void {
    this.unsettledKeeps = keeps;
    this.settled = false;
    const token = ++this.settleToken;
    this.paint();
    this.o.nextFrame(() => {
      if (token !== this.settleToken || this.settled || !still()) return;
      this.settled = true;
      this.paint();
    });
  }

  /** The rows to draw now: the visible rows until the result settles, then visible + overscan (SPEC §9). */
  private range(settled = this.settled): RowRange {
    return settled ? this.win.window() : this.win.visible();
  }

  private accepts(id: number): boolean {
    return !this.disposed && this.q.accepts(id);
  }

  private send(): void {
    const p = this.params;
    if (!this.engine || !p || this.disposed) return;
    this.latestTerm = p.term;
    this.refreshPending = false;
    this.marginsWanted = false;
    // The new result's size is unknown: ask for the full window at the current scroll position (the engine clamps).
    // The first query of a list at the top may adopt the first window asked for on intent (ListRegistry.prefetch).
    const reply = this.q.query(
      p,
      this.paramsKey,
      this.win.requestWindow(),
      this.state.id === 0 && this.win.offset === 0,
    );
    const asked = ++this.queries;
    this.querying = true;
    reply
      .then((res) => {
        if (asked === this.queries) this.querying = false;
        if (!res || !this.accepts(res.id)) return;
        this.show(res);
        this.pump();
      })
      .catch((err: unknown) => {
        if (asked === this.queries) this.querying = false;
        if (this.disposed) return;
        this.log('query failed', err);
        this.update({ status: 'error' });
      });
  }

  /** Shows result `res` of the latest query: its rows replace every stored row; visible rows now, overscan in the
   * next frame (SPEC §9). */
  private show(res: QueryResult): void {
    const id = res.id;
    this.fromCache = false;
    this.rows = new Map();
    res.rows.forEach((row, k) => this.rows.set(res.start + k, row));
    // The panel's default view at the top is stored (the next panel of this list opens on it).
    if (this.params) this.q.keep(this.params, this.paramsKey, this.defaultTab, res);
    this.update({
      id,
      total: res.total,
      version: res.version,
      status: res.status,
      term: this.latestTerm,
    });
    this.unsettle('all', () => this.accepts(id));
    this.o.onRowsShown?.(this.latestTerm);
    // Computed on an older version than one already announced: re-ask the window in place.
    if (res.version < this.q.newestVersion) this.refreshPending = true;
  }

  /** A version event of the list's kind (the handle noted its version and status). */
  private onVersion = (event: VersionEvent): void => {
    if (event.reorder) this.reorderVersion = Math.max(this.reorderVersion, event.version);
    else this.dataVersion = Math.max(this.dataVersion, event.version);
    if (!this.params || this.disposed) return;
    if (this.state.id !== this.q.latest) {
      // The latest query failed (a cold list that outlived the client's time-out, SPEC §8): the new data is what it
      // asked for, so ask again. One in flight reads the new data, or is re-asked on reply.
      if (!this.querying) this.send();
      return;
    }
    // An empty result (its source had failed or not yet come: SPEC §8) has no window to re-ask: ask the query again.
    if (this.state.total === 0) {
      if (!this.querying) this.send();
      return;
    }
    this.refreshPending = true;
    this.marginsWanted = false;
    this.pump();
  };

  /** The next rows to fetch: the first run of missing rows of the settled window (after a scroll, from its top
   * through the prefetch margin below it, else the margin above it); at most MAX_WINDOW_ROWS; null when every one
   * is in memory. */
  private missing(): RowRange | null {
    const want = this.range(true);
    const total = this.state.total;
    const margin = this.marginsWanted ? PREFETCH_ROWS : 0;
    const runFrom = (from: number, to: number): RowRange | null => {
      let first = from;
      while (first < to && this.rows.has(first)) first++;
      if (first >= to) return null;
      let last = first;
      while (last < to && last - first < MAX_WINDOW_ROWS && !this.rows.has(last)) last++;
      return { first, last };
    };
    // A margin is topped up only once less than half of it is left, so a run of wheel steps costs a worker reply
    // every other step rather than every step (each reply is a main-thread task between frames).
    const refill = Math.ceil(margin / 2);
    const below = runFrom(want.first, Math.min(total, want.last + margin));
    if (below && below.first < want.last + refill) return below;
    const top = Math.max(0, want.first - margin);
    let near = want.first - 1;
    while (near >= top && this.rows.has(near)) near--;
    return near >= top && near >= want.first - refill ? runFrom(top, want.first) : null;
  }

  /** Fetches the rows the settled window lacks (all of it after a refresh), then the prefetch margins; one request
   * at a time. */
  private pump(): void {
    const id = this.state.id;
    if (!this.engine || this.inFlight || !id || !this.accepts(id)) return;
    const refresh = this.refreshPending;
    const want = refresh ? this.range(true) : this.missing();
    if (!want || want.last <= want.first) return;
    const first = want.first;
    this.inFlight = true;
    this.refreshPending = false;
    this.q
      .rows(id, first, Math.max(first + 1, want.last))
      .then((win) => {
        this.inFlight = false;
        if (!this.accepts(id)) return this.pump();
        if (!win) return this.send(); // the engine dropped the id (another panel of this list took over): re-query
        this.apply(win, refresh);
        this.pump();
      })
      .catch((err: unknown) => {
        this.inFlight = false;
        this.log('rows failed', err);
      });
  }

  /** Stores a window; a window of another data version (or a refresh) replaces every stored row. */
  private apply(win: RowWindow, replace: boolean): void {
    const s = this.state;
    if (replace || win.version !== s.version) this.rows = new Map();
    win.rows.forEach((row, k) => this.rows.set(win.start + k, row));
    this.prune();
    const eventStatus = this.q.eventStatus;
    const status = replace && eventStatus ? eventStatus : s.status;
    this.update({ total: win.total ?? s.total, version: win.version, status });
    this.paint();
  }

  /**
   * Draws the window: the settled window (or, while unsettled, the rows in sight), fetching nothing. `inSightOnly`
   * (live values): writes only the rows in sight and leaves every other drawn slot as it is.
   */
  private paint(inSightOnly = false): void {
    if (!this.renderer || (!this.state.id && !this.fromCache)) return;
    const rows = this.rows;
    const total = this.state.total;
    const settledWindow = this.range(true);
    const keep = !this.settled && this.unsettledKeeps === 'all' ? { first: 0, last: total } : settledWindow;
    this.renderer.render(
      this.settled && !inSightOnly ? settledWindow : this.range(false),
      (i) => rows.get(i),
      total,
      keep,
      this.active,
    );
  }

  /** Bounds memory on long scrolls: keeps rows within KEEP_ROWS of the window once past MAX_ROWS. */
  private prune(): void {
    if (this.rows.size <= MAX_ROWS) return;
    const { first, last } = this.range(true);
    for (const index of this.rows.keys()) {
      if (index < first - KEEP_ROWS || index >= last + KEEP_ROWS) this.rows.delete(index);
    }
  }

  private update(patch: Partial<MarketListState>): void {
    const versionBefore = this.state.version;
    this.state = { ...this.state, ...patch };
    const st = this.state;
    if (st.version !== versionBefore) {
      // Reorder only when this version was announced as a re-rank and no data version came after the one shown.
      const reorderOnly =
        versionBefore > 0 && st.version === this.reorderVersion && this.dataVersion <= versionBefore;
      this.versionListeners.forEach((l) => l(st.version, reorderOnly));
    }
    this.win.setCount(st.total);
    // The list shrank under the active row (a refresh): the last row is active.
    if (this.active >= st.total) this.setActive(st.total - 1);
    const prev = this.snapshot;
    const hasRows = st.total > 0;
    const fromCache = this.fromCache;
    this.markVersion();
    if (
      prev.engine === st.engine &&
      prev.status === st.status &&
      prev.hasRows === hasRows &&
      prev.fromCache === fromCache
    ) {
      return;
    }
    this.snapshot = { engine: st.engine, status: st.status, hasRows, fromCache };
    this.listeners.forEach((l) => l());
  }

  /** Writes the shown data version on the scroller (`data-version`, only while it shows rows): see
   * MarketListSnapshot. */
  private markVersion(): void {
    const el = this.scroller;
    if (!el) return;
    const version = this.state.total > 0 ? String(this.state.version) : null;
    if (el.getAttribute('data-version') === version) return;
    if (version === null) el.removeAttribute('data-version');
    else el.setAttribute('data-version', version);
  }

  private log(message: string, detail?: unknown): void {
    (this.o.log ?? ((m: string, d?: unknown) => console.error('[markets]', m, d ?? '')))(message, detail);
  }
}
