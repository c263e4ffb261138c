/**
 * Futures contracts (SPEC §3 'Futures contract', §7 /apiw/v2/market/futures, §9 cache `apiFutureContracts_v2`
 * grouped by settle `{USDT: [...], BTC: [...]}`, refreshed every REFRESH_MS).
 */
import { z } from 'zod/mini';
import { ContractWire } from '../../../common/wire/market.ts';
import { marketUrl } from '../../../common/wire/endpoints.ts';
import { CACHE_NAMES, NEWLISTED_TAB, REFRESH_MS, USD_LIKE } from '../config.ts';
import {
  createTableBuilder,
  FLAG_HOT,
  FLAG_NEW,
  FLAG_ST,
  GROUP_NONE,
  num,
  type MarketTable,
} from '../table.ts';
import { fetchEnvelopeData, isNonEmptyArray, isNonEmptyObject, validRows, type SourceDef } from './source.ts';
import { hasCategory, splitPair } from './spot.ts';

/** The contracts cache shape: contracts by upper-case settle currency. */
export type ContractsBySettle = Partial<Record<'USDT' | 'BTC', ContractWire[]>>;

/** The cache entry's schema: the wire contract row, grouped by settle. */
const ContractsBySettleSchema = z.object({
  USDT: z.optional(z.array(ContractWire)),
  BTC: z.optional(z.array(ContractWire)),
});

/** Groups contracts by settle (`usdt` → `USDT`). */
export function groupBySettle(list: readonly ContractWire[]): ContractsBySettle {
  const out: ContractsBySettle = {};
  for (const c of list) {
    const settle = c.settle.toUpperCase() as 'USDT' | 'BTC';
    (out[settle] ??= []).push(c);
  }
  return out;
}

/** Builds the table of one settle list. Quote volumes are USDT (USDT-M) or USD (BTC-M), both ~1 USDT. */
export function buildFuturesTable(settle: 'USDT' | 'BTC', list: readonly ContractWire[]): MarketTable {
  const b = createTableBuilder('futures', list.length);
  for (const c of list) {
    const [pairBase, quote] = splitPair(c.name);
    const base = c.coin_name.trim().toUpperCase() || pairBase;
    const rate = USD_LIKE.has(quote) ? 1 : NaN;
    const name = (c.full_name ?? '').trim() || base;
    b.add({
      symbol: c.name,
      label: `${pairBase}/${quote}`,
      sub: name,
      last: c.last_price,
      quote: settle,
      path: `/futures/${settle}/${pairBase}_${quote}`,
      icon: c.icon ?? null,
      lastUsdt: num(c.last_price) * rate,
      change24: num(c.change_percentage),
      changeUtc0: num(c.change_utc0),
      changeUtc8: num(c.change_utc8),
      volumeUsdt: num(c.volume_24h_quote) * rate,
      leverage: c.leverage_max,
      flags:
        (c.is_tag_st ? FLAG_ST : 0) |
        (hasCategory(c.categories, 'hot') ? FLAG_HOT : 0) |
        (hasCategory(c.categories, NEWLISTED_TAB) ? FLAG_NEW : 0),
      openingMs: 0,
      group: GROUP_NONE,
      categories: c.categories,
      search: {
        base: base.toLowerCase(),
        quote: quote.toLowerCase(),
        name: name.toLowerCase(),
        pair: c.name.trim().toLowerCase(),
      },
    });
  }
  return b.finish();
}

/**
 * The futures source. SPEC §8: a response whose code is not 200 gives an empty object, which fails the SPEC §5
 * validity rule (a non-empty BTC list), so the cache is kept.
 */
export const futuresSource: SourceDef<ContractsBySettle> = {
  id: 'futures',
  cacheName: CACHE_NAMES.futures,
  refreshMs: REFRESH_MS,
  async fetch(ctx) {
    const path = `${marketUrl('futures')}&timezone=${encodeURIComponent(ctx.timeZone)}`;
    const res = await fetchEnvelopeData(ctx, path);
    const list = res.ok ? validRows(res.data, ContractWire, ctx, 'contracts') : null;
    const grouped = list ? groupBySettle(list) : {};
    if (!futuresSource.isValid(grouped)) {
      ctx.log('contracts: no valid BTC list; keeping the cache');
      return null;
    }
    return grouped;
  },
  isValid(data: unknown): data is ContractsBySettle {
    if (!isNonEmptyObject(data) || !isNonEmptyArray(data.BTC)) return false;
    return data.USDT === undefined || Array.isArray(data.USDT);
  },
  cacheSchema: ContractsBySettleSchema,
  build(data) {
    return new Map([
      ['futures:USDT', buildFuturesTable('USDT', data.USDT ?? [])],
      ['futures:BTC', buildFuturesTable('BTC', data.BTC ?? [])],
    ]);
  },
};
