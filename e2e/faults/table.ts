/**
 * The fault matrix's one table (SPEC §8): every API path the browser calls (common/wire/endpoints.ts) with the flow
 * that exercises it and what must still work, and the faults applied to each. A new endpoint is one new row: the
 * `satisfies` clause fails the typecheck until every key of SITE_API, USER_API and MARKET_API has its row.
 */
import { MARKET_API, SITE_API, USER_API } from '../../common/wire/endpoints.ts';

/** Market panels (SPEC §3) and how to open them: top-nav trigger and menu entry test ids. */
export const PANELS = {
  spot: ['nav-trade', 'menu-spot'],
  pilot: ['nav-trade', 'menu-pilot'],
  premarket: ['nav-trade', 'menu-premarket'],
  futures: ['nav-futures', 'menu-futures-usdt'],
} as const;
export type Panel = keyof typeof PANELS;

/**
 * How an endpoint is exercised:
 * - `page`: an anonymous page load of `/`; the header must be ready and usable; `panels` must show rows (warm) or
 *   'no data' (cold) within 5 s;
 * - `account`: the sign-in page, a signed-in page load and both logouts; signing in shows its error and stays on
 *   /login, the signed-in header still renders, a logout still ends on /login.
 */
export type Flow = 'page' | 'account';

/** One endpoint row. */
export interface EndpointRow {
  path: string;
  flow: Flow;
  /** Market panels fed by this endpoint (the tab menus feed every panel but their rows do not depend on them). */
  panels?: readonly Panel[];
}

/**
 * Every endpoint the browser calls; `pageLogout` is a page navigation, not an API call, so it has no row, and
 * `csrfToken` is called only to recover from a refused token (after a server restart; e2e/restart.spec.ts), before
 * the fault injection, so it has none either.
 */
export const ENDPOINTS = {
  commonData: { path: SITE_API.commonData, flow: 'page' },
  menuData: { path: SITE_API.menuData, flow: 'page' },
  compliance: { path: SITE_API.compliance, flow: 'page' },
  fiatRates: { path: SITE_API.fiatRates, flow: 'page' },
  popularCoins: { path: SITE_API.popularCoins, flow: 'page' },
  userInfo: { path: USER_API.userInfo, flow: 'page' },
  demoLogin: { path: USER_API.demoLogin, flow: 'account' },
  accountMode: { path: USER_API.accountMode, flow: 'account' },
  crossMargin: { path: USER_API.crossMargin, flow: 'account' },
  logout: { path: USER_API.logout, flow: 'account' },
  logoutAll: { path: USER_API.logoutAll, flow: 'account' },
  tabs: { path: MARKET_API.tabs.path, flow: 'page' },
  spot: { path: MARKET_API.spot.path, flow: 'page', panels: ['spot'] },
  futures: { path: MARKET_API.futures.path, flow: 'page', panels: ['futures'] },
  pilot: { path: MARKET_API.pilot.path, flow: 'page', panels: ['pilot'] },
  premint: { path: MARKET_API.premint.path, flow: 'page', panels: ['premarket'] },
  preMarket: { path: MARKET_API.preMarket.path, flow: 'page', panels: ['premarket'] },
} as const satisfies Record<
  Exclude<
    keyof typeof SITE_API | keyof typeof USER_API | keyof typeof MARKET_API,
    'pageLogout' | 'csrfToken'
  >,
  EndpointRow
>;

/**
 * HTTP faults (server/faults.ts kinds through the `mh_faults` cookie; `network` is a Playwright route abort).
 * `slow:4500` is just past the client's 4,000 ms time-out (SPEC §9).
 */
export const HTTP_FAULTS = ['500', 'code', 'malformed', 'shape', 'slow:4500', 'network', 'empty'] as const;
export type HttpFault = (typeof HTTP_FAULTS)[number];

/** Cold: nothing cached; warm: a prior good load filled the cache (made stale, so the faulty call is made). */
export const TEMPERATURES = ['cold', 'warm'] as const;
export type Temperature = (typeof TEMPERATURES)[number];

/**
 * What the browser keeps (matrix.spec.ts; docs/TESTING.md 'Fault matrix: where each case lives'): the page endpoints
 * meet every fault cold, and these warm (the cached rows painted by a page). The engine's outcome of every market call
 * × fault × temperature is asserted through the real worker in Vitest (tests/worker/fault-matrix-{cold,warm}.test.ts).
 */
export const WARM_PAGE_FAULTS: readonly HttpFault[] = ['500'];

/**
 * The account flow's faults in the browser: one HTTP status, one transport failure, and one unreadable body after a
 * prior sign-in (warm). How each failure is classified is unit-tested (tests/account/login-logout.test.ts).
 */
export const ACCOUNT_FAULTS: ReadonlyArray<readonly [HttpFault, Temperature]> = [
  ['500', 'cold'],
  ['network', 'cold'],
  ['malformed', 'warm'],
];

/** Endpoints of one flow. */
export function rowsOf(flow: Flow): Array<[string, EndpointRow]> {
  return Object.entries(ENDPOINTS as Record<string, EndpointRow>).filter(([, r]) => r.flow === flow);
}

/** Annotation type that carries how many matrix cases a test checked (read by case-reporter.ts). */
export const CASES_ANNOTATION = 'fault-cases';
