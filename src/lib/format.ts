/**
 * Market number formatting for the main thread. The functions live in common/domain/market-format.ts so the market
 * engine formats list rows in the worker with the same rules (SPEC §4 fiat prices, SPEC §9 display).
 */
export { formatChange, formatFiat, formatPrice } from '../../common/domain/market-format.ts';
