/**
 * Rebuilding the served market data from upstream lists (docs/API.md 'Market sources'): the spot list from Gate spot
 * tickers, the USDT futures list from Gate contracts with the 24h change, last price and quote volume of Gate futures
 * tickers (the synthetic BTC-settled contracts follow their USDT twins, as with the snapshot), everything else (pilot,
 * pre-mint, pre-market, coins) kept from `base`. Always returns a new object: the store swaps it in whole.
 */
import type { ContractWire } from '../../common/wire/market.ts';
import { buildContracts, BTC_SETTLED_VOLUME_SHARE, type UsdtContract } from './futures.ts';
import { decimal } from './numbers.ts';
import { buildSpotRows, type SpotTicker } from './spot.ts';
import type { MarketData } from './types.ts';
import { buildUsdtPrices } from './usdt-prices.ts';

/** The 24h figures of one USDT contract from its futures ticker. */
export interface FuturesFigures {
  last: string;
  change: string;
  changeUtc0?: string;
  changeUtc8?: string;
  quoteVolume: string;
}

/** What an upstream brought: parsed spot tickers, contracts and futures figures by contract name (each optional). */
export interface UpstreamLists {
  spot?: readonly SpotTicker[];
  contracts?: readonly UsdtContract[];
  futuresTickers?: ReadonlyMap<string, FuturesFigures>;
}

/** A new MarketData: `base` with the lists `lists` brings rebuilt (see the module comment). */
export function rebuildMarketData(base: MarketData, lists: UpstreamLists): MarketData {
  const next: MarketData = { ...base, tabKeys: { ...base.tabKeys } };
  if (lists.spot) {
    const usdtPrices = buildUsdtPrices(lists.spot);
    const spot = buildSpotRows(lists.spot, usdtPrices, base.coins, base.loadedAt);
    next.spot = spot.list;
    next.tabKeys.spot = spot.tabKeys;
    next.usdtPrices = usdtPrices;
    next.usdtPrice = (code) => usdtPrices.get(code.toUpperCase()) ?? null;
  }
  if (lists.contracts) {
    const spotByPair = new Map((lists.spot ?? []).map((t) => [t.pair, t]));
    const futures = buildContracts(lists.contracts, spotByPair, base.coins);
    const figures = lists.futuresTickers;
    next.contracts = figures ? futures.list.map((row) => withFigures(row, figures)) : futures.list;
    next.tabKeys.futures = futures.tabKeys;
  }
  return next;
}

/** `row` with its futures ticker's figures (a synthetic BTC-settled row: its USDT twin's, volume scaled). */
function withFigures(row: ContractWire, figures: ReadonlyMap<string, FuturesFigures>): ContractWire {
  const twin = row.settle === 'usdt' ? row.name : `${row.name}T`;
  const f = figures.get(twin);
  if (!f) return row;
  const volume =
    row.settle === 'usdt' ? f.quoteVolume : decimal(Number(f.quoteVolume) * BTC_SETTLED_VOLUME_SHARE);
  return {
    ...row,
    last_price: f.last,
    change_percentage: f.change,
    change_utc0: f.changeUtc0 ?? f.change,
    change_utc8: f.changeUtc8 ?? f.change,
    volume_24h_quote: volume,
  };
}
