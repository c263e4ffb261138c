/** Shapes of the prepared market data the routes serve (SPEC §3, §7; wire shapes in common/wire/market.ts). */
import type {
  ContractWire,
  PilotMarketsWire,
  PreMarketRowWire,
  SpotRowWire,
  TabMenuWire,
} from '../../common/wire/market.ts';
import type { CoinBook } from '../coins.ts';

/** Where the data comes from and how big the pilot list is (env MARKET_DATA_DIR, PILOT_ROWS; see server/app.ts). */
export interface MarketDataOptions {
  /** Directory with spot_tickers.json, futures_usdt_contracts.json, pilot_tokens.json. Default `<repo>/server/data`. */
  dataDir?: string;
  /** Serve exactly this many pilot rows (deterministic variations of the real ones). Default: the real rows. */
  pilotRows?: number;
  /** Clock for listing times relative to server start, unix ms. Default `Date.now()` (tests pin it). */
  now?: number;
}

/** Which list a tab menu filters (TabMenuWire.market). */
export type TabMarket = TabMenuWire['market'];

/** Everything the market routes (and the SPEC §4 fiat rates) need, prepared once at start. */
export interface MarketData {
  /** When the data was loaded, unix ms; upcoming listings' opening_time is relative to it. */
  loadedAt: number;
  /** Absolute directory the three snapshot files were read from. */
  dataDir: string;
  /** All spot pairs (2,918 with the bundled snapshot), in file order. */
  spot: SpotRowWire[];
  /** Real USDT-settled contracts (file order), then the synthetic BTC-settled ones (`synthetic: true`). */
  contracts: ContractWire[];
  /** Pilot tokens: `cate` (comma list of tab keys) and the rows (real, or PILOT_ROWS variations). */
  pilot: PilotMarketsWire;
  /** Synthetic pre-mint list (real small spot coins). */
  premint: PreMarketRowWire[];
  /** Synthetic pre-market list (real coins not on the spot snapshot). */
  premarket: PreMarketRowWire[];
  /** Coin names (icons manifest) and which icons exist. */
  coins: CoinBook;
  /** USDT per unit by upper-case code, from the spot snapshot (see usdt-prices.ts). */
  usdtPrices: ReadonlyMap<string, number>;
  /** USDT value of one unit of `code` (any case), or null when no spot path prices it. */
  usdtPrice(code: string): number | null;
  /** Tab keys per list, in display order; every row category is among them (plus `ALL`). */
  tabKeys: Record<TabMarket, string[]>;
}
