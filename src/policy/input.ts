/**
 * Builds the policy's input from the fetched data (SPEC §3 shapes, src/api/types.ts), applying the SPEC §8
 * fallbacks for anything missing: compliance `[]`, business `[]`, account mode classic, is_sub 0. Pure.
 */
import type {
  AccountMode,
  CommonSiteData,
  ComplianceResult,
  CrossMarginInfo,
  MenuData,
  UserInfo,
} from '../api/types.ts';
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
}

/** The policy input for these sources. */
export function policyInput(s: PolicySources): PolicyInput {
  const login = s.user?.is_login ?? false;
  return {
    site: s.site,
    user: {
      isLogin: login,
      isSub: login && s.user?.is_sub === 1,
      whiteListShow: login && (s.user?.white_list_show ?? false),
    },
    sessionLoading: s.sessionLoading,
    compliance: s.compliance?.menu_list ?? [],
    isTr: s.compliance?.limit.is_tr ?? false,
    business: s.menu?.business_list ?? [],
    accountMode: {
      mode: s.accountMode?.mode ?? 'classic',
      firstOpen: s.accountMode?.first_open ?? true,
      openFutures: s.accountMode?.settings.usdt_futures ?? false,
    },
    crossMarginUid: s.crossMargin?.crossMarginUid ?? 0,
    flags: {
      isUKLimit: s.siteData?.isUKLimit ?? false,
      isItalyLimit: s.siteData?.isItalyLimit ?? false,
      nftFlag: s.menu?.nft_flag ?? '0',
      isSwitchTag: s.isSwitchTag,
    },
    viewportWidth: s.viewportWidth,
  };
}
