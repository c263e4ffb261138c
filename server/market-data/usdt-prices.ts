/**
 * USDT value of one unit of a currency, from the spot snapshot's own pairs (data/README: Gate's quote_volume is in
 * the quote currency; convert before ranking across quotes). The fiat rates (SPEC §4) derive from these (e.g. TRY via
 * USDT_TRY).
 */

/** One spot pair reduced to what conversion needs. */
export interface PairPrice {
  base: string;
  quote: string;
  /** Last price in the quote currency. */
  last: number;
}

/**
 * Builds a lookup `code → USDT per unit` (upper-case codes). Paths, first that gives a positive price wins:
 * `USDT` = 1; `CODE_USDT` last; 1 / `USDT_CODE` last (fiat-like quotes: TRY, USD, CNYX…); `CODE_BTC` × BTC;
 * `CODE_ETH` × ETH. Zero prices (34 real rows have `last: "0"`) are skipped. Unknown codes are absent.
 */
export function buildUsdtPrices(pairs: readonly PairPrice[]): Map<string, number> {
  const direct = new Map<string, number>();
  for (const p of pairs)
    if (p.last > 0) direct.set(`${p.base.toUpperCase()}_${p.quote.toUpperCase()}`, p.last);
  const prices = new Map<string, number>([['USDT', 1]]);
  const codes = new Set<string>();
  for (const p of pairs) {
    codes.add(p.base.toUpperCase());
    codes.add(p.quote.toUpperCase());
  }
  const viaUsdt = (code: string): number | undefined => {
    const d = direct.get(`${code}_USDT`);
    if (d) return d;
    const inverse = direct.get(`USDT_${code}`);
    return inverse ? 1 / inverse : undefined;
  };
  for (const code of codes) {
    const price = viaUsdt(code);
    if (price !== undefined) prices.set(code, price);
  }
  for (const code of codes) {
    if (prices.has(code)) continue;
    for (const hub of ['BTC', 'ETH']) {
      const inHub = direct.get(`${code}_${hub}`);
      const hubUsdt = prices.get(hub);
      if (inHub && hubUsdt) {
        prices.set(code, inHub * hubUsdt);
        break;
      }
    }
  }
  return prices;
}
