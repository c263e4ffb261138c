/**
 * Validation of site and session responses (SPEC §8: invalid data falls back, never throws). Each parser takes the
 * raw JSON body (`{code, data}` envelope), and returns the typed value with defaults for missing fields, or null when
 * the body is not a successful envelope with an object `data`. Pure.
 */
import type {
  AccountMode,
  CommonSiteData,
  ComplianceResult,
  CrossMarginInfo,
  MenuData,
  UserInfo,
} from './types.ts';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** `data` of a `{code: 200|0, data: {...}}` envelope, else null. */
export function envelopeData(body: unknown): Obj | null {
  if (!isObj(body)) return null;
  if (body.code !== undefined && body.code !== 200 && body.code !== 0) return null;
  return isObj(body.data) ? body.data : null;
}
const str = (v: unknown, d = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d;
const num = (v: unknown, d = 0): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : d;
};
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
function strRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObj(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}
function numRecord(v: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (isObj(v))
    for (const [k, x] of Object.entries(v)) if (typeof x === 'number' && Number.isFinite(x)) out[k] = x;
  return out;
}

/** Common site data with SPEC defaults (curr_fiat USD, sub_website_id 0). */
export function parseCommonSiteData(body: unknown): CommonSiteData | null {
  const d = envelopeData(body);
  if (!d) return null;
  const fiat: CommonSiteData['fiat_list'] = {};
  if (isObj(d.fiat_list)) {
    for (const [code, v] of Object.entries(d.fiat_list)) {
      if (isObj(v) && typeof v.fiat === 'string')
        fiat[code] = { fiat: v.fiat, symbol: str(v.symbol, v.fiat) };
    }
  }
  const currFiat = str(d.curr_fiat, 'USD') || 'USD';
  return {
    lang_list: strRecord(d.lang_list),
    fiat_list: fiat,
    lang_prefix: str(d.lang_prefix),
    sub_website_id: num(d.sub_website_id, 0),
    site: num(d.site, 0),
    isLogin: bool(d.isLogin),
    is_service_host: bool(d.is_service_host),
    curr_fiat: currFiat,
    currency_count: num(d.currency_count, 0),
    defaultBuyCryptoFiat: str(d.defaultBuyCryptoFiat, currFiat) || currFiat,
    defaultP2PFiat: str(d.defaultP2PFiat, currFiat) || currFiat,
    curr_fiat_market_rates: numRecord(d.curr_fiat_market_rates),
    is_copper: bool(d.is_copper),
    is_phone: bool(d.is_phone),
    isUKLimit: bool(d.isUKLimit),
    isItalyLimit: bool(d.isItalyLimit),
    isBrazilToast: bool(d.isBrazilToast),
    isNlLimit: bool(d.isNlLimit),
    isHKUser: bool(d.isHKUser),
    isLTWToast: bool(d.isLTWToast),
    isUzbekistanToast: bool(d.isUzbekistanToast),
    isWithdrawOnlyUser: bool(d.isWithdrawOnlyUser),
    kyc_toast: bool(d.kyc_toast),
    limitCountryUserStatus: num(d.limitCountryUserStatus, 0),
    isShowComplianceTips: bool(d.isShowComplianceTips),
    isBlockedCountry: bool(d.isBlockedCountry),
  };
}

/** Menu data; fallback (caller's) is an empty business list and NFT flag '0'. */
export function parseMenuData(body: unknown): MenuData | null {
  const d = envelopeData(body);
  if (!d) return null;
  return { business_list: strList(d.business_list), nft_flag: str(d.nft_flag, '0') };
}

/** Compliance check; `menu_list` must be an array (else null: the caller falls back to `[]`). */
export function parseCompliance(body: unknown): ComplianceResult | null {
  const d = envelopeData(body);
  if (!d || !Array.isArray(d.menu_list)) return null;
  return { menu_list: strList(d.menu_list), limit: { is_tr: isObj(d.limit) && bool(d.limit.is_tr) } };
}

/** User info; null unless the envelope is valid. `is_login` false (or absent) means anonymous. */
export function parseUserInfo(body: unknown): UserInfo | null {
  const d = envelopeData(body);
  if (!d) return null;
  const login = bool(d.is_login) || bool(d.isLogin);
  const isSub = num(d.is_sub, 0) === 1 ? 1 : 0;
  return {
    is_login: login,
    isLogin: login,
    uid: str(d.uid),
    nickname: str(d.nickname),
    user_nick: str(d.user_nick),
    user_avatar: str(d.user_avatar),
    tier_level: Math.max(0, Math.trunc(num(d.tier_level, 0))),
    tier_all_trade_usdt: str(d.tier_all_trade_usdt) || '0.00',
    total_usd: str(d.total_usd, '0'),
    tier_next_progress: Math.min(100, Math.max(0, num(d.tier_next_progress, 0))),
    tier_next_usdt: str(d.tier_next_usdt),
    tier_next_fiat: str(d.tier_next_fiat),
    curr_fiat: str(d.curr_fiat, 'USD') || 'USD',
    tier_next_gt_min: str(d.tier_next_gt_min),
    tier_next_gt_only: str(d.tier_next_gt_only),
    tier_next_asset_only_usd: str(d.tier_next_asset_only_usd),
    verified: str(d.verified, '0'),
    safe_level: num(d.safe_level, 0),
    is_sub: isSub,
    is_sub_account: bool(d.is_sub_account) || isSub === 1,
    white_list_show: bool(d.white_list_show),
  };
}

/** The SPEC §8 default account mode: classic, nothing opened. */
export const DEFAULT_ACCOUNT_MODE: AccountMode = {
  mode: 'classic',
  support_unified: false,
  first_open: true,
  auto_borrow: false,
  auto_repay: false,
  settings: { options: false, usdt_futures: false, spot_hedge: false, use_funding: false },
};

const MODES: readonly AccountMode['mode'][] = ['classic', 'single_currency', 'multi_currency', 'portfolio'];

/** Account mode; an unknown `mode` is classic. */
export function parseAccountMode(body: unknown): AccountMode | null {
  const d = envelopeData(body);
  if (!d) return null;
  const s = isObj(d.settings) ? d.settings : {};
  const mode = MODES.find((m) => m === d.mode) ?? 'classic';
  return {
    mode,
    support_unified: bool(d.support_unified),
    first_open: d.first_open === undefined ? false : bool(d.first_open),
    auto_borrow: bool(d.auto_borrow),
    auto_repay: bool(d.auto_repay),
    settings: {
      options: bool(s.options),
      usdt_futures: bool(s.usdt_futures),
      spot_hedge: bool(s.spot_hedge),
      use_funding: bool(s.use_funding),
    },
  };
}

/** Cross-margin info. */
export function parseCrossMargin(body: unknown): CrossMarginInfo | null {
  const d = envelopeData(body);
  if (!d) return null;
  return {
    userTier: num(d.userTier, 0),
    userSpotBalance: str(d.userSpotBalance, '0'),
    crossMarginUid: num(d.crossMarginUid, 0),
  };
}
