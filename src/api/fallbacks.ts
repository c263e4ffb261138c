/**
 * SPEC §8 fallbacks, in one table: what the app uses when a call fails, is slow (> 4 s) or answers invalid data —
 * `{}` (the SPEC defaults of the answer's schema), `[]`, the classic account mode, `is_sub` 0. The boot loader
 * (src/account/boot.ts) stores these after a failure and the policy input (src/policy/input.ts) reads them for data
 * not loaded yet. The table is frozen; its values are what the common/wire schemas give for an empty answer.
 */
import type { FiatSetting } from '../../common/wire/buy.ts';
import type { SwitchAccounts } from '../../common/wire/header.ts';
import type { CommonSiteData, ComplianceResult, FiatRates, MenuData } from '../../common/wire/site.ts';
import type { AccountMode, CrossMarginInfo, UserInfo } from '../../common/wire/user.ts';
import type { Bulletin } from '../../common/wire/messages.ts';

// The values are written out rather than derived with `Schema.parse({})` so the first load needs no schema library:
// tests/api/fallbacks.test.ts checks each one equals what its schema gives for an empty answer.

const COMMON_SITE_DATA: CommonSiteData = {
  lang_list: {},
  fiat_list: {},
  lang_prefix: '',
  sub_website_id: 0,
  site: 0,
  isLogin: false,
  is_service_host: false,
  curr_fiat: 'USD',
  currency_count: 0,
  defaultBuyCryptoFiat: 'USD',
  defaultP2PFiat: 'USD',
  curr_fiat_market_rates: {},
  is_copper: false,
  is_phone: false,
  isUKLimit: false,
  isItalyLimit: false,
  isBrazilToast: false,
  isNlLimit: false,
  isHKUser: false,
  isLTWToast: false,
  isUzbekistanToast: false,
  isWithdrawOnlyUser: false,
  kyc_toast: false,
  limitCountryUserStatus: 0,
  isShowComplianceTips: false,
  isBlockedCountry: false,
};

const USER_INFO: UserInfo = {
  is_login: false,
  isLogin: false,
  uid: '',
  nickname: '',
  user_nick: '',
  user_avatar: '',
  tier_level: 0,
  tier_all_trade_usdt: '0.00',
  total_usd: '0',
  tier_next_progress: 0,
  tier_next_usdt: '',
  tier_next_fiat: '',
  curr_fiat: 'USD',
  tier_next_gt_min: '',
  tier_next_gt_only: '',
  tier_next_asset_only_usd: '',
  verified: '0',
  safe_level: 0,
  is_sub: 0,
  is_sub_account: false,
  white_list_show: false,
};

const AccountModeFallback: AccountMode = {
  mode: 'classic',
  support_unified: false,
  // Nothing opened yet: the unified-account entry shows its 'open' state (SPEC §6).
  first_open: true,
  auto_borrow: false,
  auto_repay: false,
  settings: { options: false, usdt_futures: false, spot_hedge: false, use_funding: false },
};

/** SPEC §3 pay-with fallback: USD with card, bank transfer and P2P (common/wire/buy.ts PAY_WITH_FALLBACK). */
const PAY_WITH: readonly FiatSetting[] = Object.freeze([
  Object.freeze({ fiat: 'USD', credit_card: true, bank_transfer: true, p2p: true }),
]);

/** The SPEC §8 fallback of each site and session answer. */
export const FALLBACKS = Object.freeze({
  /** `{}`: curr_fiat USD, sub_website_id 0, site 0, every flag off. */
  commonSiteData: COMMON_SITE_DATA,
  /** `[]`: no feature hidden by compliance; not the Turkey limit. */
  compliance: { menu_list: [], limit: { is_tr: false } } satisfies ComplianceResult,
  /** `[]`: no business list; NFT flag '0'. */
  menuData: { business_list: [], nft_flag: '0' } satisfies MenuData,
  /** Anonymous: is_login false, is_sub 0. */
  userInfo: USER_INFO,
  /** Classic, nothing opened. */
  accountMode: AccountModeFallback,
  /** crossMarginUid 0 (no cross-margin entries). */
  crossMargin: { userTier: 0, userSpotBalance: '0', crossMarginUid: 0 } satisfies CrossMarginInfo,
  /** No rates: prices stay in USDT. */
  fiatRates: {} satisfies FiatRates as FiatRates,
  /** No announcement: the bar does not show (a failed message list is `[]`, shown as 'no data'). */
  bulletin: { announcement: null } as Bulletin,
  /** SPEC §3 pay-with fallback: USD with card, bank transfer and P2P. */
  buyCryptoFiatSetting: PAY_WITH,
  /** No other accounts to switch to. */
  switchAccounts: { list: [] } as SwitchAccounts,
});
