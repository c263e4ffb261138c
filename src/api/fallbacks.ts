/**
 * SPEC §8 fallbacks, in one table: what the app uses when a call fails, is slow (> 4 s) or answers invalid data —
 * `{}` (the SPEC defaults of the answer's schema), `[]`, the classic account mode, `is_sub` 0. The boot loader
 * (src/account/boot.ts) stores these after a failure and the policy input (src/policy/input.ts) reads them for data
 * not loaded yet. The table is frozen; its values are what the common/wire schemas give for an empty answer.
 */
import { PAY_WITH_FALLBACK } from '../../common/wire/buy.ts';
import type { SwitchAccounts } from '../../common/wire/header.ts';
import { CommonSiteData, ComplianceResult, FiatRates, MenuData } from '../../common/wire/site.ts';
import { AccountMode, CrossMarginInfo, UserInfo } from '../../common/wire/user.ts';
import type { Bulletin } from '../../common/wire/messages.ts';

const AccountModeFallback: AccountMode = {
  ...AccountMode.parse({}),
  // Nothing opened yet: the unified-account entry shows its 'open' state (SPEC §6).
  first_open: true,
};

/** The SPEC §8 fallback of each site and session answer. */
export const FALLBACKS = Object.freeze({
  /** `{}`: curr_fiat USD, sub_website_id 0, site 0, every flag off. */
  commonSiteData: CommonSiteData.parse({}),
  /** `[]`: no feature hidden by compliance; not the Turkey limit. */
  compliance: ComplianceResult.parse({ menu_list: [] }),
  /** `[]`: no business list; NFT flag '0'. */
  menuData: MenuData.parse({}),
  /** Anonymous: is_login false, is_sub 0. */
  userInfo: UserInfo.parse({}),
  /** Classic, nothing opened. */
  accountMode: AccountModeFallback,
  /** crossMarginUid 0 (no cross-margin entries). */
  crossMargin: CrossMarginInfo.parse({}),
  /** No rates: prices stay in USDT. */
  fiatRates: FiatRates.parse({}),
  /** No announcement: the bar does not show (a failed message list is `[]`, shown as 'no data'). */
  bulletin: { announcement: null } as Bulletin,
  /** SPEC §3 pay-with fallback: USD with card, bank transfer and P2P. */
  buyCryptoFiatSetting: PAY_WITH_FALLBACK,
  /** No other accounts to switch to. */
  switchAccounts: { list: [] } as SwitchAccounts,
});
