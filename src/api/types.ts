/**
 * Shapes of the site and session data (SPEC §3), shared by the reference server (which produces them) and the app
 * (which validates them with src/api/parse.ts). Types only; field names follow the exchange's API.
 */

/** Common site data (SPEC §3). Served at GET /api/web/v1/site/common_data (docs/API.md). */
export interface CommonSiteData {
  /** Locale code → its own name, capitalised (`es` → `Español`). */
  lang_list: Record<string, string>;
  /** Fiat code → `{fiat, symbol}`. */
  fiat_list: Record<string, { fiat: string; symbol: string }>;
  lang_prefix: string;
  sub_website_id: number;
  /** SPEC §1 second site parameter: Turkey 2, Malta 3, else 0. */
  site: number;
  isLogin: boolean;
  is_service_host: boolean;
  /** Default USD. */
  curr_fiat: string;
  currency_count: number;
  defaultBuyCryptoFiat: string;
  defaultP2PFiat: string;
  /** Fiat per 1 USDT. */
  curr_fiat_market_rates: Record<string, number>;
  is_copper: boolean;
  is_phone: boolean;
  isUKLimit: boolean;
  isItalyLimit: boolean;
  isBrazilToast: boolean;
  isNlLimit: boolean;
  isHKUser: boolean;
  isLTWToast: boolean;
  isUzbekistanToast: boolean;
  isWithdrawOnlyUser: boolean;
  kyc_toast: boolean;
  limitCountryUserStatus: number;
  isShowComplianceTips: boolean;
  isBlockedCountry: boolean;
}

/** Menu data (GET /api/web/v1/site/menu_data): the business list and the NFT flag. */
export interface MenuData {
  business_list: string[];
  /** '1' hides the NFT link (SPEC §6). */
  nft_flag: string;
}

/** Compliance check (GET /api/web/v1/site/compliance_check): hidden-feature keys and the Turkey limit. */
export interface ComplianceResult {
  menu_list: string[];
  limit: { is_tr: boolean };
}

/** User info (SPEC §3), GET /api/web/v1/usercenter/get_info. Anonymous: `is_login: false`, `is_sub: 0`. */
export interface UserInfo {
  is_login: boolean;
  isLogin: boolean;
  uid: string;
  nickname: string;
  user_nick: string;
  user_avatar: string;
  tier_level: number;
  tier_all_trade_usdt: string;
  total_usd: string;
  /** Percent 0–100. */
  tier_next_progress: number;
  tier_next_usdt: string;
  tier_next_fiat: string;
  curr_fiat: string;
  tier_next_gt_min: string;
  tier_next_gt_only: string;
  tier_next_asset_only_usd: string;
  /** '1' and '4' show the verified tick. */
  verified: string;
  /** ≤ 1 shows the 'too weak' warning. */
  safe_level: number;
  /** 1 = sub-account. */
  is_sub: number;
  is_sub_account: boolean;
  white_list_show: boolean;
}

/** Account mode (SPEC §3), GET /apiw/v2/unified/account_mode. */
export interface AccountMode {
  mode: 'classic' | 'single_currency' | 'multi_currency' | 'portfolio';
  support_unified: boolean;
  first_open: boolean;
  auto_borrow: boolean;
  auto_repay: boolean;
  settings: { options: boolean; usdt_futures: boolean; spot_hedge: boolean; use_funding: boolean };
}

/** Cross-margin info (SPEC §3), GET /apiweb/v1/spot/cross_margin/info. */
export interface CrossMarginInfo {
  userTier: number;
  userSpotBalance: string;
  crossMarginUid: number;
}

/** The exchange's envelope: `{code: 200, message, data}`. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}
