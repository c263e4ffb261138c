/**
 * The props the search micro-app is mounted with (SPEC §7 'Search uses an embedded micro-app … with props'):
 * language, fiat rates, current fiat, language prefix, market rates for fiat, default P2P fiat, search version 5,
 * theme and the coin icon version whitelist. The modal reads only these (and the market engine), so it can be loaded
 * as a separate chunk. Pure builder.
 */
import { apiLanguage, type Locale } from '../../common/domain/locales.ts';

/** SPEC §7: the search micro-app version the header mounts. */
export const SEARCH_VERSION = 5;

/**
 * SPEC §7 'coin icon version whitelist': the coins (upper-case base symbols) whose icon was redrawn, so their URL
 * carries `v={COIN_ICON_VERSION}` and no browser or CDN cache keeps the old drawing. A deployment setting like the
 * hosts of common/domain/hosts.ts (SPEC does not give the values): the operator lists the coins and raises the
 * version when the icon set changes.
 */
export const COIN_ICON_VERSION_WHITELIST: readonly string[] = ['GT'];
/** The icon version the whitelisted coins' URLs carry. */
export const COIN_ICON_VERSION = '2';

/** Mount props of the search modal. */
export interface SearchAppProps {
  /** Language in the back end's code (SPEC §9 locale mapping: `cn`, `tw`, `pt-PT`, `pt-BR`; others as the locale). */
  language: string;
  /** Fiat per 1 USDT by code (`{EUR: 0.97}`); {} when not loaded. */
  fiatRates: Readonly<Record<string, number>>;
  /** Fiat prices are shown in (rate mode open), or '' for the rows' own quote prices. */
  currFiat: string;
  /** `` or `/zh` (SPEC §2). */
  langPrefix: string;
  /** Common site data `curr_fiat_market_rates` (fiat market rates by code). */
  currFiatMarketRates: Readonly<Record<string, number>>;
  /** Common site data `defaultP2PFiat` (default USD). */
  defaultP2PFiat: string;
  searchVersion: typeof SEARCH_VERSION;
  theme: 'light' | 'dark';
  /** Coins whose icons load in the current icon version (COIN_ICON_VERSION_WHITELIST). */
  coinIconVersionWhitelist: readonly string[];
}

/** What the builder reads from the stores. */
export interface SearchPropsSources {
  locale: Locale;
  langPrefix: string;
  /** SPEC §3 theme code: 0 light, 2 dark. */
  theme: 0 | 2;
  currencyRate: 'open' | 'closed';
  currFiat: string;
  fiatRates: Readonly<Record<string, number>>;
  siteData: { curr_fiat_market_rates?: Readonly<Record<string, number>>; defaultP2PFiat?: string } | null;
}

/** Builds the props; missing site data gives `{}` rates and USD (SPEC §8 defaults). */
export function searchAppProps(s: SearchPropsSources): SearchAppProps {
  return {
    language: apiLanguage(s.locale),
    fiatRates: s.fiatRates,
    currFiat: s.currencyRate === 'open' ? s.currFiat : '',
    langPrefix: s.langPrefix,
    currFiatMarketRates: s.siteData?.curr_fiat_market_rates ?? {},
    defaultP2PFiat: s.siteData?.defaultP2PFiat || 'USD',
    searchVersion: SEARCH_VERSION,
    theme: s.theme === 2 ? 'dark' : 'light',
    coinIconVersionWhitelist: COIN_ICON_VERSION_WHITELIST,
  };
}
