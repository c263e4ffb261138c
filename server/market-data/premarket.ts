/**
 * Pre-mint and pre-market lists (SPEC §3 'Pre-market row', §7 …/currencies/simple-info). The data has no such lists
 * (data/README), so both are SYNTHESISED from real coins and served with `synthetic: true`:
 * - pre-market: coins not on the 2022 spot snapshot. First those that had a USDT contract by 2023-05 (ARB, SUI, PEPE,
 *   BLUR…: coins that really were pre-market then), with the contract's last price as the indicative price, `hot` for
 *   the top PREMARKET_HOT by volume and `new` for contracts that are `NEW`; then the other icons-manifest coins absent
 *   from spot (no price: ''). Stablecoins, fiat ISO codes and delisting contracts are left out.
 * - pre-mint: the PREMINT_COUNT smallest real spot coins (tradable USDT pairs of manifest coins with the lowest
 *   positive USDT volume), price = last; `hot` = the PREMINT_TAGGED biggest of them, `new` = the smallest.
 */
import type { PreMarketRowWire } from '../../common/wire/market.ts';
import { coinIcon, coinName, type CoinBook } from '../coins.ts';
import { isStableBase, newContractTest, type UsdtContract } from './futures.ts';
import { compareText } from './numbers.ts';
import { isSpotST, volumeUsdt, type SpotTicker } from './spot.ts';

export const PREMARKET_HOT = 5;
export const PREMINT_COUNT = 12;
export const PREMINT_TAGGED = 3;

/** ISO 4217 codes known to Intl (CNY, EUR, USD…): never pre-market coins even when the icons manifest has them. */
const FIAT_CODES = new Set(Intl.supportedValuesOf('currency'));

function row(
  coins: CoinBook,
  currency: string,
  price: string,
  tags: PreMarketRowWire['tags'],
): PreMarketRowWire {
  return {
    currency,
    market: `${currency}_USDT`,
    full_name: coinName(coins, currency),
    tags,
    icon: coinIcon(coins, currency),
    price,
  };
}

/** The synthetic pre-market list (see file comment), futures-backed coins first. */
export function buildPreMarket(
  tickers: readonly SpotTicker[],
  contracts: readonly UsdtContract[],
  coins: CoinBook,
): PreMarketRowWire[] {
  const spotBases = new Set(tickers.map((t) => t.base.toUpperCase()));
  const isNew = newContractTest(contracts);
  const eligible = (c: string) => !spotBases.has(c) && !isStableBase(c) && !FIAT_CODES.has(c);
  const backed = contracts
    .filter((c) => !c.inDelisting && eligible(c.base.toUpperCase()))
    .sort((a, b) => b.volumeUsdt - a.volumeUsdt || compareText(a.name, b.name));
  const out = backed.map((c, rank) => {
    const tags: PreMarketRowWire['tags'] = [];
    if (rank < PREMARKET_HOT) tags.push('hot');
    if (isNew(c)) tags.push('new');
    return row(coins, c.base.toUpperCase(), c.lastPrice, tags);
  });
  const seen = new Set(out.map((r) => r.currency));
  for (const symbol of coins.symbols) {
    if (seen.has(symbol) || !eligible(symbol) || !/^[A-Z0-9]+$/.test(symbol)) continue;
    seen.add(symbol);
    out.push(row(coins, symbol, '', []));
  }
  return out;
}

/** The synthetic pre-mint list (see file comment), biggest first. */
export function buildPreMint(
  tickers: readonly SpotTicker[],
  usdtPrices: ReadonlyMap<string, number>,
  coins: CoinBook,
): PreMarketRowWire[] {
  const small = tickers
    .filter(
      (t) =>
        t.quote === 'USDT' &&
        !t.leveraged &&
        !isSpotST(t) &&
        coins.names.has(t.base.toUpperCase()) &&
        volumeUsdt(t, usdtPrices) > 0,
    )
    .sort((a, b) => volumeUsdt(a, usdtPrices) - volumeUsdt(b, usdtPrices) || compareText(a.pair, b.pair))
    .slice(0, PREMINT_COUNT)
    .reverse();
  return small.map((t, i) => {
    const tags: PreMarketRowWire['tags'] = [];
    if (i < PREMINT_TAGGED) tags.push('hot');
    if (i >= small.length - PREMINT_TAGGED) tags.push('new');
    return row(coins, t.base.toUpperCase(), t.lastText, tags);
  });
}
