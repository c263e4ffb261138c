/**
 * Site store (valtio): where the page is — locale, language prefix and path (SPEC §2). Read with useSnapshot in
 * render; change only through the actions here. It also holds the sub-site, the common site data, the compliance
 * check and the menu data (SPEC §3), loaded by src/account/boot.ts; session data lives in state/session.ts.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { CommonSiteData, ComplianceResult, MenuData } from '../../common/wire/site.ts';
import type { Locale } from '../../common/domain/locales.ts';
import { browserCookies, COOKIE, setSessionCookie } from '../lib/cookies.ts';
import { parseRoute } from '../../common/domain/route.ts';
import { HYDRATED_EVENT } from '../../common/page-loader.ts';
import { resolveSubSite, type SubSiteId } from '../../common/domain/sub-sites.ts';

/** Remote-data status (STYLE habit 4). */
export type SiteLoadStatus = 'loading' | 'ready' | 'error';

export interface SiteState {
  locale: Locale;
  /** `` or `/zh`… */
  langPrefix: string;
  /** Path without the language prefix. */
  path: string;
  /** The page's query string (`?a=1` or ''), host and origin: from `location`, or the server's view of them. */
  search: string;
  host: string;
  origin: string;
  /**
   * False on the server and during hydration; true once the client has committed its first render (event handlers
   * attached). The header's `data-ready` waits for it.
   */
  interactive: boolean;
  /** The restricted-location notice was dismissed this browser session (SPEC §8; session cookie, so the server knows). */
  restrictedNoticeClosed: boolean;
  /** Viewport width, px (policy and layout breakpoints, SPEC §9). */
  viewportWidth: number;
  /**
   * Sub-site (SPEC §1). First from `?sub_website_id`, the cookie or the host (same rule as the server); then the
   * server's `sub_website_id` from the common site data.
   */
  subSite: SubSiteId;
  /** Common site data; null until loaded or when the call failed (SPEC §8 fallback {}: defaults apply). */
  siteData: CommonSiteData | null;
  siteStatus: SiteLoadStatus;
  /** Compliance check; null = not loaded (SPEC §8 fallback: empty list). */
  compliance: ComplianceResult | null;
  /** Menu data (business list, NFT flag); null = not loaded. */
  menuData: MenuData | null;
}

/** Session cookie (no max-age: it ends with the browser session) recording that the restricted notice was closed. */
export const RESTRICTED_NOTICE_COOKIE = 'restricted_notice_closed';

function initialSubSite(): SubSiteId {
  if (typeof location === 'undefined' || typeof document === 'undefined') return 0;
  return resolveSubSite({
    query: new URLSearchParams(location.search).get('sub_website_id'),
    cookie: browserCookies.get(COOKIE.subWebsiteId),
    host: location.host,
  });
}

const initial = parseRoute(typeof location === 'undefined' ? '/' : location.pathname);
const here = typeof location === 'undefined' ? undefined : location;

/** The store. */
export const siteState = proxy<SiteState>({
  locale: initial.locale,
  langPrefix: initial.langPrefix,
  path: initial.path,
  search: here?.search ?? '',
  host: here?.host ?? '',
  origin: here?.origin ?? '',
  interactive: false,
  restrictedNoticeClosed: browserCookies.get(RESTRICTED_NOTICE_COOKIE) === '1',
  viewportWidth: typeof window === 'undefined' ? 1440 : window.innerWidth,
  subSite: initialSubSite(),
  siteData: null,
  siteStatus: 'loading',
  compliance: null,
  menuData: null,
});

/** Stores the site data answers (each may be null after a failure). Big lists are kept out of the proxy (`ref`). */
export function setSiteData(
  data: CommonSiteData | null,
  compliance: ComplianceResult | null,
  menu: MenuData | null,
): void {
  siteState.siteData = data
    ? {
        ...data,
        lang_list: ref(data.lang_list),
        fiat_list: ref(data.fiat_list),
        curr_fiat_market_rates: ref(data.curr_fiat_market_rates),
      }
    : null;
  siteState.compliance = compliance;
  siteState.menuData = menu;
  siteState.siteStatus = data ? 'ready' : 'error';
  if (data) siteState.subSite = resolveSubSite({ query: String(data.sub_website_id) });
}

/** Closes the restricted-location notice for this browser session (SPEC §8). */
export function closeRestrictedNotice(): void {
  siteState.restrictedNoticeClosed = true;
  setSessionCookie(RESTRICTED_NOTICE_COOKIE, '1');
}

/**
 * Marks the page interactive (the client's first commit is done; see `interactive`) and replaces the server's guessed
 * viewport width with the real one, in the same tick: the store notifies once, so the page re-renders once for both
 * (store updates render synchronously; two would be two blocking renders right after hydration).
 */
export function markInteractive(): void {
  siteState.interactive = true;
  if (typeof window === 'undefined') return;
  if (siteState.viewportWidth !== window.innerWidth) siteState.viewportWidth = window.innerWidth;
  // The handlers are attached: the page loader (src/loader/early-input.ts) stops holding clicks at once, before the
  // header says it is ready (a click as `data-ready` turns true is the app's own), and replays one it held in a task
  // of its own, after the re-render these two values cause.
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}

/**
 * Says that a part of the page that hydrates after the rest (its root marked `data-hydrates={name}`, e.g. the
 * footer) is hydrated, so the page loader (src/loader/early-input.ts) stops holding its clicks and replays, in a
 * task of its own, one that landed on one of its buttons meanwhile. Call it after the part's commit (an effect).
 * Raises nothing; does nothing without a document (server).
 */
export function markPartHydrated(name: string): void {
  if (typeof document === 'undefined') return;
  document.dispatchEvent(new CustomEvent(HYDRATED_EVENT, { detail: name }));
}

/** Keeps `viewportWidth` current (rAF-throttled resize listener). Returns a disposer. */
export function trackViewport(): () => void {
  let frame = 0;
  const onResize = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      siteState.viewportWidth = window.innerWidth;
    });
  };
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}
