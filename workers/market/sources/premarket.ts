/**
 * Pre-market and pre-mint lists (SPEC §3 'Pre-market row', §7 the two simple-info calls with limit=100&page=1,
 * §9 cache `preMarket_v2` = `{premint: [...], pre_market: [...]}`). Search matches the currency (SPEC §5).
 */
import { PreMarketListWire, PreMarketRowWire, withRowsUnchecked } from '../../../common/wire/market.ts';
import { marketUrl, type MarketCall } from '../../../common/wire/endpoints.ts';
import { CACHE_NAMES } from '../config.ts';
import {
  createTableBuilder,
  FLAG_HOT,
  FLAG_NEW,
  GROUP_PRE_MARKET,
  GROUP_PREMINT,
  num,
  type MarketTable,
} from '../table.ts';
import { z } from 'zod/mini';
import {
  fetchEnvelopeData,
  isNonEmptyObject,
  validRows,
  type SourceContext,
  type SourceDef,
} from './source.ts';

/** The pre-market cache shape: both lists (SPEC §3 'Pre-market tabs: premint, pre_market'). */
export interface PreMarketData {
  premint: PreMarketRowWire[];
  pre_market: PreMarketRowWire[];
}

const ListData = withRowsUnchecked(PreMarketListWire);

/** The cache entry's schema: both lists of wire rows. */
const PreMarketDataSchema = z.object({
  premint: z.array(PreMarketRowWire),
  pre_market: z.array(PreMarketRowWire),
});

async function fetchList(
  ctx: SourceContext,
  call: MarketCall,
  what: string,
): Promise<PreMarketRowWire[] | null> {
  const res = await fetchEnvelopeData(ctx, marketUrl(call));
  if (!res.ok) return null;
  const shape = ListData.safeParse(res.data);
  if (!shape.success) {
    ctx.log(`${what}: bad shape`);
    return null;
  }
  return validRows(shape.data.list, PreMarketRowWire, ctx, what);
}

/** Builds one table of both lists: pre-mint rows link to /trade/{CURRENCY}_USDT, pre-market to /pre-market/{CURRENCY}. */
export function buildPreMarketTable(data: PreMarketData): MarketTable {
  const b = createTableBuilder('premarket', data.premint.length + data.pre_market.length);
  const groups = [
    ['premint', GROUP_PREMINT, data.premint],
    ['pre_market', GROUP_PRE_MARKET, data.pre_market],
  ] as const;
  for (const [key, group, list] of groups) {
    for (const r of list) {
      const currency = r.currency.trim().toUpperCase();
      const tags = r.tags ?? [];
      b.add({
        symbol: r.currency,
        label: currency,
        sub: (r.full_name ?? '').trim(),
        last: r.price ?? '',
        quote: '',
        path: group === GROUP_PREMINT ? `/trade/${currency}_USDT` : `/pre-market/${currency}`,
        icon: r.icon ?? null,
        lastUsdt: num(r.price),
        change24: NaN,
        changeUtc0: NaN,
        changeUtc8: NaN,
        volumeUsdt: 0,
        leverage: 0,
        flags: (tags.includes('hot') ? FLAG_HOT : 0) | (tags.includes('new') ? FLAG_NEW : 0),
        openingMs: 0,
        group,
        categories: [key, ...tags],
        search: { currency: currency.toLowerCase() },
      });
    }
  }
  return b.finish();
}

/**
 * The pre-market source. The two calls are independent: when one fails, the panel shows the list that arrived, with
 * the failed one taken from memory (an earlier load or the cache) or empty; such a partial answer is marked
 * incomplete, so it is not cached and is retried with backoff. Null only when both fail. Validity (SPEC §5):
 * a non-empty object with both lists as arrays.
 */
export const preMarketSource: SourceDef<PreMarketData> = {
  id: 'premarket',
  cacheName: CACHE_NAMES.premarket,
  refreshMs: null,
  async fetch(ctx) {
    const [premint, preMarket] = await Promise.all([
      fetchList(ctx, 'premint', 'pre-mint'),
      fetchList(ctx, 'preMarket', 'pre-market'),
    ]);
    if (!premint && !preMarket) return null;
    if (!premint || !preMarket) ctx.markIncomplete();
    const previous = preMarketSource.isValid(ctx.previous) ? ctx.previous : null;
    return {
      premint: premint ?? previous?.premint ?? [],
      pre_market: preMarket ?? previous?.pre_market ?? [],
    };
  },
  cacheSchema: PreMarketDataSchema,
  isValid(data: unknown): data is PreMarketData {
    return isNonEmptyObject(data) && Array.isArray(data.premint) && Array.isArray(data.pre_market);
  },
  build(data) {
    return new Map([['premarket', buildPreMarketTable(data)]]);
  },
};
