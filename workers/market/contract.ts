/**
 * The market engine's contract between the main thread and the worker (ARCHITECTURE.md 'Market engine'): its types,
 * and one value, the method list ENGINE_METHODS, from which the page's facade (src/markets/engine-client.ts) and the
 * worker's exposed object (market.worker.ts) are both built. This file imports types only, so the page may import it
 * (the one workers/ file it imports as a value). The worker entry is the one file that calls `expose`.
 */
import type { FavouriteList, FavouriteWire } from '../../common/wire/favourites.ts';
import type { Unsubscribe } from '../../common/listeners.ts';

export type { Unsubscribe };

/** The lists the engine owns (SPEC §4). */
export type MarketKind = 'spot' | 'futures' | 'pilot' | 'premarket';
/** Change reference period (SPEC §3 preferences): 24h, since UTC 00:00, since UTC+8 00:00. */
export type ChangePeriod = '24h' | 'utc0' | 'utc8';
export type SettleCurrency = 'USDT' | 'BTC';
/** Remote-data status union (STYLE habit 4). `stale` = painted from cache, revalidating or revalidation failed. */
export type LoadStatus = 'loading' | 'ready' | 'stale' | 'error';

/** Set once at start (and again on language change). */
export interface EngineConfig {
  /** UI locale (`en`, `zh`, …): part of every cache key (SPEC §5). */
  lang: string;
  /** Language path prefix for links: `` for English, `/zh` otherwise. */
  langPrefix: string;
  /** Value for the `X-CSRF-Token` header. */
  csrfToken: string;
  /** Absolute origin for fetch (a worker has no document base), e.g. `http://localhost:5173`. */
  origin: string;
  /**
   * Test knob (ARCHITECTURE.md 'Live lists'; set only through `window.__MH_TEST_HOOKS__`): the period of the
   * leader's REST polling while the live socket is down, ms, clamped to 500…30000. Absent: 30000 (REST_FALLBACK_MS).
   */
  restFallbackMs?: number;
}

/**
 * A search/filter request of one list (SPEC §5). `id` rises and is unique across the lists of one engine (`rows()`
 * and the live rows name a query by it); a newer id supersedes only the older ones of the same list handle (stale
 * work skipped, replies dropped), so two lists, of one kind or not, never cancel each other.
 */
export interface MarketQuery {
  id: number;
  /**
   * The list handle the query belongs to: a positive integer the client picks per list (src/markets/list-query.ts
   * hands them out) and releases with `closeList`. Absent (or not a positive integer): the kind's shared handle, one
   * per kind (scripts, tests).
   */
  list?: number;
  kind: MarketKind;
  /** Tab key from `tabs(kind)`; `ALL` or `` = no tab filter. Search ignores the tab (SPEC §5). */
  tab: string;
  /** Search term, raw; the engine trims and lower-cases. */
  term: string;
  /** Futures only: settle currency list. Default USDT. */
  settle?: SettleCurrency;
  /** Change column and sort period. Default 24h. */
  period?: ChangePeriod;
  /** First row of the window the reply carries (the list's first visible row). Default 0. */
  start?: number;
  /** Rows of the window the reply carries (visible + overscan); 0 = none. The byte budget may cut it. Default 0. */
  count?: number;
  /** Fiat price display (SPEC §4 fiat prices); null or absent = each row's own last price. */
  fiat?: FiatDisplay | null;
}

/** A fiat the trader chose for prices: ISO 4217 code and its rate, fiat units per 1 USDT. */
export interface FiatDisplay {
  currency: string;
  rate: number;
}

/**
 * Reply to `query`: how many rows match and the first window `[start, start + rows.length)`, so a keystroke costs
 * one round trip. The id stays valid across data refreshes: after a VersionEvent, `rows(id, …)` re-ranks in place.
 */
export interface QueryResult {
  id: number;
  total: number;
  /** Data version of the list the result was computed on (rises on refresh). */
  version: number;
  status: LoadStatus;
  /** True when a newer query superseded this one before it ran; `total` is then 0 and must be ignored. */
  superseded: boolean;
  /** Start of the carried window (the asked start clamped to `total`). */
  start: number;
  /** The carried window; may be shorter than asked (10 KiB budget): ask `rows()` for the rest. */
  rows: ListRow[];
}

/** One row as the panels draw it. Small: windows of ~30 rows stay far under 10 KiB. */
export interface MarketRow {
  /** `data-symbol`: raw pair id (spot/futures), token address (pilot), currency (pre-market). */
  symbol: string;
  /** Upper-cased `BASE/QUOTE`, pilot show_pair, or currency. */
  label: string;
  /** Secondary text: coin name, short address (`Dfh5…pump`), full name. */
  sub: string;
  /** Last price as a decimal string in the quote currency ('' when unknown). */
  last: string;
  /** Last price converted to USDT, for fiat display (SPEC §4 fiat prices); null when no conversion is known. */
  lastUsdt: number | null;
  /** Change percent for the query's period; null when unknown. */
  changePct: number | null;
  /** 24h volume in USDT (converted), for display and ranking. */
  volumeUsdt: number;
  /** Quote or settle currency code (`USDT`, `BTC`…) or '' for lists without one. */
  quote: string;
  /** Link under the language prefix, e.g. `/zh/trade/BTC_USDT`. */
  href: string;
  icon: string | null;
  /** Leverage badge (e.g. 10 for 10x), 0 for none. */
  leverage: number;
  isST: boolean;
  /** Hot / new / upcoming badges. */
  hot: boolean;
  isNew: boolean;
  upcoming: boolean;
  /** Pre-market only: which list (`premint` or `pre_market`). */
  group?: 'premint' | 'pre_market';
  /** Starred by the trader (workers/market/favourites.ts); absent when not. */
  favourite?: true;
  /** A starred pair no longer in the list (the favourites tab shows it as delisted, only the star to remove it). */
  delisted?: true;
}

/**
 * One row of a panel's list, formatted in the engine for the engine's locale and the query's fiat (SPEC §3 rows,
 * §4 fiat prices, §9 display), so the main thread writes text and does no Intl work. Raw numbers are gone except
 * the sign the rise/fall colour needs.
 */
export interface ListRow {
  /** `data-symbol`: raw pair id (spot/futures), token address (pilot), currency (pre-market). */
  symbol: string;
  /** Upper-cased `BASE/QUOTE`, pilot show_pair, or currency. */
  label: string;
  /** Secondary text: coin name, short address (`Dfh5…pump`), full name. */
  sub: string;
  /** Quote or settle currency code (`USDT`, `BTC`…) or '' for lists without one. */
  quote: string;
  /** Link under the language prefix, e.g. `/zh/trade/BTC_USDT`. */
  href: string;
  /** Icon URL that passed the URL policy, or null (letter avatar). */
  icon: string | null;
  /** Last price as display text: the fiat price when the query asked for one and the row has a USDT value. */
  price: string;
  /** Change for the query's period as signed percent text (`+2.50%`), `--` when unknown. */
  change: string;
  /** Sign of the change for the rise/fall colour: 1 rise, -1 fall, 0 flat or unknown. */
  trend: 1 | -1 | 0;
  /** 24h quote volume in USDT, compact text (`1.23M`). */
  volume: string;
  /** Leverage badge (e.g. 10 for 10x), 0 for none. */
  leverage: number;
  isST: boolean;
  hot: boolean;
  isNew: boolean;
  upcoming: boolean;
  /** Pre-market only: which list (`premint` or `pre_market`). */
  group?: 'premint' | 'pre_market';
  /** Starred by the trader (workers/market/favourites.ts); absent when not. */
  favourite?: true;
  /** A starred pair no longer in the list (the favourites tab shows it as delisted, only the star to remove it). */
  delisted?: true;
}

/**
 * A window of rows `[start, start + rows.length)` of query `id`. May hold fewer rows than asked (at most 60, and
 * cut where the message would pass 10 KiB): ask again from `start + rows.length` for the rest.
 */
export interface RowWindow {
  id: number;
  version: number;
  start: number;
  rows: ListRow[];
  /** Rows the query matches at `version` (changes when a refresh re-ranks a window asked in place). */
  total?: number;
}

/** A panel tab (labels from the tabs endpoint, in the engine's language). */
export interface MarketTab {
  key: string;
  name: string;
}

/** Pushed to subscribers when a list changes (refresh, cache paint, failure). Panels re-query on it. */
export interface VersionEvent {
  kind: MarketKind;
  version: number;
  status: LoadStatus;
  /** True when only the order of the rows was recomputed (a live list's re-rank, SPEC §9 refresh): the data, the
   * tabs and the favourites are those of the version before. Absent on every other version. */
  reorder?: boolean;
}

/**
 * A search over all four lists at once (the header search modal, SPEC §5, §7). `id` rises; a newer id supersedes
 * older search-all requests (independent of the panels' `query` ids). An empty term lists each list by 24h quote
 * volume (the modal's top movers).
 */
export interface SearchAllRequest {
  id: number;
  /** Search term, raw; each list normalises it with its own profile. */
  term: string;
  /** Rows per list, 1…SEARCH_ALL_MAX_ROWS (the byte budget may cut further). */
  limit: number;
  /** Change column period. Default 24h. */
  period?: ChangePeriod;
  /** Fiat price display (SPEC §4 fiat prices); null or absent = each row's own last price. */
  fiat?: FiatDisplay | null;
}

/** One list's part of a search-all reply: how many rows match and the best `limit` of them, formatted as the
 * panels' rows are (one row shape for both). */
export interface SearchSection {
  total: number;
  rows: ListRow[];
  status: LoadStatus;
}

/** A row of a search-all reply: its list's section and its position in that section's rows. */
export interface SearchRowRef {
  kind: MarketKind;
  index: number;
}

/** Reply to `searchAll`: a section per list (futures = the USDT-settled list). Under 10 KiB. */
export interface SearchAllResult {
  id: number;
  /** True when a newer request superseded this one; sections are then empty and must be ignored. */
  superseded: boolean;
  sections: Record<MarketKind, SearchSection>;
  /** Empty term only: the top movers (the modal's group), rows of the spot and futures sections by 24h quote
   * volume, highest first; [] for a term. */
  top: SearchRowRef[];
}

/** Timings the worker records itself (the benchmark reads them; no SPEC rule, see docs/BENCHMARKS.md). */
export interface EngineStats {
  /** Search durations inside the engine, ms, most recent last (bounded ring). */
  searchMs: number[];
  /** Largest message posted to the main thread, bytes (JSON length of a reply). */
  maxMessageBytes: number;
  /** Where the engine runs. */
  realm: 'worker' | 'main';
  /** List handles the engine holds (open lists, and the kinds' shared handles once used). */
  lists: number;
  /** Query results the engine keeps for `rows()` (at most one per handle). */
  results: number;
}

/** A list's data state (SPEC §9 refresh; the panel's data-age badge): ticking, behind, or cut off. */
export type LiveState = 'live' | 'delayed' | 'offline';

/** The live cells of one row of a panel's window: its position in the list and its new formatted values. */
export interface LiveCells {
  /** Position in the query's order (the row index the panel draws). */
  index: number;
  /** The row's symbol (the panel checks it still holds that row). */
  symbol: string;
  price: string;
  change: string;
  trend: 1 | -1 | 0;
  volume: string;
  /** Which way the price moved since the panel's last values: 1 up, -1 down, 0 same (the cell flashes on a move). */
  move: 1 | -1 | 0;
}

/**
 * The rows of query `id`'s current window whose values changed: at most one message per list handle per 250 ms,
 * under 10 KiB (SPEC §7).
 */
export interface LiveRowsEvent {
  type: 'rows';
  kind: MarketKind;
  id: number;
  /** The list handle of query `id` (`MarketQuery.list`); absent for the kind's shared handle. */
  list?: number;
  rows: LiveCells[];
}

/** A list's data state changed: `updatedAt` is when its data was last fetched or ticked, ms since epoch (0: never). */
export interface LiveStatusEvent {
  type: 'status';
  kind: MarketKind;
  state: LiveState;
  updatedAt: number;
}

/**
 * The market engine's one contract: the worker's (via Comlink), the in-thread fallback's (`?engine=main`) and the
 * page's engine client's (src/markets/engine-client.ts), which serves it over whichever realm runs. Every method is
 * required; a test fake fills the ones it does not use. Listener registrations resolve, once the listener is
 * registered, with the function that removes it.
 */
export interface MarketEngineApi {
  /** Starts or reconfigures the engine; resolves once ready (the handshake). */
  init(config: EngineConfig): Promise<void>;
  /** Tabs of a list; [] until the tabs menu is known. */
  tabs(kind: MarketKind): Promise<MarketTab[]>;
  /**
   * Runs a query and returns its first window; loads the list on first use (cache first, then network). The query
   * becomes its list handle's one query: it supersedes that handle's older ones only (SPEC §5).
   */
  query(q: MarketQuery): Promise<QueryResult>;
  /**
   * Rows [start, end) of query `id`, or null when `id` was superseded, its list closed, or is unknown. Valid across
   * refreshes: a window asked after a VersionEvent is ranked on the new data (its `total` and `version` say so).
   */
  rows(id: number, start: number, end: number): Promise<RowWindow | null>;
  /**
   * Releases list handle `list` (its list closed): the engine forgets its query, result and window, a query of it
   * still running resolves superseded, and no live rows are sent for it. An unknown handle is ignored; a later query
   * of the same handle opens it again.
   */
  closeList(list: number): Promise<void>;
  /** Searches spot, futures, pilot and pre-market at once, ranked per list by SPEC §5; latest id wins. */
  searchAll(request: SearchAllRequest): Promise<SearchAllResult>;
  /** Registers a version listener (a Comlink proxy in the worker case); resolves with its unsubscribe. */
  subscribe(listener: (event: VersionEvent) => void): Promise<Unsubscribe>;
  /** Engine timings. */
  stats(): Promise<EngineStats>;
  /** Page visibility (engine-client.ts wires it): hidden pauses the refresh timer, shown catches up. */
  setVisible(visible: boolean): Promise<void>;
  /** Forces a network revalidation of a list (benchmark, manual retry); other tabs re-read the cache. */
  refresh(kind: MarketKind): Promise<void>;
  /** The lists an open panel or the open search shows: the live ticker subscribes to these (ARCHITECTURE.md 'Live
   * lists'). */
  setLiveInterest(kinds: MarketKind[]): Promise<void>;
  /** The page's `online`/`offline` events: back online reconnects at once. */
  setOnline(online: boolean): Promise<void>;
  /** A panel's list is still (no scroll, hover or pointer on it), so its order may be recomputed. */
  setStill(kind: MarketKind, still: boolean): Promise<void>;
  /** Registers a listener of live rows and data states (a Comlink proxy in the worker case); resolves with its
   * unsubscribe. */
  subscribeLive(listener: (event: LiveRowsEvent | LiveStatusEvent) => void): Promise<Unsubscribe>;
  /** The data state of every list now. */
  liveStatuses(): Promise<LiveStatusEvent[]>;
  /**
   * The account whose favourites are shown (SPEC §4): a user id, or null for the anonymous list. `signedOut` (the
   * session answered: nobody signed in) also removes account lists a logout elsewhere left behind.
   */
  favouritesAccount(uid: string | null, signedOut: boolean): Promise<void>;
  /** Stars (`on`) or unstars `symbol` of `list` with its label; resolves with the new state once stored. */
  setFavourite(list: FavouriteList, symbol: string, label: string, on: boolean): Promise<boolean>;
  /**
   * The shown account's starred pairs, latest first, with their link when the pair is in a list already in memory
   * (no list is loaded for it); the panels count theirs, the search modal lists them.
   */
  favourites(): Promise<FavouritePair[]>;
  /** Sign-in: merges the server's copy of `uid`'s favourites with the device's (union); resolves with the result. */
  adoptFavourites(uid: string, server: FavouriteWire[]): Promise<FavouriteWire[]>;
  /** Logout: removes every account's favourites from this device and tells the other tabs. */
  dropAccountFavourites(): Promise<void>;
}

/** A starred pair for the search modal: its entry, and its row's link (null when delisted or not loaded). */
export interface FavouritePair {
  list: FavouriteList;
  symbol: string;
  label: string;
  href: string | null;
}

/**
 * Every method of MarketEngineApi, named once. The page's facade (src/markets/engine-client.ts) and the worker's
 * exposed object (market.worker.ts) are generated from it; a method missing here fails the type check of both
 * (EngineMethods must be a whole MarketEngineApi).
 */
export const ENGINE_METHODS = [
  'init',
  'tabs',
  'query',
  'rows',
  'closeList',
  'searchAll',
  'subscribe',
  'stats',
  'setVisible',
  'refresh',
  'setLiveInterest',
  'setOnline',
  'setStill',
  'subscribeLive',
  'liveStatuses',
  'favouritesAccount',
  'setFavourite',
  'favourites',
  'adoptFavourites',
  'dropAccountFavourites',
] as const satisfies ReadonlyArray<keyof MarketEngineApi>;

/** A method name of the contract. */
export type EngineMethod = (typeof ENGINE_METHODS)[number];

/** The contract rebuilt from ENGINE_METHODS (a mapped type): equal to MarketEngineApi while the list is whole. */
export type EngineMethods = { [K in EngineMethod]: MarketEngineApi[K] };

/** The listener registrations: across the worker boundary their unsubscribe comes back as a Comlink proxy. */
export const REGISTRATION_METHODS = ['subscribe', 'subscribeLive'] as const satisfies readonly EngineMethod[];

/** What the worker exposes besides the contract: the page's live port (one message per live event, no reply). */
export interface WorkerLiveApi {
  /** Makes `port` the receiver of the engine's live events: each posted on it as one message, as is. */
  connectLive(port: MessagePort): void;
}
