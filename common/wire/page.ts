/**
 * What the site server hands the server render of a page, and what it gets back (ARCHITECTURE.md 'The reference server';
 * SPEC §3): where the page is, the sub-site, the site and session answers (the shapes the API serves, parsed with
 * these wire schemas), the raw preference cookies, and the server's guesses of what only a browser knows. The server
 * (server/ssr/) builds a ServerPageData; the render (src/entry-server.tsx) turns it into markup plus the boot data the
 * client hydrates from (src/state/boot-data.ts). Realm-neutral.
 */
import type { Locale } from '../domain/locales.ts';
import type { SubSiteId } from '../domain/sub-sites.ts';
import type { CommonSiteData, ComplianceResult, MenuData } from './site.ts';
import type { AccountMode, CrossMarginInfo, UserInfo } from './user.ts';
import type { Announcement } from './messages.ts';

/** Element id of the page's embedded boot data (`<script type="application/json" id="mh-boot">`). */
export const BOOT_DATA_ID = 'mh-boot';

/** The request as the server render needs it. JSON-safe. */
export interface ServerPageData {
  locale: Locale;
  langPrefix: string;
  /** Path without the language prefix (SPEC §2). */
  path: string;
  /** The URL's query string (`?a=1` or ''), host and origin as the client will see them. */
  search: string;
  host: string;
  origin: string;
  /** The server's guess of the viewport width, px (corrected by the client after hydration). */
  viewportWidth: number;
  subSite: SubSiteId;
  /** Site answers; null when that source failed (the SPEC §8 fallbacks then apply, as on the client). */
  siteData: CommonSiteData | null;
  compliance: ComplianceResult | null;
  menuData: MenuData | null;
  /** Signed-in user, or null when anonymous; account mode and cross-margin info only when signed in. */
  user: UserInfo | null;
  accountMode: AccountMode | null;
  crossMargin: CrossMarginInfo | null;
  /**
   * The footer's popular coins (SPEC §2 'Footer'), as `GET SITE_API.popularCoins` answers them; null when the server
   * has none to give (the client then loads them as on a client-rendered page).
   */
  popularCoins: Array<{ currency: string; name: string; slug: string }> | null;
  /**
   * The page's site-wide announcement (SPEC §2 'Announcement banner on page /', §7 fullsiteBulletin), as the API
   * answers it for this page key and locale: null when the page has none; absent when the server did not embed it
   * (the client then fetches it as on a client-rendered page). Its `content` is unsanitised HTML, as on the wire.
   */
  announcement?: Announcement | null;
  /** `pver` / `is_switch_tag` cookies present (SPEC §1, §4). */
  hasSessionHint: boolean;
  isSwitchTag: boolean;
  /** The request's cookies by name (the render reads the preference cookies from them; HttpOnly ones are left out). */
  cookies: Record<string, string>;
  /** The client hint `Sec-CH-Prefers-Color-Scheme: dark` was sent. */
  prefersDark: boolean;
}

/** The server render's answer: markup for `#root`, the boot data JSON (`<`-escaped) and the theme for `<html>`. */
export interface RenderedPage {
  html: string;
  bootJson: string;
  theme: 'light' | 'dark';
}
