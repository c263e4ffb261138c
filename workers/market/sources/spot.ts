/**
 * Spot list (SPEC §3 'Spot market row', §7 /apiw/v2/market/spots, §9 cache `all_market_v2`): validation,
 * normalisation to a table with pre-lowered search fields, and volume converted to USDT (SPEC §5 ranking).
 */
import { SpotMarketsWire, SpotRowWire, withRowsUnchecked } from '../../../common/wire/market.ts';
import { marketUrl } from '../../../common/wire/endpoints.ts';
import { CACHE_NAMES, NEWLISTED_TAB } from '../config.ts';
import {
  createTableBuilder,
  FLAG_HOT,
  FLAG_NEW,
  FLAG_ST,
  GROUP_NONE,
  num,
  type MarketTable,
} from '../table.ts';
import { usdtRates } from '../usdt-rates.ts';
import { fetchEnvelopeData, isNonEmptyObject, validRows, type SourceDef } from './source.ts';

const SpotData = withRowsUnchecked(SpotMarketsWire);

/** Splits `btc_usdt` into upper-cased `['BTC', 'USDT']`; a pair without `_` is all base. */
export function splitPair(pair: string): [string, string] {
  const upper = pair.trim().toUpperCase();
  const at = upper.lastIndexOf('_');
  return at < 0 ? [upper, ''] : [upper.slice(0, at), upper.slice(at + 1)];
}

/** True when `categories` holds `key`, ignoring case (`HOT`, `hot`). */
export function hasCategory(categories: readonly string[], key: string): boolean {
  const k = key.toLowerCase();
  return categories.some((c) => c.toLowerCase() === k);
}

/** Builds the spot table; volumes and prices converted to USDT with the USDT pairs' last prices. */
export function buildSpotTable(data: SpotMarketsWire): MarketTable {
  const rates = usdtRates(data.list.map((r) => [r.pair, r.rate] as const));
  const b = createTableBuilder('spot', data.list.length);
  for (const r of data.list) {
    const [base, quote] = splitPair(r.pair);
    const rate = rates(quote);
    const name = r.name.trim() || base;
    b.add({
      symbol: r.pair,
      label: `${base}/${quote}`,
      sub: name,
      last: r.rate,
      quote,
      path: `/trade/${base}_${quote}`,
      icon: r.icon ?? null,
      lastUsdt: num(r.rate) * rate,
      change24: num(r.rate_percent),
      changeUtc0: num(r.change_utc0),
      changeUtc8: num(r.change_utc8),
      volumeUsdt: num(r.volume) * rate,
      leverage: r.multiple,
      flags:
        (r.isST ? FLAG_ST : 0) |
        (hasCategory(r.categories, 'hot') ? FLAG_HOT : 0) |
        (hasCategory(r.categories, NEWLISTED_TAB) ? FLAG_NEW : 0),
      openingMs: r.opening_time > 0 ? r.opening_time * 1000 : 0,
      group: GROUP_NONE,
      categories: r.categories,
      search: {
        base: base.toLowerCase(),
        quote: quote.toLowerCase(),
        name: name.toLowerCase(),
        pair: r.pair.trim().toLowerCase(),
      },
    });
  }
  return b.finish();
}

/** The spot source. Cache validity (SPEC §5): a non-empty object (with a list array, so it can be read). */
export const spotSource: SourceDef<SpotMarketsWire> = {
  id: 'spot',
  cacheName: CACHE_NAMES.spot,
  refreshMs: null,
  async fetch(ctx) {
    const res = await fetchEnvelopeData(ctx, marketUrl('spot'));
    if (!res.ok) return null;
    const shape = SpotData.safeParse(res.data);
    if (!shape.success) {
      ctx.log('spots: bad shape');
      return null;
    }
    const list = validRows(shape.data.list, SpotRowWire, ctx, 'spots');
    if (!list) return null;
    return { server_time: shape.data.server_time, list };
  },
  isValid(data: unknown): data is SpotMarketsWire {
    return isNonEmptyObject(data) && Array.isArray(data.list);
  },
  cacheSchema: SpotMarketsWire,
  build(data) {
    return new Map([['spot', buildSpotTable(data)]]);
  },
};
