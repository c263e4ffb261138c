/**
 * Pilot (on-chain token) list (SPEC §3 'Pilot token row', §7 /apiw/v2/pilot/markets, §9 cache `pilot_market_data`).
 * It can hold 100,000 rows, so it is kept and cached as columns: the cache entry holds one JSON string of the
 * columns (a structured clone of 100k row objects blocked the worker ~600 ms in measurements; the string ~150 ms).
 */
import { PilotMarketsWire, PilotRowWire, withRowsUnchecked } from '../../../common/wire/market';
import { marketUrl } from '../../../common/wire/endpoints';
import { CACHE_NAMES } from '../config';
import { createTableBuilder, FLAG_HOT, FLAG_NEW, GROUP_NONE, num, type MarketTable } from '../table';
import { z } from 'zod/mini';
import { fetchEnvelopeData, isNonEmptyObject, validRows, type CacheSchema, type SourceDef } from './source';

/** The pilot list as columns (only the fields the panels use). `categories` are comma-joined. */
export interface PilotColumns {
  cate: string;
  n: number;
  name: string[];
  address: string[];
  show_pair: string[];
  icon: Array<string | null>;
  seo_path: string[];
  is_hot: number[];
  price: string[];
  change_percentage: string[];
  volume_24h: string[];
  categories: string[];
}

const COLUMNS = [
  'name',
  'address',
  'show_pair',
  'icon',
  'seo_path',
  'is_hot',
  'price',
  'change_percentage',
  'volume_24h',
  'categories',
] as const;

const PilotData = withRowsUnchecked(PilotMarketsWire);

/** A column of one wire field: the field's own schema from PilotRowWire, per row. */
const column = <K extends keyof typeof PilotRowWire.shape>(k: K) => z.array(PilotRowWire.shape[k]);

/** The cache entry's schema: each column holds the PilotRowWire field schema (one schema with the wire); `is_hot`
 * is stored as 0/1 and `categories` comma-joined. Column lengths are checked by `isValid`. */
const PilotColumnsSchema = z.object({
  cate: PilotMarketsWire.shape.cate,
  n: z.number(),
  name: column('name'),
  address: column('address'),
  show_pair: column('show_pair'),
  icon: column('icon'),
  seo_path: column('seo_path'),
  is_hot: z.array(z.number()),
  price: column('price'),
  change_percentage: column('change_percentage'),
  volume_24h: column('volume_24h'),
  categories: z.array(z.string()),
}) as unknown as CacheSchema<PilotColumns>;

/** Pilot rows keep raw text; windows upper-case the pair, shorten the address and prefix the link (SPEC §9). */
const PILOT_DISPLAY = { upperLabel: true, shortSub: true, pathPrefix: '/pilot/' };

/** Builds the pilot table. Search fields (search/profiles.ts PILOT_SEARCH): show_pair and address, lower-cased. */
export function buildPilotTable(c: PilotColumns): MarketTable {
  const b = createTableBuilder('pilot', c.n, PILOT_DISPLAY);
  const splitCache = new Map<string, string[]>();
  for (let i = 0; i < c.n; i++) {
    const showPair = c.show_pair[i]!.trim();
    const address = c.address[i]!.trim();
    const joined = c.categories[i]!;
    let categories = splitCache.get(joined);
    if (!categories) splitCache.set(joined, (categories = joined ? joined.split(',') : []));
    b.add({
      symbol: address,
      label: showPair,
      sub: address,
      last: c.price[i]!,
      quote: '',
      path: c.seo_path[i]!,
      icon: c.icon[i] ?? null,
      lastUsdt: num(c.price[i]),
      change24: num(c.change_percentage[i]),
      changeUtc0: NaN,
      changeUtc8: NaN,
      volumeUsdt: num(c.volume_24h[i]),
      leverage: 0,
      flags: (c.is_hot[i] ? FLAG_HOT : 0) | (categories.includes('new') ? FLAG_NEW : 0),
      openingMs: 0,
      group: GROUP_NONE,
      categories,
      search: { show_pair: showPair.toLowerCase(), address: address.toLowerCase() },
    });
  }
  return b.finish();
}

/** Turns validated rows into columns. */
export function toColumns(cate: string, rows: readonly PilotRowWire[]): PilotColumns {
  const c: PilotColumns = {
    cate,
    n: rows.length,
    name: [],
    address: [],
    show_pair: [],
    icon: [],
    seo_path: [],
    is_hot: [],
    price: [],
    change_percentage: [],
    volume_24h: [],
    categories: [],
  };
  for (const r of rows) {
    c.name.push(r.name);
    c.address.push(r.address);
    c.show_pair.push(r.show_pair);
    c.icon.push(r.icon ?? null);
    c.seo_path.push(r.seo_path);
    c.is_hot.push(r.is_hot ? 1 : 0);
    c.price.push(r.price);
    c.change_percentage.push(r.change_percentage);
    c.volume_24h.push(r.volume_24h);
    c.categories.push(r.categories.join(','));
  }
  return c;
}

/** The pilot source. Cache validity (SPEC §5): a non-empty object (whose columns all have `n` entries). */
export const pilotSource: SourceDef<PilotColumns> = {
  id: 'pilot',
  cacheName: CACHE_NAMES.pilot,
  refreshMs: null,
  async fetch(ctx) {
    const res = await fetchEnvelopeData(ctx, marketUrl('pilot'));
    if (!res.ok) return null;
    const shape = PilotData.safeParse(res.data);
    if (!shape.success) {
      ctx.log('pilot: bad shape');
      return null;
    }
    const rows = validRows(shape.data.list, PilotRowWire, ctx, 'pilot');
    return rows ? toColumns(shape.data.cate, rows) : null;
  },
  isValid(data: unknown): data is PilotColumns {
    if (!isNonEmptyObject(data) || typeof data.n !== 'number' || typeof data.cate !== 'string') return false;
    return COLUMNS.every((k) => Array.isArray(data[k]) && (data[k] as unknown[]).length === data.n);
  },
  cacheSchema: PilotColumnsSchema,
  encode(data) {
    const columns: Record<string, unknown> = {};
    for (const k of COLUMNS) columns[k] = data[k];
    return { cate: data.cate, n: data.n, columns: JSON.stringify(columns) };
  },
  decode(stored) {
    if (!isNonEmptyObject(stored) || typeof stored.columns !== 'string') return stored;
    try {
      const columns = JSON.parse(stored.columns) as Record<string, unknown>;
      return { ...columns, cate: stored.cate, n: stored.n };
    } catch {
      return null;
    }
  },
  build(data) {
    return new Map([['pilot', buildPilotTable(data)]]);
  },
};
