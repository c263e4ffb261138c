/**
 * Engine constants (SPEC §5, §9). Realm-neutral, no I/O. Endpoint paths live in common/wire/endpoints.ts.
 */

/** SPEC §9: contracts refresh period. */
export const REFRESH_MS = 600_000;
/**
 * SPEC §9 'cache time param 240': the unit is seconds. A list fetched (by this tab or another) less than 240 s ago
 * counts as revalidated; an older one is painted from the cache at once and revalidated from the network on open
 * (stale-while-revalidate, SPEC §8 'cached data is used when an API fails'). The periodic refresh (REFRESH_MS)
 * is separate.
 */
export const CACHE_TIME_S = 240;
/** CACHE_TIME_S in ms: the age under which a cached list is used without a network call. */
export const CACHE_FRESH_MS = CACHE_TIME_S * 1000;
/** ARCHITECTURE.md 'Market engine': every reply to the main thread stays under 10 KiB. */
export const MAX_MESSAGE_BYTES = 10 * 1024;
/** Upper bound of rows in one window, shared with the page (the byte budget may cut a window shorter). */
export { MAX_WINDOW_ROWS } from '../../common/market-list-geometry.ts';
/** Rows ranked eagerly by `query()`; the rest are selected when a window asks for them. */
export const FIRST_PAGE_ROWS = 64;
/** Long searches yield to the event loop after this much work so a newer query can supersede them. */
export const YIELD_AFTER_MS = 8;
/** Size of the `stats().searchMs` ring. */
export const SEARCH_MS_RING = 500;
/** Tab key of new listings (SPEC §3: upcoming listings sorted first). */
export const NEWLISTED_TAB = 'NEWLISTED';

/** SPEC §9 cache names (IndexedDB keys). */
export const CACHE_NAMES = {
  tabs: 'menu_web_trade_v2',
  spot: 'all_market_v2',
  futures: 'apiFutureContracts_v2',
  premarket: 'preMarket_v2',
  pilot: 'pilot_market_data',
} as const;

/** Quote currencies worth 1 USDT for volume conversion (SPEC §5 ranking). */
export const USD_LIKE = new Set(['USDT', 'USD', 'USDC']);
