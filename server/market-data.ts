/**
 * Market data of the reference server (SPEC §3, §7; ARCHITECTURE.md 'The reference server'): the real snapshots in
 * server/data (or MARKET_DATA_DIR) mapped to the wire rows of common/wire/market.ts. Implementation in
 * server/market-data/; this module is the entry point app.ts and the routes import.
 */
export { loadMarketData, DEFAULT_DATA_DIR, DATA_FILES } from './market-data/load.ts';
export type { MarketData, MarketDataOptions, TabMarket } from './market-data/types.ts';
