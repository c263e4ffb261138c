/**
 * Feature → item tables of the visibility policy (SPEC §6 'Per-site flags hide items', §3 compliance keys).
 * A feature names a product capability; each maps to the menu items and header controls that expose it. Pure data.
 */
import { UK_LIMIT_FOOTER_HIDDEN } from '../menus/footer-keys.ts';
import { SUB_SITE, type SubSiteId } from '../../common/domain/sub-sites.ts';
import type { RuleId } from './types.ts';

/** Per-site feature flags (SPEC §6: logout, personal info, avatar, notification, download, language, …). */
export type SiteFeature =
  | 'logout' | 'personal-info' | 'avatar' | 'notification' | 'download' | 'language' | 'theme' | 'setting'
  | 'exchange-rate' | 'search' | 'register' | 'login' | 'deposit' | 'withdraw' | 'otc' | 'web3' | 'referral'
  | 'rewards' | 'futures-account' | 'margin-account' | 'funds-management' | 'api' | 'testnet-accounts' | 'live'; // prettier-ignore

/** Items each site feature covers. */
export const FEATURE_ITEMS: Readonly<Record<SiteFeature, readonly string[]>> = {
  logout: ['logout', 'logout-all'],
  'personal-info': ['profile-info'],
  avatar: ['avatar'],
  notification: ['notification'],
  download: ['download', 'mobileapp', 'footer-qr'],
  language: ['language'],
  theme: ['theme'],
  setting: ['setting'],
  'exchange-rate': ['exchange-rate'],
  search: ['search'],
  register: ['signup'],
  login: ['login'],
  deposit: ['deposit', 'fund-drawer', 'funds-deposit-fiat'],
  withdraw: ['withdraw', 'transfer', 'withdraw-fiat', 'transfer-internal'],
  otc: ['otc'],
  web3: ['web3', 'web3-airdrop'],
  referral: ['referral', 'profile-referral', 'affiliate'],
  rewards: ['rewards', 'rewards-hub'],
  'futures-account': ['funds-futures'],
  'margin-account': ['funds-margin'],
  'funds-management': ['quant-fund', 'wealth', 'funds-quant'],
  api: ['profile-api', 'developers'],
  live: ['live-link'],
  'testnet-accounts': [
    'funds-margin', 'funds-options', 'funds-quant', 'funds-earn', 'funds-payment', 'funds-cross-margin', 'funds-pilot',
    'funds-bot', 'funds-points', 'funds-proof', 'funds-statement', 'orders-margin', 'orders-cross-margin',
    'orders-pilot', 'orders-p2p', 'orders-convert', 'orders-earn', 'orders-payment', 'orders-bots',
    'profile-sub-accounts', 'profile-coupons',
  ],
}; // prettier-ignore

/** One row of the per-site table: which rule it implements, the site, the features it hides there. */
export interface SiteFeatureRow {
  rule: RuleId;
  site: SubSiteId;
  features: readonly SiteFeature[];
}

/**
 * Per-site hidden features. The rows for US, testnet, EU, the regulated regions and Turkey carry the SPEC §6 rules
 * that name them; `site-flags` rows are the remaining per-site flags (our choices where the spec says 'and others').
 */
export const SITE_FEATURE_ROWS: readonly SiteFeatureRow[] = [
  { rule: 'us-hides-download', site: SUB_SITE.US, features: ['download'] },
  {
    rule: 'testnet-hides-register-logout-accounts',
    site: SUB_SITE.TESTNET,
    features: ['register', 'logout', 'testnet-accounts'],
  },
  {
    rule: 'eu-hides-web3-search-download-login',
    site: SUB_SITE.EU,
    features: ['web3', 'search', 'download', 'login', 'register'],
  },
  { rule: 'regional-sites-hide-referral-rewards-futures-margin', site: SUB_SITE.UK, features: ['referral', 'rewards', 'futures-account', 'margin-account'] },
  { rule: 'regional-sites-hide-referral-rewards-futures-margin', site: SUB_SITE.US, features: ['referral', 'futures-account', 'margin-account'] },
  { rule: 'regional-sites-hide-referral-rewards-futures-margin', site: SUB_SITE.JAPAN, features: ['referral', 'futures-account', 'margin-account'] },
  { rule: 'regional-sites-hide-referral-rewards-futures-margin', site: SUB_SITE.SINGAPORE, features: ['referral', 'rewards', 'margin-account'] },
  { rule: 'regional-sites-hide-referral-rewards-futures-margin', site: SUB_SITE.BAHAMAS, features: ['rewards'] },
  { rule: 'regional-sites-hide-referral-rewards-futures-margin', site: SUB_SITE.MALTA, features: ['referral', 'futures-account', 'margin-account'] },
  { rule: 'regional-sites-hide-referral-rewards-futures-margin', site: SUB_SITE.HONG_KONG, features: ['referral', 'rewards', 'futures-account', 'margin-account'] },
  { rule: 'regional-sites-hide-referral-rewards-futures-margin', site: SUB_SITE.UAE, features: ['rewards', 'margin-account'] },
  { rule: 'turkey-hides-funds-management-and-api', site: SUB_SITE.TURKEY, features: ['funds-management', 'api'] },
  { rule: 'site-flags', site: SUB_SITE.TESTNET, features: ['deposit', 'withdraw', 'otc', 'web3', 'download', 'referral', 'rewards', 'language', 'exchange-rate', 'notification'] },
  { rule: 'site-flags', site: SUB_SITE.HONG_KONG, features: ['web3', 'otc'] },
  { rule: 'site-flags', site: SUB_SITE.MALTA, features: ['web3'] },
  // Live trading streams (SPEC §2 /live) are not offered on the testnet nor where the EU entity markets.
  { rule: 'live-link-site-flags', site: SUB_SITE.TESTNET, features: ['live'] },
  { rule: 'live-link-site-flags', site: SUB_SITE.EU, features: ['live'] },
  { rule: 'site-flags', site: SUB_SITE.JAPAN, features: ['web3', 'exchange-rate'] },
]; // prettier-ignore

/** Compliance menu-list keys (SPEC §3) → items they hide. `deposit` is rule deposit-main-site-… instead. */
export const COMPLIANCE_ITEMS: Readonly<Record<string, readonly string[]>> = {
  ventures: ['footer:/ventures'],
  credit_paywith_card: ['buy-card'],
  bank_card: ['buy-bank'],
  spot_trade: ['spot'],
  derivatives: [
    'futures-usdt', 'futures-btc', 'delivery', 'options', 'unified', 'futures-guide', 'futures-competition',
    'funds-futures', 'funds-options', 'orders-futures', 'orders-futures-usdt', 'orders-futures-btc', 'orders-delivery',
    'footer:/futures_center',
  ],
  margin_etf_trade: ['margin', 'etf', 'funds-margin', 'orders-margin', 'footer:/etf'],
  startup: ['launchpad', 'launchpool', 'hodler-airdrop', 'candy-drop'],
  nft: ['nft', 'footer:/nft'],
  gatepay: ['funds-payment', 'orders-payment', 'footer:/gatepay'],
  gate_otc: ['otc', 'footer:/otc'],
  gate_card: ['card', 'footer:/card'],
  gate_shop: ['shop', 'footer:/shop'],
  vip_service: ['vip', 'institution', 'footer:/vip'],
  latest_news: ['live-news', 'announcements', 'hot-news'],
  help_center: ['help', 'footer:/help'],
  fiat_trade: ['buy-crypto', 'buy-quick', 'sale', 'p2p', 'deposit-fiat', 'funds-deposit-fiat', 'withdraw-fiat', 'deposit-buy', 'deposit-p2p', 'orders-p2p', 'c2c-loan'],
  affiliate: ['affiliate', 'footer:/referral/affiliate'],
  learn: ['learn', 'bitwiki', 'footer:/learn'],
}; // prettier-ignore

/** Items a whole-UK or Italy limit hides (SPEC §6: profile, KYC, settings, futures and many order entries). */
export const REGION_LIMIT_ITEMS: readonly string[] = [
  'profile-info', 'profile-kyc', 'profile-security', 'futures-usdt', 'futures-btc', 'delivery', 'options',
  'funds-futures', 'funds-options', 'orders-futures', 'orders-futures-usdt', 'orders-futures-btc', 'orders-delivery',
  'orders-margin', 'orders-cross-margin', 'orders-p2p', 'orders-earn', 'orders-bots', 'orders-payment',
]; // prettier-ignore

/** Footer links hidden for UK-limited users. */
export const UK_LIMIT_FOOTER_ITEMS: readonly string[] = UK_LIMIT_FOOTER_HIDDEN;

/** Sites without social icons in the footer (SPEC §6). */
export const NO_SOCIAL_SITES: readonly SubSiteId[] = [
  SUB_SITE.SINGAPORE,
  SUB_SITE.BAHAMAS,
  SUB_SITE.UK,
  SUB_SITE.JAPAN,
  SUB_SITE.UAE,
];

/** Width above which the Turkey-site link shows, px (SPEC §2, §9 breakpoint 992). */
export const TURKEY_LINK_MIN_WIDTH_PX = 992;

/** Business-list entry that hides the pilot account and orders (SPEC §6). */
export const BUSINESS_HIDE_PILOT = 'button_pilot_account';
