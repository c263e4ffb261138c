/**
 * Wire shapes of the market endpoints (SPEC §3, §7): what the reference server sends and the market worker
 * validates. Types only; the server imports them with `import type`. Field names follow the site's API.
 * Numeric market values travel as decimal strings (as Gate's API does) so precision survives.
 */

/** Envelope of every market endpoint. `code` 200 means ok (SPEC §7). */
export interface ApiEnvelope<T> {
  code: number;
  message?: string;
  data: T;
}

/** GET /apiw/v2/market/spots?exchange_type=ALL → ApiEnvelope<SpotMarketsWire>. */
export interface SpotMarketsWire {
  /** Server time of the snapshot, seconds. */
  server_time: number;
  list: SpotRowWire[];
}

/** One spot pair (SPEC §3 'Spot market row'). */
export interface SpotRowWire {
  /** Raw pair id, `BASE_QUOTE`, e.g. `BTC_USDT` (may be lower case in odd data). */
  pair: string;
  /** Display name of the base coin, e.g. `Bitcoin`; the base symbol when unknown. */
  name: string;
  /** Last price in the quote currency. */
  rate: string;
  /** 24h change, percent (e.g. `-1.25`). */
  rate_percent: string;
  /** Change since UTC 00:00 and UTC+8 00:00, percent. */
  change_utc0: string;
  change_utc8: string;
  /** 24h volume in the quote currency. */
  volume: string;
  /** Isolated-margin leverage, 0 when none. */
  multiple: number;
  /** Margin (credit) trading enabled. */
  credit: boolean;
  /** Tab keys this pair belongs to (quote market, `ETF`, `NEWLISTED`, …), matching the tabs endpoint. */
  categories: string[];
  /** Price 24h ago, quote currency. */
  prior_rate: string;
  /** Listing time, unix seconds; in the future for upcoming listings (SPEC §3). 0 when long listed. */
  opening_time: number;
  /** Cross-margin leverage, 0 when none. */
  cross_multiple: number;
  /** ST (special treatment, risk-warning) flag. */
  isST: boolean;
  /** Icon URL or null (UI draws a letter avatar). */
  icon: string | null;
  /** Path without language prefix, e.g. `/trade/BTC_USDT`. */
  link: string;
}

/** GET /apiw/v2/market/futures?is_testnet=0&exchange_type=CONTRACT_ALL → ApiEnvelope<ContractWire[]>. */
export interface ContractWire {
  /** Contract name `BASE_QUOTE`, e.g. `BTC_USDT`, `BTC_USD`. */
  name: string;
  /** Settle currency, lower case: `usdt` or `btc`. */
  settle: 'usdt' | 'btc';
  /** Base coin, e.g. `BTC`. */
  coin_name: string;
  /** Display name of the coin. */
  full_name: string;
  categories: string[];
  is_tag_st: boolean;
  last_price: string;
  /** 24h change percent, and since UTC 00:00 / UTC+8 00:00. */
  change_percentage: string;
  change_utc0: string;
  change_utc8: string;
  /** 24h volume in the quote currency (USDT for usdt-settled, USD for btc-settled). */
  volume_24h_quote: string;
  leverage_max: number;
  icon: string | null;
  /** True for rows the reference server synthesised (the BTC-settled list). */
  synthetic?: boolean;
}

/** GET /apiw/v2/pilot/markets?exchange_type=PILOT_ALL → ApiEnvelope<PilotMarketsWire>. */
export interface PilotMarketsWire {
  /** Comma list of pilot tab keys (SPEC §3), e.g. `hot,new,meme`. */
  cate: string;
  list: PilotRowWire[];
}

/** One on-chain token (SPEC §3 'Pilot token row'). */
export interface PilotRowWire {
  name: string;
  /** Token mint/contract address (case-sensitive). */
  address: string;
  /** Display pair, e.g. `PIPPIN/SOL`. */
  show_pair: string;
  icon: string | null;
  chain_icon: string | null;
  chain: string;
  /** Path segment for /pilot/{seo_path}. */
  seo_path: string;
  is_hot: boolean;
  /** Price in USDT, 24h change percent, 24h volume in USDT, market cap in USDT. */
  price: string;
  change_percentage: string;
  volume_24h: string;
  market_cap: string;
  /** Pilot tab keys this token belongs to (subset of `cate`). */
  categories: string[];
}

/** GET /apiw/v2/pre-mint/… and /apiw/v2/pre-market/service/currencies/simple-info?limit=100&page=1. */
export interface PreMarketListWire {
  list: PreMarketRowWire[];
  total: number;
  /** True: the reference server synthesised this list from real coins. */
  synthetic?: boolean;
}

/** One pre-market or pre-mint coin (SPEC §3 'Pre-market row'). */
export interface PreMarketRowWire {
  currency: string;
  market: string;
  full_name: string;
  tags: Array<'hot' | 'new'>;
  icon?: string | null;
  /** Indicative price in USDT, may be empty. */
  price?: string;
}

/** GET /apiw/v2/common/tabs?area=web_trade → ApiEnvelope<TabMenuWire[]> (labels in the request's language). */
export interface TabMenuWire {
  /** Which list the tabs filter: spot, futures, pilot, premarket. */
  market: 'spot' | 'futures' | 'pilot' | 'premarket';
  tabs: TabWire[];
}

/** One tab: its key matches row `categories`; `ALL` matches every row. */
export interface TabWire {
  key: string;
  name: string;
}
