/**
 * The page data of a request for the server render (common/wire/page.ts; SPEC §3, §8): where the page is (locale from the path
 * prefix, SPEC §2), the sub-site (query, cookie, host: the rule the client and the API share), the session (cookies →
 * the session store the API reads), the common site data, compliance check and menu data (the very functions the
 * site routes serve, server/site-data.ts), and the request's cookies (minus the HttpOnly ones). Every answer is parsed
 * with the wire schemas the client's loader uses, so the stores end up as the API path would leave them.
 */
import type { Context } from 'hono';
import { parseRoute } from '../../common/domain/route.ts';
import { CommonSiteData, ComplianceResult, MenuData } from '../../common/wire/site.ts';
import { AccountMode, CrossMarginInfo, UserInfo } from '../../common/wire/user.ts';
import { MESSAGES_API, SITE_API, USER_API } from '../../common/wire/endpoints.ts';
import { Announcement } from '../../common/wire/messages.ts';
import { announcementPageKey } from '../../common/domain/announcement.ts';
import type { Locale } from '../../common/domain/locales.ts';
import type { ServerPageData } from '../../common/wire/page.ts';
import type { MarketData } from '../market-data.ts';
import { FAULTS_COOKIE, faultsEnabled, parseFaults } from '../faults.ts';
import { PRE_SESSION_COOKIE, SIGN_COOKIE } from '../cookie-names.ts';
import { parseCookieHeader, requestCookie } from '../cookie-parse.ts';
import { requestSessionOrAnonymous, requestSubSite } from '../request-context.ts';
import { SESSIONS, type SessionBackend } from '../sessions.ts';
import { commonSiteData, complianceCheck, menuData } from '../site-data.ts';
import { requestOrigin } from '../origin.ts';

/** Viewport widths the server assumes, px: a desktop, or a phone when the client says it is one. */
export const DESKTOP_WIDTH_PX = 1440;
export const PHONE_WIDTH_PX = 390;

/** API paths whose data the server render embeds; an injected fault on any of them disables the render. */
const RENDERED_SOURCES = [
  SITE_API.commonData,
  SITE_API.compliance,
  SITE_API.menuData,
  SITE_API.popularCoins,
  MESSAGES_API.fullsiteBulletin,
  USER_API.userInfo,
  USER_API.accountMode,
  USER_API.crossMargin,
];

/** Distinct spot base currencies of the market data (`currency_count`, as the site routes count them). */
export function currencyCountOf(data: MarketData): number {
  return new Set(data.spot.map((r) => r.pair.split('_')[0]?.toUpperCase())).size;
}

/** What the page data needs besides the request. */
export interface PageDataOptions {
  /** Distinct spot base currencies (`currency_count` of the common site data). */
  currencyCount: number;
  /** The footer's popular coins (server/popular-coins.ts, the API's answer); absent: none embedded. */
  popularCoins?: ServerPageData['popularCoins'];
  /**
   * The announcement of a page key in a locale (server/bulletin-data.ts, the API's answer), null when there is none;
   * absent: none embedded (the client fetches it).
   */
  announcement?: (pageKey: string, locale: Locale) => Announcement | null;
  /** Session store (default: the process's, the one the API uses). */
  store?: SessionBackend;
}

/**
 * True when test fault injection (server/faults.ts, `MH_FAULTS=1` only) names a data source of the render: the page
 * is then served as the client-rendered shell, so the client meets the fault through the API as before (SPEC §8).
 */
export function renderSourceFaulted(c: Context): boolean {
  if (!faultsEnabled()) return false;
  const faults = parseFaults(c.req.header('X-MH-Faults') ?? requestCookie(c, FAULTS_COOKIE));
  return RENDERED_SOURCES.some((p) => faults.has(p));
}

function viewportGuess(c: Context): number {
  const mobileHint = c.req.header('sec-ch-ua-mobile');
  if (mobileHint) return mobileHint.includes('?1') ? PHONE_WIDTH_PX : DESKTOP_WIDTH_PX;
  return /Mobi|Android|iPhone/i.test(c.req.header('user-agent') ?? '') ? PHONE_WIDTH_PX : DESKTOP_WIDTH_PX;
}

/** The page's announcement field: parsed with the wire schema the client uses; omitted when not embedded. */
function announcementOf(
  path: string,
  locale: Locale,
  options: PageDataOptions,
): Pick<ServerPageData, 'announcement'> {
  if (!options.announcement) return {};
  const key = announcementPageKey(path);
  const value = key === null ? null : options.announcement(key, locale);
  return { announcement: value === null ? null : Announcement.parse(value) };
}

/**
 * Builds the page data of a request for the server render. Rejects when a data source fails (the caller falls back to
 * the client-rendered shell, SPEC §8); a session store that cannot answer renders the page as anonymous. Never calls
 * the API over HTTP.
 */
export async function pageData(c: Context, options: PageDataOptions): Promise<ServerPageData> {
  const url = new URL(c.req.url);
  const route = parseRoute(url.pathname);
  const cookies = parseCookieHeader(c.req.header('cookie'));
  const session = await requestSessionOrAnonymous(c, options.store ?? SESSIONS);
  const request = {
    site: requestSubSite(c),
    locale: route.locale,
    persona: session?.persona ?? null,
    fiatCookie: cookies.curr_fiat,
    buyFiatCookie: cookies.default_buy_crypto_fiat,
    country: c.req.header('x-country'),
    currencyCount: options.currencyCount,
  };
  const siteData = CommonSiteData.parse(commonSiteData(request));
  const persona = session?.persona;
  const user = persona ? UserInfo.parse({ is_login: true, isLogin: true, ...persona.user }) : null;
  // Origin and host from the configured policy, never from an unchecked Host header (server/origin.ts).
  const where = requestOrigin(c);
  // HttpOnly cookies stay on the server: the page data ends up in the HTML.
  const { [SIGN_COOKIE]: _sign, [PRE_SESSION_COOKIE]: _psid, ...pageCookies } = cookies;
  return {
    locale: route.locale,
    langPrefix: route.langPrefix,
    path: route.path,
    search: url.search,
    host: where.host,
    origin: where.origin,
    viewportWidth: viewportGuess(c),
    subSite: request.site,
    siteData,
    compliance: ComplianceResult.parse(complianceCheck(request)),
    menuData: MenuData.parse(menuData(request)),
    user,
    accountMode: persona ? AccountMode.parse(persona.accountMode) : null,
    crossMargin: persona ? CrossMarginInfo.parse(persona.crossMargin) : null,
    popularCoins: options.popularCoins ?? null,
    ...announcementOf(route.path, route.locale, options),
    hasSessionHint: cookies.pver !== undefined,
    isSwitchTag: cookies.is_switch_tag !== undefined,
    cookies: pageCookies,
    prefersDark: c.req.header('sec-ch-prefers-color-scheme') === 'dark',
  };
}
