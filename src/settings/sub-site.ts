/**
 * The current sub-site id (SPEC §1, default global 0), read through this one helper. It is the site store's `subSite`
 * (SPEC §1 sub-site resolution: `?sub_website_id`, then the `sub_website_id` cookie, then the host, then the common
 * site data).
 */
import { siteState, type SiteState } from '../state/site.ts';

/** Sub-site id of the page; `state` is injectable for tests. */
export function currentSubWebsiteId(state: Pick<SiteState, 'subSite'> = siteState): number {
  return state.subSite;
}
