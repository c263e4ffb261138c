/**
 * Every API path of SPEC §7 and of the site, user and compliance calls, written once. The main thread (src/api), the
 * market worker (workers/market/sources) and the reference server (server/routes) import these; no other source
 * file spells a path. Realm-neutral constants (docs/API.md lists them with their answers).
 */

/** Site calls (SPEC §3 common site data, menu data, compliance check; SPEC §7 fiat market rates). */
export const SITE_API = {
  commonData: '/api/web/v1/site/common_data',
  menuData: '/api/web/v1/site/menu_data',
  compliance: '/api/web/v1/site/compliance_check',
  fiatRates: '/api/web/v1/site/currFiatMarketRates',
  /** The footer's popular coins (the spot snapshot's top bases by quote volume). */
  popularCoins: '/api/web/v1/site/popular_coins',
} as const;

/** User and session calls (SPEC §3 user info, account mode, cross-margin; SPEC §7 logouts; the demo login). */
export const USER_API = {
  demoLogin: '/api/web/v1/usercenter/demo_login',
  userInfo: '/api/web/v1/usercenter/get_info',
  accountMode: '/apiw/v2/unified/account_mode',
  crossMargin: '/apiweb/v1/spot/cross_margin/info',
  logout: '/api/web/v1/usercenter/logout',
  logoutAll: '/api/web/v1/usercenter/logoutAll',
  /**
   * `GET` → `{code: 200, data: {token}}` and a fresh `csrf_token` cookie: the CSRF token bound to this visitor now
   * (after a server restart without a stable key the old one is refused). Needs no CSRF header itself.
   */
  csrfToken: '/api/web/v1/usercenter/csrf_token',
  /** A page, not an API call: clears the session cookies and redirects (SPEC §4). */
  pageLogout: '/logout',
} as const;

/** Message centre and announcement calls (SPEC §7: notice record per tab, full-site bulletin per page key). */
export const MESSAGES_API = {
  /** `?type=T1,T2&page=1&size=10` → `{code: 200, data: NoticeRecord}`; anonymous → 401 `{code: 401}`. */
  noticeRecord: '/apiw/v2/herald/get_notice_record',
  /** `?page=KEY` → `{code: 200, data: Bulletin}`. */
  fullsiteBulletin: '/api/web/v1/site/fullsiteBulletin',
} as const;

/** Buy-crypto calls (SPEC §7): the pay-with methods of each fiat of the fiat list. */
export const BUY_API = {
  fiatSetting: '/api/web/v1/c2c/buy_crypto_fiat_setting',
} as const;

/**
 * Header extras (SPEC §1, §7; paths not shown by the spec, so the reference server's): the switch-account dialog's
 * account list, the error-report endpoint of the CDN check, and the UI-library file the CDN check fetches (served by
 * the reference server in the demo; a deployment points CDN_UI_LIB_URL at its CDN).
 */
export const HEADER_API = {
  switchAccounts: '/api/web/v1/usercenter/switch_accounts',
  errorReport: '/api/web/v1/site/error_report',
  cdnUiLib: '/cdn/ui-lib/v1/ui-lib.js',
} as const;

/** Market list calls (SPEC §7): the path the server routes, and the fixed query the worker sends. */
export const MARKET_API = {
  tabs: { path: '/apiw/v2/common/tabs', query: { area: 'web_trade' } },
  spot: { path: '/apiw/v2/market/spots', query: { exchange_type: 'ALL' } },
  futures: {
    path: '/apiw/v2/market/futures',
    query: { is_testnet: '0', exchange_type: 'CONTRACT_ALL' },
  },
  pilot: {
    path: '/apiw/v2/pilot/markets',
    query: { exchange_type: 'PILOT_ALL' },
    /** Added for the compact variant (the same list as columns, docs/API.md; the worker asks for it first). */
    columnsQuery: { format: 'columns' },
  },
  premint: {
    path: '/apiw/v2/pre-mint/service/currencies/simple-info',
    query: { limit: '100', page: '1' },
  },
  preMarket: {
    path: '/apiw/v2/pre-market/service/currencies/simple-info',
    query: { limit: '100', page: '1' },
  },
} as const;

/** A market call's name. */
export type MarketCall = keyof typeof MARKET_API;

/** `path?query` of a market call as the worker requests it, e.g. `/apiw/v2/market/spots?exchange_type=ALL`. */
export function marketUrl(call: MarketCall): string {
  const { path, query } = MARKET_API[call];
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/** `path?query` of the compact (columnar) pilot call: the SPEC §7 pilot query plus `format=columns` (docs/API.md). */
export function pilotColumnsUrl(): string {
  return `${marketUrl('pilot')}&${new URLSearchParams(MARKET_API.pilot.columnsQuery).toString()}`;
}

/**
 * A signed-in trader's favourite pairs (docs/API.md 'Favourites'): GET → `{code: 200, data: FavouritesBody}`, PUT a
 * JSON FavouritesBody (replaces the stored list; at most MAX_FAVOURITES entries) → `{code: 200, data: {count}}`;
 * anonymous → 401.
 */
export const FAVOURITES_API = {
  list: '/api/web/v1/usercenter/favourites',
} as const;
