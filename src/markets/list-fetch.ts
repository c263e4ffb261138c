/**
 * What the market list asks the engine and when (SPEC §4, §9; TanStack Query style): the query per new set of inputs
 * (latest wins: `accepts`), the rows the settled window lacks and its prefetch margins (one request at a time,
 * row-store.ts decides which), and the refresh in place on a data version event (the current window re-asked on the
 * same query id). Draws nothing: the controller (market-list.ts, the `FetchHost`) shows what comes back.
 */
import type {
  ListRow,
  MarketEngineApi,
  QueryResult,
  RowWindow,
  VersionEvent,
} from '../../workers/market/contract.ts';
import { favouriteListOf } from '../../common/wire/favourites.ts';
import type { RowRange } from './list-window.ts';
import type { ListQuery, MarketListParams } from './list-query.ts';
import type { RowStore } from './row-store.ts';

/** Rows fetched beyond the overscan on each side once the window is complete, so a scroll step finds its rows in
 * memory instead of drawing skeletons and waiting for a worker round trip (docs/BENCHMARKS.md 'Scrolling'). */
export const PREFETCH_ROWS = 30;

/** What the fetcher reads of its list and tells it (the controller). */
export interface FetchHost {
  /** The shown result's query id (0 before the first) and row count. */
  shownId(): number;
  total(): number;
  /** The list's inputs and their key, or null before the first. */
  params(): { params: MarketListParams; key: string } | null;
  /** The list is connected (or not yet connected: primed); false once disconnected. */
  alive(): boolean;
  /** The engine is up and the list alive. */
  ready(): boolean;
  /** The settled window, the window a new query asks for, and whether the list is at its top. */
  window(): RowRange;
  requestWindow(): RowRange;
  atTop(): boolean;
  /** A result of the latest query (`term` is the one it answers). */
  show(res: QueryResult, term: string): void;
  /** A rows window arrived (`replace`: a refresh, every stored row goes). */
  stored(win: RowWindow, replace: boolean): void;
  /** The latest query failed. */
  failed(err: unknown): void;
  log(message: string, detail?: unknown): void;
}

/** One list's fetcher over its query handle `q` and row store `rows`. */
export class ListFetch {
  /** The term of the query last sent. */
  term = '';
  /** The prefetch margins are wanted: the list scrolled, or the pointer entered it, since the last query or refresh
   * (only then are they fetched: a keystroke stays one round trip and a refresh re-asks only the window). */
  private marginsWanted = false;
  private inFlight = false;
  /** A VersionEvent arrived: the next rows request re-asks the whole window and replaces the rows. */
  private refreshPending = false;
  /** Queries sent so far, and whether the last one is still unanswered (a version event then waits for it). */
  private queries = 0;
  private querying = false;

  constructor(
    readonly q: ListQuery,
    private readonly rows: RowStore,
    private readonly host: FetchHost,
  ) {}

  /** True when a reply for query `id` may be shown (the latest, the list connected). */
  accepts(id: number): boolean {
    return this.host.alive() && this.q.accepts(id);
  }

  /** Sends the query of the current inputs with its first window; its reply is shown, then the rows pumped. */
  send(): void {
    const cur = this.host.params();
    if (!cur || !this.host.ready()) return;
    const { params: p, key } = cur;
    this.term = p.term;
    this.refreshPending = false;
    this.marginsWanted = false;
    // The new result's size is unknown: ask for the full window at the current scroll position (the engine clamps).
    // The first query of a list at the top may adopt the first window asked for on intent (ListRegistry.prefetch).
    const reply = this.q.query(
      p,
      key,
      this.host.requestWindow(),
      this.host.shownId() === 0 && this.host.atTop(),
    );
    const asked = ++this.queries;
    this.querying = true;
    reply
      .then((res) => {
        if (asked === this.queries) this.querying = false;
        if (!res || !this.accepts(res.id)) return;
        this.shown(res);
        this.pump();
      })
      .catch((err: unknown) => {
        if (asked === this.queries) this.querying = false;
        if (!this.host.alive()) return;
        this.host.log('query failed', err);
        this.host.failed(err);
      });
  }

  /** Shows result `res` (a reply, or a prefetched one at prime); a result older than a version already announced is
   * re-asked in place. */
  shown(res: QueryResult): void {
    this.host.show(res, this.term);
    if (res.version < this.q.newestVersion) this.refreshPending = true;
  }

  /** The list scrolled or the pointer entered it: the prefetch margins are wanted. `pump` fetches them. */
  wantMargins(): boolean {
    if (this.marginsWanted) return false;
    this.marginsWanted = true;
    return true;
  }

  /** A version event of the list's kind (the handle noted its version and status). */
  readonly onVersion = (event: VersionEvent): void => {
    this.rows.noteVersion(event);
    if (!this.host.params() || !this.host.alive()) return;
    // The latest query failed (a cold list that outlived the client's time-out, SPEC §8), or its result is empty (its
    // source had failed or not yet come): no window to re-ask, so ask the query again; one in flight reads the new
    // data, or is re-asked on reply.
    if (this.host.shownId() !== this.q.latest || this.host.total() === 0) {
      if (!this.querying) this.send();
      return;
    }
    this.refreshPending = true;
    this.marginsWanted = false;
    this.pump();
  };

  /** Fetches the rows the settled window lacks (all of it after a refresh), then the prefetch margins; one request
   * at a time. */
  pump(): void {
    const id = this.host.shownId();
    if (!this.host.ready() || this.inFlight || !id || !this.accepts(id)) return;
    const refresh = this.refreshPending;
    const window = this.host.window();
    const margin = this.marginsWanted ? PREFETCH_ROWS : 0;
    const want = refresh ? window : this.rows.missing(window, this.host.total(), margin);
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
        this.host.stored(win, refresh);
        this.pump();
      })
      .catch((err: unknown) => {
        this.inFlight = false;
        this.host.log('rows failed', err);
      });
  }
}

/**
 * Stores `row`'s favourite mark (SPEC §4 favourites) in the engine's list for `params` (a futures tab named after a
 * settle currency shows that settle's list, workers/market/queries.ts); the engine's version event then re-asks the
 * window. A failed store is logged, never thrown.
 */
export function storeFavourite(engine: MarketEngineApi, params: MarketListParams, row: ListRow): void {
  const settle = params.tab === 'USDT' || params.tab === 'BTC' ? params.tab : params.settle;
  engine
    .setFavourite(favouriteListOf(params.kind, settle), row.symbol, row.label, row.favourite === true)
    .catch((err: unknown) => console.warn('[markets] favourite not stored', err));
}
