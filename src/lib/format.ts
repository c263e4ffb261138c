/**
 * Market number formatting for the main thread. The functions live in common/domain/market-format.ts so the market
 * engine formats list rows (the panels' and the search modal's) in the worker with the same rules (SPEC §4 fiat
 * prices, SPEC §9 display); the page itself formats only fiat amounts.
 */
export { formatFiat } from '../../common/domain/market-format.ts';
