/**
 * loadMarketData: reads the three snapshot files (and the repo's icons manifest) synchronously and prepares every
 * list the market routes serve (ARCHITECTURE.md 'The reference server'). Errors name the file and the problem.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoinBook } from '../coins.ts';
import { buildContracts, parseContracts } from './futures.ts';
import { buildPilotMarket, parsePilotTokens } from './pilot.ts';
import { buildPreMarket, buildPreMint } from './premarket.ts';
import { readJsonArray } from './read.ts';
import { buildSpotRows, parseSpotTickers } from './spot.ts';
import type { MarketData, MarketDataOptions } from './types.ts';
import { buildUsdtPrices } from './usdt-prices.ts';

/** The repo's bundled data directory, `<repo>/server/data`. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));
/** The snapshot files read from the data directory (ARCHITECTURE.md 'Market data of the reference server': same layout under MARKET_DATA_DIR). */
export const DATA_FILES = {
  spot: 'spot_tickers.json',
  futures: 'futures_usdt_contracts.json',
  pilot: 'pilot_tokens.json',
} as const;
/** Always read from DEFAULT_DATA_DIR. */
export const COINS_MANIFEST_FILE = 'coins_manifest.json';
/** Largest PILOT_ROWS accepted (keeps the serialised list near 300 MB at most). */
export const MAX_PILOT_ROWS = 1_000_000;

/**
 * Loads and prepares market data. Throws an Error whose message starts with `MARKET_DATA_DIR {path}` (or
 * `market data {path}` for the bundled directory) and says what is wrong: `not found`, `invalid JSON at position N`,
 * `expected a JSON array of rows`, `has no rows`, `row N lacks FIELD`, `row N has non-numeric FIELD`. Also throws for
 * a `pilotRows` that is not an integer in 1…MAX_PILOT_ROWS.
 */
export function loadMarketData(options: MarketDataOptions = {}): MarketData {
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const label = options.dataDir ? 'MARKET_DATA_DIR' : 'market data';
  const { pilotRows } = options;
  if (
    pilotRows !== undefined &&
    !(Number.isInteger(pilotRows) && pilotRows >= 1 && pilotRows <= MAX_PILOT_ROWS)
  ) {
    throw new Error(`PILOT_ROWS ${pilotRows}: expected an integer from 1 to ${MAX_PILOT_ROWS}`);
  }
  const loadedAt = options.now ?? Date.now();
  const file = (name: string) => resolve(dataDir, name);

  const manifestPath = resolve(DEFAULT_DATA_DIR, COINS_MANIFEST_FILE);
  const coins = loadCoinBook(manifestPath, 'market data');

  const spotPath = file(DATA_FILES.spot);
  const tickers = parseSpotTickers(readJsonArray(spotPath, label), `${label} ${spotPath}`);
  const usdtPrices = buildUsdtPrices(tickers);
  const spot = buildSpotRows(tickers, usdtPrices, coins, loadedAt);

  const futuresPath = file(DATA_FILES.futures);
  const contracts = parseContracts(readJsonArray(futuresPath, label), `${label} ${futuresPath}`);
  const futures = buildContracts(contracts, new Map(tickers.map((t) => [t.pair, t])), coins);

  const pilotPath = file(DATA_FILES.pilot);
  const tokens = parsePilotTokens(
    readJsonArray(pilotPath, label),
    `${label} ${pilotPath}`,
    usdtPrices.get('SOL') ?? 0,
  );
  const pilot = buildPilotMarket(tokens, coins, pilotRows ?? tokens.length);

  return {
    loadedAt,
    dataDir,
    spot: spot.list,
    contracts: futures.list,
    pilot,
    premint: buildPreMint(tickers, usdtPrices, coins),
    premarket: buildPreMarket(tickers, contracts, coins),
    coins,
    usdtPrices,
    usdtPrice: (code) => usdtPrices.get(code.toUpperCase()) ?? null,
    tabKeys: {
      spot: spot.tabKeys,
      futures: futures.tabKeys,
      pilot: ['ALL', ...pilot.cate.split(',').filter(Boolean)],
      premarket: ['premint', 'pre_market'],
    },
  };
}
