/**
 * Spot rows (SPEC §3 'Spot market row') from Gate v4 spot tickers (data/README). Prices, changes and volumes are the
 * snapshot's own strings, kept verbatim (zero prices, odd symbols and all). What the snapshot lacks is derived by the
 * documented, deterministic rules below (margin tiers, ST flag, new listings).
 */
import type { SpotRowWire } from '../../common/wire/market.ts';
import { coinIcon, coinName, type CoinBook } from '../coins.ts';
import { compareText, decimal } from './numbers.ts';
import { requireDecimal, requireString, type RawRow } from './read.ts';
import type { PairPrice } from './usdt-prices.ts';

/** A quote currency gets its own tab (and row category) when it has at least this many pairs (drops SNET, CNYX). */
export const MIN_PAIRS_FOR_QUOTE_TAB = 5;
/**
 * Margin tiers by rank of USDT-converted 24h volume among tradable (non-ST, non-leveraged-token) pairs:
 * ranks 1–10 get 10x isolated / 5x cross, 11–50 5x / 3x, 51–150 3x isolated only. `credit` = isolated margin on.
 */
export const MARGIN_TIERS = [
  { upToRank: 10, multiple: 10, cross: 5 },
  { upToRank: 50, multiple: 5, cross: 3 },
  { upToRank: 150, multiple: 3, cross: 0 },
] as const;
/** The snapshot has no listing times: this many NEWLISTED pairs open in the future (upcoming), this many recently. */
export const UPCOMING_LISTINGS = 4;
export const RECENT_LISTINGS = 12;
const HOUR_S = 3600;

/** Leveraged tokens (`ETF` tab): rows with Gate's etf_* fields, or a base like `BTC3L` / `ETH5S`. */
export const LEVERAGED_BASE = /\d+[LS]$/;

/** A spot ticker row, checked and parsed. */
export interface SpotTicker extends PairPrice {
  pair: string;
  lastText: string;
  change: { text: string; value: number };
  changeUtc0: string;
  changeUtc8: string;
  quoteVolume: { text: string; value: number };
  leveraged: boolean;
  /** Both sides of the order book empty (`lowest_ask` and `highest_bid` are ''): nothing can trade. */
  emptyBook: boolean;
}

/** Checks and parses Gate spot ticker rows; throws `{where}: row N …` on a missing or non-numeric field. */
export function parseSpotTickers(rows: RawRow[], where: string): SpotTicker[] {
  return rows.map((row, i) => {
    const pair = requireString(row, 'currency_pair', i, where);
    const cut = pair.indexOf('_');
    if (cut <= 0 || cut === pair.length - 1) {
      throw new Error(`${where}: row ${i} has currency_pair ${JSON.stringify(pair)}, expected BASE_QUOTE`);
    }
    const last = requireDecimal(row, 'last', i, where);
    const base = pair.slice(0, cut);
    return {
      pair,
      base,
      quote: pair.slice(cut + 1),
      last: last.value,
      lastText: last.text,
      change: requireDecimal(row, 'change_percentage', i, where),
      changeUtc0: requireDecimal(row, 'change_utc0', i, where).text,
      changeUtc8: requireDecimal(row, 'change_utc8', i, where).text,
      quoteVolume: requireDecimal(row, 'quote_volume', i, where),
      leveraged:
        row.etf_leverage !== undefined || row.etf_net_value !== undefined || LEVERAGED_BASE.test(base),
      emptyBook: row.lowest_ask === '' && row.highest_bid === '',
    };
  });
}

/**
 * ST (risk warning) rule: a zero last price, or an order book empty on both sides (the delisted-looking pairs of the
 * snapshot, e.g. KEEP_USDT, NU_USDT, BZRX_USDT).
 */
export function isSpotST(t: SpotTicker): boolean {
  return t.last === 0 || t.emptyBook;
}

/** Price 24h ago from last and 24h change percent; the last price itself when the change is −100% or below. */
export function priorRate(t: SpotTicker): string {
  const factor = 1 + t.change.value / 100;
  return factor > 0 ? decimal(t.last / factor) : t.lastText;
}

/** Spot rows plus their tab keys in display order: `ALL`, quote tabs by pair count, `ETF`, `NEWLISTED`. */
export function buildSpotRows(
  tickers: readonly SpotTicker[],
  usdtPrices: ReadonlyMap<string, number>,
  coins: CoinBook,
  nowMs: number,
): { list: SpotRowWire[]; tabKeys: string[] } {
  const quoteCounts = new Map<string, number>();
  for (const t of tickers) quoteCounts.set(t.quote, (quoteCounts.get(t.quote) ?? 0) + 1);
  const quoteTabs = [...quoteCounts]
    .filter(([, n]) => n >= MIN_PAIRS_FOR_QUOTE_TAB)
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .map(([q]) => q);

  const margin = marginByPair(tickers, usdtPrices);
  const openingTime = newListings(tickers, nowMs);
  const list = tickers.map((t): SpotRowWire => {
    const categories: string[] = quoteTabs.includes(t.quote) ? [t.quote] : [];
    if (t.leveraged) categories.push('ETF');
    const opening = openingTime.get(t.pair) ?? 0;
    if (opening) categories.push('NEWLISTED');
    const tier = margin.get(t.pair);
    return {
      pair: t.pair,
      name: coinName(coins, t.base),
      rate: t.lastText,
      rate_percent: t.change.text,
      change_utc0: t.changeUtc0,
      change_utc8: t.changeUtc8,
      volume: t.quoteVolume.text,
      multiple: tier?.multiple ?? 0,
      credit: (tier?.multiple ?? 0) > 0,
      categories,
      prior_rate: priorRate(t),
      opening_time: opening,
      cross_multiple: tier?.cross ?? 0,
      isST: isSpotST(t),
      icon: coinIcon(coins, t.base),
      link: `/trade/${t.pair}`,
    };
  });
  const tabKeys = ['ALL', ...quoteTabs];
  if (list.some((r) => r.categories.includes('ETF'))) tabKeys.push('ETF');
  if (openingTime.size) tabKeys.push('NEWLISTED');
  return { list, tabKeys };
}

/** 24h volume of a pair in USDT (quote volume × the quote's USDT price), 0 when the quote has no price. */
export function volumeUsdt(t: SpotTicker, usdtPrices: ReadonlyMap<string, number>): number {
  return t.quoteVolume.value * (usdtPrices.get(t.quote.toUpperCase()) ?? 0);
}

function marginByPair(tickers: readonly SpotTicker[], usdtPrices: ReadonlyMap<string, number>) {
  const ranked = tickers
    .filter((t) => !t.leveraged && !isSpotST(t))
    .map((t) => ({ pair: t.pair, volume: volumeUsdt(t, usdtPrices) }))
    .filter((r) => r.volume > 0)
    .sort((a, b) => b.volume - a.volume || compareText(a.pair, b.pair));
  const out = new Map<string, { multiple: number; cross: number }>();
  ranked.forEach((r, i) => {
    const tier = MARGIN_TIERS.find((t) => i < t.upToRank);
    if (tier) out.set(r.pair, { multiple: tier.multiple, cross: tier.cross });
  });
  return out;
}

/**
 * NEWLISTED (synthetic listing times, the snapshot has none): candidates are tradable USDT pairs whose base trades
 * against no other quote, with volume; ranked by |24h change| (fresh listings move most), then pair. The first
 * UPCOMING_LISTINGS open 12 h, 24 h, … after server start; the next RECENT_LISTINGS opened 1, 2, … days before it.
 * Returns pair → opening_time (unix seconds).
 */
function newListings(tickers: readonly SpotTicker[], nowMs: number): Map<string, number> {
  const pairsPerBase = new Map<string, number>();
  for (const t of tickers) pairsPerBase.set(t.base, (pairsPerBase.get(t.base) ?? 0) + 1);
  const candidates = tickers
    .filter(
      (t) =>
        t.quote === 'USDT' &&
        !t.leveraged &&
        !isSpotST(t) &&
        t.quoteVolume.value > 0 &&
        pairsPerBase.get(t.base) === 1,
    )
    .sort((a, b) => Math.abs(b.change.value) - Math.abs(a.change.value) || compareText(a.pair, b.pair));
  const nowS = Math.floor(nowMs / 1000);
  const out = new Map<string, number>();
  candidates.slice(0, UPCOMING_LISTINGS + RECENT_LISTINGS).forEach((t, i) => {
    out.set(
      t.pair,
      i < UPCOMING_LISTINGS ? nowS + (i + 1) * 12 * HOUR_S : nowS - (i - UPCOMING_LISTINGS + 1) * 24 * HOUR_S,
    );
  });
  return out;
}
