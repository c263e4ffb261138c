/**
 * Popular coins for the footer's templated links (SPEC §2 'Footer': /price/{coin-slug}, /how-to-buy/{coin-slug},
 * /price-prediction/{coin-slug}, /converter/{coin}/{pair}): the spot snapshot's base currencies ranked by 24h
 * quote volume, summed over all their pairs and converted to USDT. Leveraged tokens (`ETF` tab) and ST-flagged
 * pairs do not count. Pure: takes the prepared market data.
 */
import type { MarketData } from './market-data.ts';

/** One popular coin, as GET /api/web/v1/site/popular_coins returns it. */
export interface PopularCoinWire {
  currency: string;
  name: string;
  slug: string;
}

/** Most coins a request may ask for. */
export const MAX_POPULAR_COINS = 20;
/** Coins when the request does not say. */
export const DEFAULT_POPULAR_COINS = 6;

/** URL slug of a coin name: lower case, runs of other characters become `-` (`Shiba Inu` → `shiba-inu`). */
export function coinSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The top `limit` bases by USDT-converted quote volume, highest first (ties by code). */
export function popularCoins(
  data: Pick<MarketData, 'spot' | 'usdtPrice'>,
  limit = DEFAULT_POPULAR_COINS,
): PopularCoinWire[] {
  const totals = new Map<string, { volume: number; name: string }>();
  for (const row of data.spot) {
    if (row.isST || row.categories.includes('ETF')) continue;
    const [base, quote] = row.pair.toUpperCase().split('_');
    if (!base || !quote) continue;
    const price = data.usdtPrice(quote);
    const volume = Number(row.volume) * (price ?? NaN);
    if (!Number.isFinite(volume) || volume <= 0) continue;
    const entry = totals.get(base) ?? { volume: 0, name: row.name || base };
    entry.volume += volume;
    totals.set(base, entry);
  }
  return [...totals]
    .sort((a, b) => b[1].volume - a[1].volume || a[0].localeCompare(b[0]))
    .slice(0, Math.max(0, Math.min(MAX_POPULAR_COINS, limit)))
    .map(([currency, { name }]) => ({ currency, name, slug: coinSlug(name) || currency.toLowerCase() }));
}
