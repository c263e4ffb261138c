/**
 * Links that cross to another sub-site (SPEC §1 sub-sites, §2 'Language links go to the main site', §2 'Turkey-site
 * link', §4 the Turkish question). ONE rule for all of them: the target site's home as `subSiteHomeHref` gives it
 * (the target's host on a real domain; on localhost or an IP this origin with `?sub_website_id=N`), with the page's
 * path and query grafted on. A link to the page's own sub-site stays a same-origin path. Pure and realm-neutral.
 */
import { safePath } from '../url-policy.ts';
import { subSiteHomeHref, type SubSiteId } from './sub-sites.ts';

/** The query parameter that selects a sub-site on localhost (server/page-cookies.ts keeps it in a cookie). */
const SITE_PARAM = 'sub_website_id';

/** Where a link starts from: the page's sub-site and host (`location.host`, or the server's view of it). */
export interface SiteOrigin {
  site: SubSiteId;
  host: string;
}

/**
 * `pathAndQuery` (a same-origin path with optional query, `/tr/trade/BTC_USDT?tab=1`) on sub-site `target`, seen
 * from `from`: the path itself when `target` is the page's own site; else on the target's host
 * (`https://tr.exchange.example/tr/trade/BTC_USDT?tab=1`), or locally the path with `sub_website_id` set to the
 * target. A `sub_website_id` the page had is replaced or dropped, so it never contradicts the target. A path the URL
 * policy refuses becomes the site's home (`/`). Never throws.
 */
export function subSiteHref(target: SubSiteId, pathAndQuery: string, from: SiteOrigin): string {
  const safe = safePath(pathAndQuery) ?? '/';
  if (target === from.site) return safe;
  const home = subSiteHomeHref(target, from.host);
  const local = home.startsWith('/');
  const url = new URL(safe, local ? 'https://same-origin.invalid' : home);
  url.searchParams.delete(SITE_PARAM);
  if (!local) return url.href;
  url.searchParams.set(SITE_PARAM, String(target));
  return `${url.pathname}${url.search}${url.hash}`;
}
