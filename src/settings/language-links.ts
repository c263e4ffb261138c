/**
 * Where the language grid and the Turkish question link to (SPEC §2 'Language links go to the main site', §4). Its
 * own module, so the cross-site rule loads with the language panel (./LanguagePanel.tsx, ./TurkishActions.tsx) and
 * not with the header's first load, which needs only the names (./languages.ts). Pure.
 */
import type { Locale } from '../../common/domain/locales.ts';
import { langPrefixFor } from '../../common/domain/route.ts';
import { subSiteHref, type SiteOrigin } from '../../common/domain/site-links.ts';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';
import { safePath } from '../../common/url-policy.ts';

/**
 * Where a language link goes (SPEC §2): the main site with the language path segment plus the current path and
 * query, `/ja/trade/BTC_USDT`; English has no prefix (`/trade/BTC_USDT`). The current path comes from the address
 * bar, so it is normalised by the one URL policy (leading `/` and `\` runs collapse, `.`/`%2e` segments resolve): the
 * path is always a same-origin path, and the language's home when the path cannot be made one. With `from` (the
 * page's sub-site and host), a page on a regional sub-site links to the main site by the one cross-site rule
 * (common/domain/site-links.ts `subSiteHref`), except Turkish on the Turkey site, which switches there directly
 * (SPEC §4). Without `from`, the path alone.
 */
export function languageHref(locale: Locale, path: string, search = '', from?: SiteOrigin): string {
  const prefix = langPrefixFor(locale);
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  // Normalised before the prefix goes on, so `..` can never climb out of the language segment.
  const normal = safePath(`/${path.replace(/^[/\\]+/, '')}${query}`) ?? '/';
  const href = !prefix ? normal : /^\/(?:[?#]|$)/.test(normal) ? prefix + normal.slice(1) : prefix + normal;
  if (!from) return href;
  const stays = locale === 'tr' && from.site === SUB_SITE.TURKEY;
  return subSiteHref(stays ? SUB_SITE.TURKEY : SUB_SITE.GLOBAL, href, from);
}

/**
 * The Turkey site in Turkish (SPEC §4 'go to the Turkey site'), by the same cross-site rule as the header's Turkey
 * link: the Turkey host on a real domain; on localhost this origin with `?sub_website_id=177` (the server stores it
 * in the sub_website_id cookie, server/page-cookies.ts). `from` defaults to the global site on localhost.
 */
export function turkeySiteHref(
  path: string,
  search = '',
  from: SiteOrigin = { site: SUB_SITE.GLOBAL, host: '' },
): string {
  return subSiteHref(SUB_SITE.TURKEY, languageHref('tr', path, search), from);
}
