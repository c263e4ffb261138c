/**
 * The market list's query client (SPEC §4, §5, §9; TanStack Query style, framework-free): what a list asks the
 * engine, apart from which rows it draws. Two parts, no module state:
 *
 * - `ListRegistry`, one per page (use-market-list.ts holds the page's; tests make their own): the page-wide rising
 *   query ids (the engine's `rows()` and live rows name a query by id) and list handles, the first windows asked for
 *   on intent before their panel mounts (`prefetch`, each on a handle of its own) and the newest data version
 *   announced per kind since the first prefetch.
 * - `ListQuery`, one per list (`openList`): the list's handle in the engine, where its latest query wins and no other
 *   list's query can supersede it (`accepts`), its data version events (subscribed while connected, unsubscribed on
 *   `close`, which releases the handle), the adoption of a prefetched first window, and the stored first window
 *   (first-window-cache.ts) read at `prime` and written when the default view is shown.
 *
 * The list controller (market-list.ts) keeps the window and the rows; it sends through its handle.
 */
import type {
  ChangePeriod,
  FiatDisplay,
  LoadStatus,
  MarketEngineApi,
  MarketKind,
  MarketQuery,
  QueryResult,
  RowWindow,
  SettleCurrency,
  VersionEvent,
} from '../../workers/market/contract.ts';
import type { FirstWindow } from './first-window-cache.ts';
import { firstWindow, type RowRange } from './list-window.ts';

/** What a list asks the engine for (SPEC §4, §5). `fiat` null = each row's own price. */
export interface MarketListParams {
  kind: MarketKind;
  tab: string;
  term: string;
  settle?: SettleCurrency;
  period: ChangePeriod;
  fiat: FiatDisplay | null;
}

/** The stored first windows (first-window-cache.ts, bound to the page's storage and language), by list kind and
 * inputs key. */
export interface FirstWindowStore {
  read(kind: MarketKind, key: string): FirstWindow | null;
  write(kind: MarketKind, key: string, window: FirstWindow): void;
}

/** How long a first window asked for on intent stays adoptable by the panel that opens next, ms. */
export const PREFETCH_FRESH_MS = 10_000;

/** The key of a list's inputs: equal keys ask the engine the same query. */
export function paramsKey(p: MarketListParams): string {
  return JSON.stringify([p.kind, p.tab, p.term, p.settle ?? '', p.period, p.fiat]);
}

/** The query a list sends for `p` with its first window `[want.first, want.last)`. */
function queryOf(id: number, p: MarketListParams, want: RowRange): MarketQuery {
  return {
    id,
    kind: p.kind,
    tab: p.tab,
    term: p.term,
    settle: p.settle,
    period: p.period,
    fiat: p.fiat,
    start: want.first,
    count: want.last - want.first,
  };
}

/** A first window asked for before its panel mounted, on a list handle of its own. */
interface Prefetched {
  key: string;
  id: number;
  /** Its list handle: the list that adopts it takes the handle over. */
  list: number;
  engine: MarketEngineApi;
  reply: Promise<QueryResult>;
  /** The reply once it arrived (a panel mounting after that starts with its rows). */
  result: QueryResult | null;
  /** performance.now() when it was asked, ms. */
  at: number;
}

/** Releases list handle `list` in `engine` (its list closed, or a prefetch nobody adopted); a failure is logged. */
function closeHandle(
  engine: MarketEngineApi,
  list: number,
  log: (message: string, detail?: unknown) => void,
) {
  engine.closeList(list).catch((err: unknown) => log('closing a list failed', err));
}

/** The page's list queries: ids and list handles, prefetched first windows, announced versions. */
export class ListRegistry {
  private lastId = 0;
  private lastList = 0;
  /** By inputs key: each prefetch has its own list handle, so it supersedes no list's query (SPEC §5). */
  private readonly prefetched = new Map<string, Prefetched>();
  private readonly versions = new Map<MarketKind, number>();
  /** Engines whose version events the registry follows (those it prefetched from). */
  private readonly watched = new WeakSet<MarketEngineApi>();

  /** The next page-wide query id (rises from 1): the engine's `rows()` and live rows name a query by it. */
  nextId(): number {
    return ++this.lastId;
  }

  /** A new list handle (rises from 1): the engine keeps one latest query per handle. */
  nextList(): number {
    return ++this.lastList;
  }

  /**
   * Asks `engine` for the first window of a list with `params` before its panel mounts (on intent: the menu holding
   * the panel opened), TanStack prefetch style, so the panel's first rows need no round trip when it opens
   * (docs/BENCHMARKS.md 'warm first rows'). The list that opens next with the same params within PREFETCH_FRESH_MS
   * adopts the reply and its list handle (`ListQuery.query`, `ListQuery.prime`); one nobody adopted is released in the
   * engine once stale. No-op while the same prefetch is still fresh. Errors are left to the adopting list (an
   * unadopted failure is dropped). `nowMs`: performance.now().
   */
  prefetch(engine: MarketEngineApi, params: MarketListParams, nowMs: number): void {
    this.expire(nowMs);
    const key = paramsKey(params);
    if (this.prefetched.has(key)) return;
    const id = this.nextId();
    const list = this.nextList();
    const reply = engine.query({ ...queryOf(id, params, firstWindow()), list });
    const entry: Prefetched = { key, id, list, engine, reply, result: null, at: nowMs };
    reply.then(
      (res) => (entry.result = res),
      () => {},
    );
    this.prefetched.set(key, entry);
    if (this.watched.has(engine)) return;
    this.watched.add(engine);
    engine
      .subscribe((event) =>
        this.versions.set(event.kind, Math.max(this.versions.get(event.kind) ?? 0, event.version)),
      )
      .catch((err: unknown) => console.error('[markets]', 'subscribe failed', err));
  }

  /** The newest data version announced for `kind` since the first prefetch (0: none). */
  newestVersion(kind: MarketKind): number {
    return this.versions.get(kind) ?? 0;
  }

  /** The fresh prefetched first window of inputs `key`, if any; `take` removes it (it is used once). */
  peek(key: string, nowMs: number, take = false): Prefetched | null {
    this.expire(nowMs);
    const held = this.prefetched.get(key) ?? null;
    if (take) this.prefetched.delete(key);
    return held;
  }

  /**
   * Removes prefetched entry `entry` for the list that adopted it (handle and all); false when it is no longer held
   * (another list claimed it, or it went stale and its handle was released), so the list must query afresh.
   */
  claim(entry: Prefetched): boolean {
    if (this.prefetched.get(entry.key) !== entry) return false;
    this.prefetched.delete(entry.key);
    return true;
  }

  /** Drops the prefetches older than PREFETCH_FRESH_MS at `nowMs`, releasing their handles in the engine. */
  private expire(nowMs: number): void {
    for (const [key, p] of this.prefetched) {
      if (nowMs - p.at < PREFETCH_FRESH_MS) continue;
      this.prefetched.delete(key);
      closeHandle(p.engine, p.list, (message, err) => console.error('[markets]', message, err));
    }
  }
}

/** What `ListQuery.prime` found for a list before its engine is connected. */
export type Primed = { from: 'prefetch'; result: QueryResult } | { from: 'storage'; window: FirstWindow };

/** What a list's handle needs besides its registry. */
export interface ListQueryOptions {
  /** Monotonic clock, ms (default performance.now): the age of a prefetched first window. */
  now?(): number;
  /** The stored first windows, read at `prime` and written by `keep`. */
  firstWindows?: FirstWindowStore;
  log(message: string, detail?: unknown): void;
}

/**
 * One list's query handle. `connect` with the engine while the list is mounted (version events reach `onVersion`),
 * `close` when it goes (its list handle is released in the engine; it may connect again: React StrictMode). `query`
 * sends the list's latest query on its list handle; a reply of any other id is not the list's any more (`accepts`).
 */
export class ListQuery {
  private engine: MarketEngineApi | null = null;
  private latestId = 0;
  /** The list handle in the engine (0: none yet): its own, or the one of the prefetch it adopted. */
  private list = 0;
  private kind: MarketKind | null = null;
  private newest = 0;
  private lastEventStatus: LoadStatus | null = null;
  private offVersions: (() => void) | null = null;
  /** The prefetch `prime` adopted, until `connect` claims it. */
  private primed: Prefetched | null = null;

  constructor(
    private readonly lists: ListRegistry,
    private readonly o: ListQueryOptions,
  ) {}

  /** The latest query id sent or adopted; 0 before the first. */
  get latest(): number {
    return this.latestId;
  }

  /** The newest data version announced for the list's kind (events, and the registry's for an adopted reply). */
  get newestVersion(): number {
    return this.newest;
  }

  /** The status of the last version event of the list's kind, null before one. */
  get eventStatus(): LoadStatus | null {
    return this.lastEventStatus;
  }

  /** True while `id` is the latest query of this list. */
  accepts(id: number): boolean {
    return id !== 0 && id === this.latestId;
  }

  private now(): number {
    return (this.o.now ?? (() => performance.now()))();
  }

  /**
   * The rows a list with `params` (inputs key `key`) can show before its engine is connected: the prefetched first
   * window when it has arrived, is fresh and was not superseded (it becomes the latest query), else the stored first
   * window of these inputs; null when neither.
   */
  prime(params: MarketListParams, key: string): Primed | null {
    const pre = this.lists.peek(key, this.now());
    const res = pre?.result;
    if (pre && res && !res.superseded) {
      this.adopt(params.kind, pre);
      this.primed = pre;
      return { from: 'prefetch', result: res };
    }
    const stored = this.o.firstWindows?.read(params.kind, key);
    return stored ? { from: 'storage', window: stored } : null;
  }

  /**
   * Connects to `engine`: its version events of the list's kind reach `onVersion` once noted here (newest version,
   * event status). A primed prefetch is claimed (the list keeps its handle); one another list claimed first, or that
   * went stale, is given up: `latest` is 0 again and the list queries afresh on a handle of its own.
   */
  connect(engine: MarketEngineApi, onVersion: (event: VersionEvent) => void): void {
    this.close();
    this.engine = engine;
    const off = engine.subscribe((event) => {
      if (this.engine !== engine || event.kind !== this.kind) return;
      this.newest = Math.max(this.newest, event.version);
      this.lastEventStatus = event.status;
      onVersion(event);
    });
    off.catch((err: unknown) => this.o.log('subscribe failed', err));
    this.offVersions = () =>
      void off.then(
        (unsubscribe) => unsubscribe(),
        () => {},
      );
    const primed = this.primed;
    this.primed = null;
    if (primed && !this.lists.claim(primed)) this.latestId = this.list = 0;
  }

  /**
   * Disconnects: no version event reaches the list, and the engine forgets its list handle (its query and window; a
   * window asked later is null, so a list connecting again re-queries). Late replies are the caller's.
   */
  close(): void {
    this.offVersions?.();
    this.offVersions = null;
    if (this.engine && this.list) closeHandle(this.engine, this.list, this.o.log);
    this.engine = null;
  }

  /**
   * Sends the list's query for `params` with the first window `want` on the list's handle; it becomes the latest.
   * With `adopt` (the list's first query, at the top) the fresh prefetched first window of these inputs is adopted
   * instead, with its handle, and one that was superseded (its handle released) is asked afresh. Resolves with the
   * reply while it is the latest query's, else null (superseded here or in the engine). Rejects with the engine's
   * error only while the query is the latest. Resolves null when not connected.
   */
  async query(
    params: MarketListParams,
    key: string,
    want: RowRange,
    adopt: boolean,
  ): Promise<QueryResult | null> {
    const engine = this.engine;
    if (!engine) return null;
    const pre = adopt ? this.lists.peek(key, this.now(), true) : null;
    let id: number;
    if (pre) id = this.adopt(params.kind, pre);
    else {
      this.kind = params.kind;
      this.list ||= this.lists.nextList();
      id = this.latestId = this.lists.nextId();
    }
    let res: QueryResult;
    try {
      res = await (pre?.reply ?? engine.query({ ...queryOf(id, params, want), list: this.list }));
    } catch (err) {
      if (this.accepts(id)) throw err;
      return null;
    }
    if (!this.accepts(res.id)) return null;
    // The prefetched query was superseded (its handle released before it ran): ask afresh.
    if (res.superseded) return pre ? this.query(params, key, want, false) : null;
    return res;
  }

  /** Rows `[first, last)` of query `id` (null: the engine dropped the id). Null too when not connected. */
  rows(id: number, first: number, last: number): Promise<RowWindow | null> {
    return this.engine ? this.engine.rows(id, first, last) : Promise.resolve(null);
  }

  /**
   * Stores result `res` of `params` (inputs key `key`) as the list's first window when it is the panel's default
   * view at the top: no term, its first tab `defaultTab` (or any tab before the tabs are known), rows from 0.
   */
  keep(params: MarketListParams, key: string, defaultTab: string | null, res: QueryResult): void {
    if (
      params.term === '' &&
      (defaultTab === null || params.tab === defaultTab) &&
      res.start === 0 &&
      res.rows.length > 0 &&
      res.status !== 'error'
    )
      this.o.firstWindows?.write(params.kind, key, { tab: params.tab, total: res.total, rows: res.rows });
  }

  /**
   * Makes prefetched query `pre` of `kind` the latest, on its list handle (the list's own, if it had one in the
   * engine, is released), with the versions announced since it was asked. Returns its id.
   */
  private adopt(kind: MarketKind, pre: Prefetched): number {
    if (this.engine && this.list && this.list !== pre.list) closeHandle(this.engine, this.list, this.o.log);
    this.kind = kind;
    this.list = pre.list;
    this.latestId = pre.id;
    this.newest = Math.max(this.newest, this.lists.newestVersion(kind));
    return pre.id;
  }
}

/** Opens the query handle of one list over the page's registry `lists`. */
export function openList(lists: ListRegistry, o: ListQueryOptions): ListQuery {
  return new ListQuery(lists, o);
}
