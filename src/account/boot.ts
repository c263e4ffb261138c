/**
 * Start-up loading of site and session data (SPEC §3, §7): common site data, compliance check, menu data and user
 * info in parallel; then, when signed in, account mode and cross-margin info. Every call has the SPEC §8 fallback
 * ({} / [] / classic / is_sub 0), logged and never thrown, so the header always renders.
 */
import { apiGet, parseOr } from '../api/client.ts';
import { API } from '../api/endpoints.ts';
import {
  DEFAULT_ACCOUNT_MODE,
  parseAccountMode,
  parseCommonSiteData,
  parseCompliance,
  parseCrossMargin,
  parseMenuData,
  parseUserInfo,
} from '../api/parse.ts';
import { setAccountData, setUser } from '../state/session.ts';
import { setSiteData, siteState } from '../state/site.ts';
import { captureSignupQuery } from './signup-query.ts';

let started: Promise<void> | undefined;

/** Query for the site calls: the UI language, and `sub_website_id` when the page URL names one (first load). */
function siteQuery(): Record<string, string | undefined> {
  const fromUrl = new URLSearchParams(location.search).get('sub_website_id');
  return { lang: siteState.locale, sub_website_id: fromUrl ?? undefined };
}

/** Loads everything once (idempotent); resolves when the header has all it needs. Never rejects. */
export function loadSiteAndSession(): Promise<void> {
  started ??= load();
  return started;
}

async function load(): Promise<void> {
  captureSignupQuery(location.search);
  const q = siteQuery();
  const [common, compliance, menu, info] = await Promise.all([
    apiGet(API.commonData, q),
    apiGet(API.compliance, q),
    apiGet(API.menuData, q),
    apiGet(API.userInfo),
  ]);
  setSiteData(
    parseOr(common, parseCommonSiteData, null, 'common site data'),
    parseOr(compliance, parseCompliance, { menu_list: [], limit: { is_tr: false } }, 'compliance check'),
    parseOr(menu, parseMenuData, { business_list: [], nft_flag: '0' }, 'menu data'),
  );
  const user = parseOr(info, parseUserInfo, null, 'user info');
  if (user?.is_login) await loadAccountData();
  setUser(user, !info.ok);
}

async function loadAccountData(): Promise<void> {
  const [mode, cross] = await Promise.all([apiGet(API.accountMode), apiGet(API.crossMargin)]);
  setAccountData(
    parseOr(mode, parseAccountMode, DEFAULT_ACCOUNT_MODE, 'account mode'),
    parseOr(cross, parseCrossMargin, null, 'cross-margin info'),
  );
}
