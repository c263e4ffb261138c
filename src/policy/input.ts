/**
 * Builds the policy's input from the fetched data (SPEC §3 shapes, common/wire), applying the SPEC §8 fallbacks of
 * src/api/fallbacks.ts for anything not loaded: compliance `[]`, business `[]`, account mode classic, is_sub 0. Pure.
 */
import { FALLBACKS } from '../api/fallbacks.ts';
import type { CommonSiteData, ComplianceResult, MenuData } from '../../common/wire/site.ts';
import type { AccountMode, CrossMarginInfo, UserInfo } from '../../common/wire/user.ts';
import type { SubSiteId } from '../../common/domain/sub-sites.ts';
import type { PolicyInput } from './types.ts';

/** What the app knows; null = not loaded or failed. */
export interface PolicySources {
  site: SubSiteId;
  siteData: Pick<CommonSiteData, 'isUKLimit' | 'isItalyLimit'> | null;
  user: UserInfo | null;
  /** Session still loading (and a `pver` cookie suggests a login). */
  sessionLoading: boolean;
  compliance: ComplianceResult | null;
  menu: MenuData | null;
  accountMode: AccountMode | null;
  crossMargin: CrossMarginInfo | null;
  /** `is_switch_tag` cookie present. */
  isSwitchTag: boolean;
  viewportWidth: number;
  /** Methods of the current pay-with fiat; absent until the fiat settings are known. */
  payWith?: PolicyInput['payWith'];
}

/** The policy input for these sources. */
export function policyInput(s: PolicySources): PolicyInput {
  const user = s.user ?? FALLBACKS.userInfo;
  const login = user.is_login;
  const compliance = s.compliance ?? FALLBACKS.compliance;
  const menu = s.menu ?? FALLBACKS.menuData;
  const accountMode = s.accountMode ?? FALLBACKS.accountMode;
  const siteData = s.siteData ?? FALLBACKS.commonSiteData;
  return {
    site: s.site,
    user: {
      isLogin: login,
      isSub: login && user.is_sub === 1,
      whiteListShow: login && user.white_list_show,
    },
    sessionLoading: s.sessionLoading,
    compliance: compliance.menu_list,
    isTr: compliance.limit.is_tr,
    business: menu.business_list,
    accountMode: {
      mode: accountMode.mode,
      firstOpen: accountMode.first_open,
      openFutures: accountMode.settings.usdt_futures,
    },
    crossMarginUid: (s.crossMargin ?? FALLBACKS.crossMargin).crossMarginUid,
    flags: {
      isUKLimit: siteData.isUKLimit,
      isItalyLimit: siteData.isItalyLimit,
      nftFlag: menu.nft_flag,
      isSwitchTag: s.isSwitchTag,
    },
    viewportWidth: s.viewportWidth,
    ...(s.payWith ? { payWith: s.payWith } : {}),
  };
}
