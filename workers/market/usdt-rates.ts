/**
 * USDT value of one unit of a quote currency, from the USDT pairs' last prices (SPEC §5: rank across quotes only after
 * converting, e.g. BTC-quoted volume × BTC_USDT last). Pure.
 */
import { USD_LIKE } from './config.ts';

/** Bridge coins for quotes without a USDT pair of their own (TRY: BTC_USDT / BTC_TRY). */
const BRIDGES = ['BTC', 'ETH'] as const;

/**
 * Returns `rate(quote)`: 1 for USDT/USD/USDC; else `Q_USDT` last; else 1 / `USDT_Q` last; else through a bridge coin
 * (`BTC_USDT` / `BTC_Q`); else NaN (volume then counts as 0). `pairs` are `[pair, last]`, pair `BASE_QUOTE`.
 */
export function usdtRates(pairs: Iterable<readonly [string, string]>): (quote: string) => number {
  const last = new Map<string, number>();
  for (const [pair, price] of pairs) {
    const p = Number(price);
    if (p > 0) last.set(pair.trim().toUpperCase(), p);
  }
  return (quote) => {
    const q = quote.toUpperCase();
    if (USD_LIKE.has(q)) return 1;
    const direct = last.get(`${q}_USDT`);
    if (direct) return direct;
    const inverse = last.get(`USDT_${q}`);
    if (inverse) return 1 / inverse;
    for (const bridge of BRIDGES) {
      const inUsdt = last.get(`${bridge}_USDT`);
      const inQuote = last.get(`${bridge}_${q}`);
      if (inUsdt && inQuote) return inUsdt / inQuote;
    }
    return NaN;
  };
}
