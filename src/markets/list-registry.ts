/**
 * The page's list registry (SPEC §4, §5, §9; one per page, use-market-list.ts holds it; tests make their own): the
 * page-wide rising query ids and list handles, the first windows asked for on intent before their panel mounts
 * (`prefetch`, each on a handle of its own) and the newest data version announced per kind since the first prefetch;
 * with the list inputs' type and key. Each list's own handle is list-query.ts's.
 */
import type {
  ChangePeriod,
  FiatDisplay,
  MarketEngineApi,
  MarketKind,
  MarketQuery,
  QueryResult,
  SettleCurrency,
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

/**
 * Whether the active row survives going from inputs `prev` to `next` (SPEC §9 keyboard): a new term (or tab, or any
 * input) is a new list, with no active row; not so when the panel's tabs arrive and name the default tab the list was
 * already showing (no tab yet = the default view), so a key pressed as the panel opened keeps its row. Pure.
 */
export function keepsActive(
  prev: MarketListParams | null,
  next: MarketListParams,
  defaultTab: string | null,
): boolean {
  return (
    prev !== null &&
    prev.tab === '' &&
    next.tab !== '' &&
    next.tab === defaultTab &&
    paramsKey({ ...prev, tab: next.tab }) === paramsKey(next)
  );
}

/** The query a list sends for `p` with its first window `[want.first, want.last)`. */
export function queryOf(id: number, p: MarketListParams, want: RowRange): MarketQuery {
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
export interface Prefetched {
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
export function closeHandle(
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
