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
  LoadStatus,
  MarketEngineApi,
  MarketKind,
  QueryResult,
  RowWindow,
  VersionEvent,
} from '../../workers/market/contract.ts';
import type { FirstWindow } from './first-window-cache.ts';
import type { RowRange } from './list-window.ts';

import {
  closeHandle,
  queryOf,
  type FirstWindowStore,
  type ListRegistry,
  type MarketListParams,
  type Prefetched,
} from './list-registry.ts';

export {
  keepsActive,
  ListRegistry,
  paramsKey,
  PREFETCH_FRESH_MS,
  type FirstWindowStore,
  type MarketListParams,
} from './list-registry.ts';

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
