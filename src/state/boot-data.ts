/**
 * The page's boot data (ARCHITECTURE.md 'The reference server', SPEC §3): everything the server used to render the header —
 * where the page is, the sub-site, the common site data, the compliance check, the menu data, the session and the
 * display preferences — embedded once in the HTML as `<script type="application/json" id="mh-boot">`. The client
 * seeds its stores from it synchronously before `hydrateRoot`, so the first client render equals the server's.
 *
 * Realm-neutral: the server render derives it from the site server's page data (common/wire/page.ts) in
 * src/entry-server.tsx; the browser reads it in src/main.tsx.
 */
import { ref } from 'valtio/vanilla';
import { isSubSiteId } from '../../common/domain/sub-sites.ts';
import { BOOT_DATA_ID, type ServerPageData } from '../../common/wire/page.ts';
import { COOKIE, memoryCookies } from '../lib/cookies.ts';
import { prefsState, readPrefs, type PrefsState } from './prefs.ts';
import { sessionState, type SessionState } from './session.ts';
import { RESTRICTED_NOTICE_COOKIE, siteState, type SiteState } from './site.ts';
import { renderedViewport, setRenderedViewportWidth } from './rendered-viewport.ts';
import { popularCoinsSeedHolder, setPopularCoinsSeed } from './popular-coins-seed.ts';
import { isSeededAnnouncement, setAnnouncementSeed } from './announcement-seed.ts';
import { announcementPageKey } from '../../common/domain/announcement.ts';

export { BOOT_DATA_ID };

/**
 * The embedded data (JSON-safe): the server's page data without the raw cookies, plus what the client derives from
 * them — the display preferences (SPEC §3 'Preferences') and the pay-with fiat cookie.
 */
export interface BootData extends Omit<ServerPageData, 'cookies' | 'prefersDark'> {
  prefs: PrefsState;
  /** `default_buy_crypto_fiat` cookie (validated ISO 4217 code), '' when none. */
  buyFiat: string;
  /**
   * The catalogues the server render used, by locale then namespace (src/i18n/embed.ts): the page locale's, English
   * included, plus English where the locale lacks a string; null until rendered. The client's i18n starts
   * synchronously from them and the page hydrates before `load` (no catalogue round trip; SPEC §3 locales).
   */
  catalogues: Record<string, Record<string, Record<string, unknown>>> | null;
  /** The restricted-location notice's session cookie is set (SPEC §8). */
  restrictedNoticeClosed: boolean;
}

/** The boot data for the server's page data: preferences read from its cookies by the client's own rules. */
export function bootDataFrom(page: ServerPageData): BootData {
  const { cookies, prefersDark, ...rest } = page;
  const buyFiat = (cookies[COOKIE.buyCryptoFiat] ?? '').toUpperCase();
  return {
    ...rest,
    prefs: readPrefs(memoryCookies(cookies), page.locale, prefersDark),
    buyFiat: /^[A-Z]{3}$/.test(buyFiat) ? buyFiat : '',
    restrictedNoticeClosed: cookies[RESTRICTED_NOTICE_COOKIE] === '1',
    catalogues: null,
  };
}

/** JSON for a `<script type="application/json">`: `<` is escaped so no `</script>` or `<!--` can end the block. */
export function serializeBootData(data: BootData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Fields holding a site or session answer: each must be an object or null. */
const ANSWER_FIELDS = ['siteData', 'compliance', 'menuData', 'user', 'accountMode', 'crossMargin'] as const;

/** The reasons `raw` is not boot data ([] when it is); a shape check, see readBootData. */
function shapeProblems(raw: Partial<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  if (typeof raw.subSite !== 'number' || !isSubSiteId(raw.subSite)) problems.push('subSite');
  if (typeof raw.path !== 'string') problems.push('path');
  if (typeof raw.prefs !== 'object' || raw.prefs === null) problems.push('prefs');
  if (typeof raw.catalogues !== 'object') problems.push('catalogues');
  if (!isSeededAnnouncement(raw.announcement)) problems.push('announcement');
  for (const key of ANSWER_FIELDS) {
    const value = raw[key];
    if (value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value)))
      problems.push(key);
  }
  return problems;
}

/**
 * Reads the embedded data of `doc` (the document, or an embedded element's server-rendered shadow root). Returns null when there is none (client-rendered shell: dev, `vite preview`, the
 * SPEC §8 SSR fallback) or when it is malformed (logged; the caller renders from scratch). The answers in it were
 * produced by the server's own data functions for this very response, so the client checks their shape only (objects
 * or null), not each field with the wire schemas: the first load carries no schema library, and data the server
 * wrote into its own page is trusted as much as the page's markup.
 */
export function readBootData(doc: Pick<Document, 'getElementById'> = document): BootData | null {
  const el = doc.getElementById(BOOT_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const raw = JSON.parse(el.textContent) as BootData;
    const problems =
      typeof raw === 'object' && raw !== null ? shapeProblems(raw as never) : ['not an object'];
    if (problems.length) throw new Error(`boot data: invalid ${problems.join(', ')}`);
    const answers = Object.fromEntries(ANSWER_FIELDS.map((key) => [key, raw[key] ?? null]));
    return { ...raw, ...answers } as BootData;
  } catch (err) {
    console.error('[boot] ignoring embedded data', err);
    return null;
  }
}

/** The stores boot data seeds: the page's singletons in the browser, a render's own copies on the server. */
export interface BootTargets {
  site: SiteState;
  session: SessionState;
  prefs: PrefsState;
  viewport: typeof renderedViewport;
  popularCoins: typeof popularCoinsSeedHolder;
}

/** The browser's stores (the module singletons). */
export const PAGE_STORES: BootTargets = {
  site: siteState,
  session: sessionState,
  prefs: prefsState,
  viewport: renderedViewport,
  popularCoins: popularCoinsSeedHolder,
};

/**
 * Seeds the site, session and preference stores (`into`, default the browser's PAGE_STORES) from `data`
 * (synchronous; call before the first render). The site data is marked ready (or error when the server's data source
 * failed) exactly as the API loader would leave it. The announcement seed is the browser's only: the bar loads it in
 * an effect, which a server render never runs.
 */
export function applyBootData(data: BootData, into: BootTargets = PAGE_STORES): void {
  setRenderedViewportWidth(data.viewportWidth, into.viewport);
  setPopularCoinsSeed(data.popularCoins ?? null, into.popularCoins);
  if (into === PAGE_STORES)
    setAnnouncementSeed(announcementPageKey(data.path), data.locale, data.announcement);
  Object.assign(into.site, {
    locale: data.locale,
    langPrefix: data.langPrefix,
    path: data.path,
    search: data.search,
    host: data.host,
    origin: data.origin,
    viewportWidth: data.viewportWidth,
    subSite: data.subSite,
    restrictedNoticeClosed: data.restrictedNoticeClosed === true,
    siteData: data.siteData
      ? {
          ...data.siteData,
          lang_list: ref(data.siteData.lang_list),
          fiat_list: ref(data.siteData.fiat_list),
          curr_fiat_market_rates: ref(data.siteData.curr_fiat_market_rates),
        }
      : null,
    siteStatus: data.siteData ? 'ready' : 'error',
    compliance: data.compliance,
    menuData: data.menuData,
  });
  Object.assign(into.session, {
    status: 'ready',
    user: data.user?.is_login ? data.user : null,
    accountMode: data.accountMode,
    crossMargin: data.crossMargin,
    hasSessionHint: data.hasSessionHint,
    isSwitchTag: data.isSwitchTag,
  });
  // The theme of a visitor who never chose one follows the system scheme, which only the browser knows; it is not
  // part of the closed header's markup, so the client keeps its own value.
  Object.assign(into.prefs, {
    ...data.prefs,
    theme: data.prefs.themeChanged ? data.prefs.theme : into.prefs.theme,
  });
}
