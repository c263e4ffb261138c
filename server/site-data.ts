/**
 * Site data of the reference server (SPEC §3 'Common site data', compliance check, menu data) per sub-site and
 * session. The per-site compliance lists and local fiats below are the demo's regulatory model, documented in
 * docs/API.md; language and fiat lists and rates come from server/settings-data.ts (SPEC §4, real CLDR data).
 */
import type { CommonSiteData, ComplianceResult, MenuData } from '../common/wire/site.ts';
import { langPrefixFor } from '../common/domain/route.ts';
import type { Locale } from '../common/domain/locales.ts';
import { siteParam, SUB_SITE, type SubSiteId } from '../common/domain/sub-sites.ts';
import { hasOwnKey, ownGet } from '../common/own.ts';
import type { Persona } from './personas.ts';
import { fiatList, fiatRatesFromUsdt, langList } from './settings-data.ts';

/** Features each site's regulator hides (compliance `menu_list`, SPEC §3 keys). */
export const SITE_COMPLIANCE: Readonly<Record<SubSiteId, readonly string[]>> = {
  [SUB_SITE.GLOBAL]: [],
  [SUB_SITE.TURKEY]: ['derivatives', 'margin_etf_trade', 'gate_card', 'nft'],
  [SUB_SITE.MALTA]: ['derivatives', 'margin_etf_trade', 'startup', 'nft'],
  [SUB_SITE.HONG_KONG]: [
    'derivatives',
    'margin_etf_trade',
    'startup',
    'nft',
    'gate_card',
    'credit_paywith_card',
  ],
  [SUB_SITE.US]: ['derivatives', 'margin_etf_trade', 'startup', 'nft', 'gate_card', 'ventures'],
  [SUB_SITE.BAHAMAS]: [],
  [SUB_SITE.SINGAPORE]: ['derivatives', 'margin_etf_trade', 'gate_card'],
  [SUB_SITE.UK]: ['derivatives', 'margin_etf_trade', 'startup', 'affiliate'],
  [SUB_SITE.JAPAN]: ['derivatives', 'margin_etf_trade', 'startup', 'nft', 'gatepay'],
  [SUB_SITE.UAE]: ['nft'],
  [SUB_SITE.EU]: ['derivatives', 'margin_etf_trade', 'startup', 'nft'],
  [SUB_SITE.TESTNET]: ['fiat_trade', 'nft', 'gatepay', 'gate_otc', 'gate_card', 'gate_shop', 'startup'],
};

/** Local fiat of each site: the default buy-crypto and P2P fiat (curr_fiat stays USD unless the cookie says else). */
export const SITE_FIAT: Readonly<Record<SubSiteId, string>> = {
  [SUB_SITE.GLOBAL]: 'USD',
  [SUB_SITE.TURKEY]: 'TRY',
  [SUB_SITE.MALTA]: 'EUR',
  [SUB_SITE.HONG_KONG]: 'HKD',
  [SUB_SITE.US]: 'USD',
  [SUB_SITE.BAHAMAS]: 'USD',
  [SUB_SITE.SINGAPORE]: 'SGD',
  [SUB_SITE.UK]: 'GBP',
  [SUB_SITE.JAPAN]: 'JPY',
  [SUB_SITE.UAE]: 'AED',
  [SUB_SITE.EU]: 'EUR',
  [SUB_SITE.TESTNET]: 'USD',
};

/** Sites whose menu data sets the NFT flag to '1' (SPEC §6 'NFT link hidden when a flag equals 1'). */
export const NFT_FLAG_SITES: readonly SubSiteId[] = [SUB_SITE.SINGAPORE, SUB_SITE.TESTNET];

/** What the builders need to know about the request. */
export interface SiteRequest {
  site: SubSiteId;
  locale: Locale;
  persona: Persona | null;
  /** `curr_fiat` cookie (validated against fiat_list here). */
  fiatCookie?: string;
  /** `default_buy_crypto_fiat` cookie. */
  buyFiatCookie?: string;
  /** Visitor country (header `X-Country`), for `limit.is_tr`. */
  country?: string;
  /** Number of distinct spot base currencies (`currency_count`). */
  currencyCount: number;
}

let rates: Record<string, number> | undefined;

/** Common site data (SPEC §3) for a request. */
export function commonSiteData(r: SiteRequest): CommonSiteData {
  const fiats = fiatList();
  const local = ownGet(SITE_FIAT, String(r.site)) ?? 'USD';
  const currFiat = r.fiatCookie && hasOwnKey(fiats, r.fiatCookie) ? r.fiatCookie : 'USD';
  const buyFiat = r.buyFiatCookie && hasOwnKey(fiats, r.buyFiatCookie) ? r.buyFiatCookie : local;
  const f = r.persona?.flags ?? {};
  rates ??= fiatRatesFromUsdt();
  return {
    lang_list: langList(),
    fiat_list: fiats,
    lang_prefix: langPrefixFor(r.locale),
    sub_website_id: r.site,
    site: siteParam(r.site),
    isLogin: r.persona !== null,
    is_service_host: false,
    curr_fiat: currFiat,
    currency_count: r.currencyCount,
    defaultBuyCryptoFiat: buyFiat,
    defaultP2PFiat: local,
    curr_fiat_market_rates: rates,
    is_copper: false,
    is_phone: false,
    isUKLimit: f.isUKLimit ?? false,
    isItalyLimit: f.isItalyLimit ?? false,
    isBrazilToast: false,
    isNlLimit: false,
    isHKUser: r.site === SUB_SITE.HONG_KONG,
    isLTWToast: false,
    isUzbekistanToast: false,
    isWithdrawOnlyUser: f.isWithdrawOnlyUser ?? false,
    kyc_toast: r.persona !== null && r.persona.user.verified === '0',
    limitCountryUserStatus: f.limitCountryUserStatus ?? 0,
    isShowComplianceTips: r.site === SUB_SITE.TURKEY,
    isBlockedCountry: false,
  };
}

/**
 * Compliance check: the site's list plus the persona's additions. `limit.is_tr` is true off the Turkey site for a
 * visitor from Turkey (`X-Country: TR`) or one browsing in Turkish, so the header can offer the Turkey site.
 */
export function complianceCheck(r: SiteRequest): ComplianceResult {
  const list = new Set([
    ...(ownGet(SITE_COMPLIANCE, String(r.site)) ?? []),
    ...(r.persona?.compliance ?? []),
  ]);
  const turkish = r.country?.toUpperCase() === 'TR' || r.locale === 'tr';
  return { menu_list: [...list], limit: { is_tr: r.site !== SUB_SITE.TURKEY && turkish } };
}

/** Menu data: the business list (persona's, plus testnet's pilot exclusion) and the NFT flag. */
export function menuData(r: SiteRequest): MenuData {
  const business = new Set(r.persona?.business ?? ['spot', 'futures']);
  if (r.site === SUB_SITE.TESTNET) business.add('button_pilot_account');
  return { business_list: [...business], nft_flag: NFT_FLAG_SITES.includes(r.site) ? '1' : '0' };
}
