/**
 * One panel's market list, framework-free (TanStack Virtual / Query style core; React reads it through
 * use-market-list.ts with useSyncExternalStore): the thin joiner of its parts, each with one job: the window
 * (list-window.ts, TanStack Virtual's core), the row store (row-store.ts), what is asked of the engine and when
 * (list-fetch.ts over list-query.ts), the paint scheduler (paint-scheduler.ts), the active row (active-row.ts), the
 * state and its fan-out (list-state.ts) and the DOM adapter it is given (a RowRenderer, row-slots.ts). The input
 * adapter (list-input.ts) calls it. A keystroke costs one engine round trip (`query` carries the first window) and
 * one DOM write of the rows that changed.
 *
 * SPEC §9 virtual list: 530 px viewport, 58 px rows, 9 overscan rows each side once settled; on a new result or a
 * scroll step the rows in sight are written at once and the overscan rows in the frame after the next. A data refresh
 * (VersionEvent) re-asks only the current window on the same query id (refresh in place). Latest wins: a reply whose
 * id is not the latest query sent is dropped.
 */
import type {
  ListRow,
  LiveRowsEvent,
  MarketEngineApi,
  QueryResult,
  RowWindow,
} from '../../workers/market/contract.ts';
import { scrollerWindow } from './list-window.ts';
import type { ListKey } from './list-keys.ts';
import { keepsActive, openList, paramsKey, type ListQuery, type MarketListParams } from './list-query.ts';
import { RowStore } from './row-store.ts';
import { OUT_OF_SIGHT_LIVE_MS, PaintScheduler } from './paint-scheduler.ts';
import { ActiveRow } from './active-row.ts';
import { ListState } from './list-state.ts';
import { ListFetch, storeFavourite } from './list-fetch.ts';
import type { MarketListOptions, MarketListSnapshot, MarketListState, RowRenderer } from './list-types.ts';

export type { MarketListOptions, MarketListSnapshot, MarketListState, RowRenderer } from './list-types.ts';

export { PREFETCH_ROWS } from './list-fetch.ts';
export { OUT_OF_SIGHT_LIVE_MS } from './paint-scheduler.ts';

/**
 * The list controller (see the file comment). `connect` while mounted; `setParams` when the panel's inputs change
 * (equal params are ignored), `setScrollTop` on scroll, `attach` with the DOM adapter once the rows container exists.
 * Engine errors are logged and swallowed: the list keeps what it shows, or shows status 'error' (SPEC §8).
 */
export class MarketListController {
  private readonly st = new ListState();
  /** The stored first window is shown (until the engine's first answer replaces it). */
  private fromCache = false;
  private pendingTerm = '';
  private engine: MarketEngineApi | null = null;
  private params: MarketListParams | null = null;
  private paramsKey = '';
  private readonly rows = new RowStore();
  /** The list's scroller while the panel is mounted (`setScroller`), else null. */
  private scroller: Element | null = null;
  /** The scroll window (list-window.ts) on the scroller, and its offset report. */
  private readonly sw = scrollerWindow(() => this.scroller);
  private readonly win = this.sw.win;
  private readonly active = new ActiveRow();
  private readonly paints: PaintScheduler;
  private renderer: RowRenderer | null = null;
  private disposed = false;
  /** The panel's default tab once its tabs are known (setDefaultTab); null before. */
  private defaultTab: string | null = null;
  /** The list's query handle (list-query.ts): its latest query, version events, prefetched and stored windows. */
  private readonly q: ListQuery;
  /** What the list asks the engine and when (list-fetch.ts). */
  private readonly fetch: ListFetch;

  constructor(private readonly o: MarketListOptions) {
    this.q = openList(o.lists, {
      now: o.now,
      firstWindows: o.firstWindows,
      log: (message, detail) => this.log(message, detail),
    });
    this.fetch = new ListFetch(this.q, this.rows, {
      shownId: () => this.st.current.id,
      total: () => this.st.current.total,
      params: () => (this.params ? { params: this.params, key: this.paramsKey } : null),
      alive: () => !this.disposed,
      ready: () => this.engine !== null && !this.disposed,
      window: () => this.win.window(),
      requestWindow: () => this.win.requestWindow(),
      atTop: () => this.win.offset === 0,
      show: (res, term) => this.show(res, term),
      stored: (win, replace) => this.apply(win, replace),
      failed: () => this.update({ status: 'error' }),
      log: (message, detail) => this.log(message, detail),
    });
    this.paints = new PaintScheduler({
      nextFrame: o.nextFrame,
      paint: (inSightOnly) => this.paint(inSightOnly),
      visible: () => this.win.visible(),
      window: () => this.win.window(),
      outOfSightMs: OUT_OF_SIGHT_LIVE_MS,
    });
  }

  /**
   * Starts the controller: gets the engine, listens to its version events and sends the current params. Returns the
   * disconnect function (late replies are then ignored). May be called again after a disconnect (React StrictMode).
   */
  connect(): () => void {
    this.disposed = false;
    this.paints.resume();
    let alive = true;
    this.o.engine().then(
      (engine) => {
        if (!alive) return;
        this.engine = engine;
        // Primed with a prefetched result, its entry is used up here (the overscan rows it lacks are then fetched).
        this.q.connect(engine, this.fetch.onVersion);
        this.update({ engine });
        if (this.st.current.id === 0 || this.st.current.id !== this.q.latest) return this.fetch.send();
        this.fetch.pump();
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
      this.paints.dispose();
      this.q.close();
    };
  }

  /** useSyncExternalStore subscription. */
  subscribe = (listener: () => void): (() => void) => this.st.subscribe(listener);

  /** useSyncExternalStore snapshot (changes on status, engine, rows/no rows; not per keystroke nor per version). */
  getSnapshot = (): MarketListSnapshot => this.st.view;

  /**
   * Calls `listener` with the new data version each time the shown rows' version changes (a refresh, a re-rank, a
   * favourite), outside React's render, and `reorderOnly`: true when every version since the one shown before was a
   * re-rank (VersionEvent.reorder), so data, tabs and favourites are unchanged. Returns the unsubscribe function.
   */
  onVersionShown(listener: (version: number, reorderOnly: boolean) => void): () => void {
    return this.st.onVersion(listener);
  }

  /** The full current state. */
  getState(): MarketListState {
    return this.st.current;
  }

  /** The input adapter's report that the list became still or busy (live-still.ts): passed to `onStill`. */
  reportStill(still: boolean): void {
    this.o.onStill?.(still);
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
    if (!keepsActive(prev, params, this.defaultTab)) this.setActive(-1);
    this.fetch.send();
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
      this.fetch.term = params.term;
      this.fetch.shown(primed.result);
      return true;
    }
    // The stored first window: shown at once with status 'loading'; `connect` sends the query that replaces it.
    this.fromCache = true;
    this.rows.replace(0, primed.window.rows);
    this.update({ total: primed.window.total, term: params.term });
    // Visible rows in the first commit, the overscan rows in the next frame (SPEC §9), as for an engine result.
    this.paints.unsettle('all', () => !this.disposed);
    this.o.onRowsShown?.(params.term);
    return true;
  }

  /** The panel's tabs arrived: `tab` is the one it opens on (its first), whose top rows are stored for next time. */
  setDefaultTab(tab: string): void {
    this.defaultTab = tab;
  }

  /** The list scrolled to `px` (scrollTop): the rows entering the viewport are written at once, the overscan rows in
   * the frame after the next (SPEC §9), the rows it lacks fetched. An offset already reported draws nothing (the
   * scroll event of `setActive`'s own write). */
  setScrollTop(px: number): void {
    if (!this.sw.report(px)) return;
    this.fetch.wantMargins();
    this.paints.unsettle('window', () => !this.disposed);
    this.fetch.pump();
  }

  /** The pointer entered the list: a wheel step is likely next, so the prefetch margins are fetched now, and the first
   * step finds its rows in memory (docs/benchmarks/history.md 'Scrolling, seventh pass'). */
  prefetchMargins(): void {
    if (this.fetch.wantMargins()) this.fetch.pump();
  }

  /** Attaches (or, with null, detaches) the DOM renderer and writes the current window into it. */
  attach(renderer: RowRenderer | null): void {
    this.renderer = renderer;
    this.paint();
  }

  /** Observes (null: stops observing) the list's scroller, rows or not (an offset the browser clamps while the list
   * is empty is then known when rows come back): `setScrollTop` reports its offsets, `scrollToIndex` writes them. */
  setScroller(scroller: Element | null): void {
    this.scroller = scroller;
    this.st.setScroller(scroller);
    this.win.sync();
  }

  /**
   * Live values of rows of the shown result (ARCHITECTURE.md 'Live lists'; row-store.ts `applyLive`): only the rows
   * in sight are written (the price flashes); the others are drawn with the window, at the latest
   * OUT_OF_SIGHT_LIVE_MS later, without a flash. An event of another query id is dropped (the list moved on).
   */
  applyLive(event: LiveRowsEvent): void {
    if (this.disposed || event.id !== this.st.current.id || !this.q.accepts(event.id)) return;
    const change = this.rows.applyLive(event.rows, this.win.visible());
    if (change.shown) this.paint(true);
    // The whole window later, in the frame after the next, as the overscan rows of a new result are (SPEC §9).
    if (change.unseen) this.paints.later();
  }

  /** The active row's index (keyboard and hover, SPEC §9 keyboard); -1 = none. */
  get activeIndex(): number {
    return this.active.index;
  }

  /** The active row's data when it is loaded, else undefined (Enter opens its `href`). */
  activeRow(): ListRow | undefined {
    const index = this.active.index;
    return index < 0 ? undefined : this.rows.get(index);
  }

  /**
   * Calls `listener` with the active row's index each time it changes (the search field points its
   * aria-activedescendant at it). Returns the unsubscribe function.
   */
  onActive(listener: (index: number) => void): () => void {
    return this.active.subscribe(listener);
  }

  /**
   * Makes row `index` the active row (-1: none; an index outside the list is clamped to it). `reveal`: scroll it
   * into view (the keyboard; a hovered row is already in view).
   */
  setActive(index: number, reveal = false): void {
    const next = ActiveRow.clamp(index, this.st.current.total);
    const changed = this.active.set(next);
    // A row scrolled into view is drawn once, at the new offset with the new active row, in this task.
    const scrolledTo = reveal && next >= 0 ? this.win.scrollToIndex(next) : null;
    if (scrolledTo !== null) this.setScrollTop(scrolledTo);
    else if (changed) this.paint();
  }

  /**
   * Stars or unstars row `index` (SPEC §4 favourites): shown at once, stored by the engine, whose version event then
   * re-asks the window (the favourites tab included). Returns the new state, or null when the row is not loaded.
   * A failed store call is logged; never throws.
   */
  toggleFavourite(index: number): boolean | null {
    const engine = this.engine;
    const params = this.params;
    if (!engine || !params) return null;
    const row = this.rows.toggleFavourite(index);
    if (!row) return null;
    this.paint();
    storeFavourite(engine, params, row);
    return row.favourite === true;
  }

  /** Moves the active row for `key` (list-keys.ts: arrows, page keys, Home, End) and scrolls it into view. */
  moveActive(key: ListKey): void {
    this.setActive(this.active.after(key, this.st.current.total), true);
  }

  /** Shows result `res` of the latest query (answering `term`): its rows replace every stored row; visible rows now,
   * overscan in the next frame (SPEC §9). */
  private show(res: QueryResult, term: string): void {
    const id = res.id;
    this.fromCache = false;
    this.rows.replace(res.start, res.rows);
    // The panel's default view at the top is stored (the next panel of this list opens on it).
    if (this.params) this.q.keep(this.params, this.paramsKey, this.defaultTab, res);
    this.update({ id, total: res.total, version: res.version, status: res.status, term });
    this.paints.unsettle('all', () => this.fetch.accepts(id));
    this.o.onRowsShown?.(term);
  }

  /** Stores a window; a window of another data version (or a refresh) replaces every stored row. */
  private apply(win: RowWindow, replace: boolean): void {
    const s = this.st.current;
    this.rows.store(win, s.version, replace, this.win.window());
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
    if (!this.renderer || (!this.st.current.id && !this.fromCache)) return;
    const rows = this.rows;
    const total = this.st.current.total;
    const { range, keep } = this.paints.plan(total, inSightOnly);
    this.renderer.render(range, (i) => rows.get(i), total, keep, this.active.index);
  }

  private update(patch: Partial<MarketListState>): void {
    this.st.update(patch, this.fromCache, (before, after) => this.rows.reorderOnly(before, after));
    const total = this.st.current.total;
    this.win.setCount(total);
    // The list shrank under the active row (a refresh): the last row is active.
    if (this.active.index >= total) this.setActive(total - 1);
  }

  private log(message: string, detail?: unknown): void {
    (this.o.log ?? ((m: string, d?: unknown) => console.error('[markets]', m, d ?? '')))(message, detail);
  }
}
