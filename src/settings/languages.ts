/**
 * Language and region choices (SPEC §2 'Language and region modal', §4 Turkish switch). Pure: names, link targets
 * and the Turkish-switch decision, tested in node. The names equal server/settings-data.ts `langList()` (a test
 * keeps them in step); they are bundled so the grid renders before any site data arrives.
 */
import { LOCALES, type Locale } from '../../common/domain/locales.ts';
import { langPrefixFor } from '../../common/domain/route.ts';
import { subSiteHref, type SiteOrigin } from '../../common/domain/site-links.ts';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';
import { safePath } from '../../common/url-policy.ts';

/** Each UI locale's own name, capitalised (CLDR 48 autonyms; `lang_list`, SPEC §3). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  zh: '简体中文',
  'zh-tw': '繁體中文',
  vi: 'Tiếng Việt',
  es: 'Español',
  ru: 'Русский',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  'pt-br': 'Português (Brasil)',
  th: 'ไทย',
  id: 'Indonesia',
  tr: 'Türkçe',
  ja: '日本語',
  ar: 'العربية',
  uk: 'Українська',
};

/** The grid order: LOCALES order. */
export const LANGUAGE_ORDER: readonly Locale[] = LOCALES;

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

/** SPEC §4: switching to Turkish from a non-Turkey sub-site asks first; on the Turkey site, and for other languages, it is direct. */
export function languageSwitchMode(target: Locale, subWebsiteId: number): 'confirm-turkey' | 'direct' {
  return target === 'tr' && subWebsiteId !== SUB_SITE.TURKEY ? 'confirm-turkey' : 'direct';
}
