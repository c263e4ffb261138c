/**
 * Start-up loading of site and session data (SPEC §3, §7): common site data, compliance check, menu data and user
 * info in parallel; then, when signed in, account mode and cross-margin info. Every call has its SPEC §8 fallback
 * from FALLBACKS (src/api/fallbacks.ts), logged and never thrown, so the header always renders. Site data, user info
 * and cross-margin info are stored as null after a failure (the stores report the failure; readers apply FALLBACKS).
 */
import { apiGet } from '../api/client.ts';
import { dataOr } from '../api/parse.ts';
import { FALLBACKS } from '../api/fallbacks.ts';
import { SITE_API, USER_API } from '../../common/wire/endpoints.ts';
import { CommonSiteData, ComplianceResult, MenuData } from '../../common/wire/site.ts';
import { AccountMode, CrossMarginInfo, UserInfo } from '../../common/wire/user.ts';
import { setAccountData, setUser } from '../state/session.ts';
import { setSiteData, siteState } from '../state/site.ts';
import { captureSignupQuery } from './signup-query.ts';
import { apiLanguage } from '../../common/domain/locales.ts';

let started: Promise<void> | undefined;

/**
 * Query for the site calls: the UI language in the back end's code (SPEC §9 locale mapping: zh → cn, …), and
 * `sub_website_id` when the page URL names one (first load) or an embedded element's `sub-site` attribute does
 * (`subSite`).
 */
function siteQuery(subSite?: number): Record<string, string | undefined> {
  const fromUrl = new URLSearchParams(location.search).get('sub_website_id');
  return {
    lang: apiLanguage(siteState.locale),
    sub_website_id: subSite !== undefined ? String(subSite) : (fromUrl ?? undefined),
  };
}

/**
 * Loads everything once (idempotent); resolves when the header has all it needs. Never rejects. `subSite` (an
 * embedded element's attribute, docs/EMBED.md) names the sub-site for the site calls; `fresh` loads again (the
 * element's sub-site or language changed).
 */
export function loadSiteAndSession(subSite?: number, fresh = false): Promise<void> {
  if (fresh) started = undefined;
  started ??= load(subSite);
  return started;
}

async function load(subSite?: number): Promise<void> {
  captureSignupQuery(location.search);
  const q = siteQuery(subSite);
  const [common, compliance, menu, info] = await Promise.all([
    apiGet(SITE_API.commonData, q),
    apiGet(SITE_API.compliance, q),
    apiGet(SITE_API.menuData, q),
    apiGet(USER_API.userInfo),
  ]);
  setSiteData(
    dataOr(common, CommonSiteData, null, 'common site data'),
    dataOr(compliance, ComplianceResult, FALLBACKS.compliance, 'compliance check'),
    dataOr(menu, MenuData, FALLBACKS.menuData, 'menu data'),
  );
  const user = dataOr(info, UserInfo, null, 'user info');
  if (user?.is_login) await loadAccountData();
  setUser(user, !info.ok);
}

async function loadAccountData(): Promise<void> {
  const [mode, cross] = await Promise.all([apiGet(USER_API.accountMode), apiGet(USER_API.crossMargin)]);
  setAccountData(
    dataOr(mode, AccountMode, FALLBACKS.accountMode, 'account mode'),
    dataOr(cross, CrossMarginInfo, null, 'cross-margin info'),
  );
}
