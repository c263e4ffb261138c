/**
 * Pilot (on-chain token) list (SPEC §3 'Pilot token row', §7 /apiw/v2/pilot/markets, §9 cache `pilot_market_data`).
 * It can hold 100,000 rows (48.6 MB as SPEC §7 row objects), so the source asks for the compact variant first
 * (`format=columns`, docs/API.md: columns, numbers as numbers, repeated values once; ~7.5 MB brotli) and checks it
 * per column (PilotColumnsWire), not row by row. A server that ignores the parameter answers rows, which are checked
 * one by one as before. A compact answer that arrived malformed (bad JSON, wrong shape, a 4xx) is followed by one
 * request of the SPEC §7 form; a time-out, network failure or 5xx is not (the store keeps the cache, SPEC §8).
 * In memory and in the cache the list is columns with typed arrays (sources/pilot-columns.ts).
 */
import {
  PilotColumnsWire,
  PilotMarketsWire,
  PilotRowWire,
  withRowsUnchecked,
} from '../../../common/wire/market.ts';
import { marketUrl, pilotColumnsUrl } from '../../../common/wire/endpoints.ts';
import { CACHE_NAMES } from '../config.ts';
import { FLAG_HOT, FLAG_NEW, GROUP_NONE, type MarketTable } from '../table.ts';
import { tableFromColumns } from '../table-columns.ts';
import { indexNow as indexTableNow } from '../search-index.ts';
import { constantText, PackedTextView } from '../packed-text.ts';
import { fetchEnvelopeData, validRows, type SourceContext, type SourceDef } from './source.ts';
import {
  fromColumnsWire,
  fromRows,
  isPilotColumns,
  migrateFormat1,
  migrateFormat2,
  PILOT_CACHE_FORMAT,
  type PilotColumns,
} from './pilot-columns.ts';

export type { PilotColumns } from './pilot-columns.ts';

const PilotData = withRowsUnchecked(PilotMarketsWire);

/** Pilot rows keep raw text; windows upper-case the pair, shorten the address and prefix the link (SPEC §9). */
const PILOT_DISPLAY = { upperLabel: true, shortSub: true, pathPrefix: '/pilot/' };

/**
 * Builds the pilot table from its columns (table-columns.ts: one loop per column, no row objects). Search fields
 * (search/profiles.ts PILOT_SEARCH): show_pair and address, lower-cased by the index. With `indexNow` false the
 * search index is left to build in slices (search-index.ts indexTable): the source store does that, so the first
 * window of a 100,000-row list does not wait for it.
 */
export function buildPilotTable(c: PilotColumns, indexNow = true): MarketTable {
  const n = c.n;
  const address = new PackedTextView(c.address);
  const showPair = new PackedTextView(c.show_pair);
  const isNew = c.categories.dict.map((list) => list.includes('new'));
  const iconDict = new PackedTextView(c.icon.dict);
  const icons = Array.from({ length: iconDict.length }, (_, k) => iconDict.at(k) || null);
  const icon = new Array<string | null>(n);
  const categories = new Array<string[]>(n);
  const flags = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const cat = c.categories.index[i]!;
    icon[i] = icons[c.icon.index[i]!] ?? null;
    categories[i] = c.categories.dict[cat]!;
    flags[i] = (c.is_hot[i] ? FLAG_HOT : 0) | (isNew[cat] ? FLAG_NEW : 0);
  }
  const unknown = new Float64Array(n).fill(NaN);
  const table = tableFromColumns('pilot', PILOT_DISPLAY, {
    n,
    symbol: address,
    label: showPair,
    sub: address,
    last: new PackedTextView(c.price),
    quote: constantText(n, ''),
    path: new PackedTextView(c.seo_path),
    icon,
    lastUsdt: null, // the pilot price is in USDT
    change24: c.change_percentage,
    changeUtc0: unknown,
    changeUtc8: unknown,
    volumeUsdt: c.volume_24h,
    leverage: new Float64Array(n),
    flags,
    openingMs: new Float64Array(n),
    group: new Uint8Array(n).fill(GROUP_NONE),
    categories,
    search: [showPair, address],
  });
  if (indexNow) indexTableNow(table);
  return table;
}

/** Turns validated SPEC §7 rows into the pilot columns. */
export function toColumns(cate: string, rows: readonly PilotRowWire[]): PilotColumns {
  return fromRows(cate, rows);
}

/** The SPEC §7 row form: `data` checked as {cate, list} with rows validated one by one (bad rows dropped). */
function fromRowData(data: unknown, ctx: SourceContext): PilotColumns | null {
  const shape = PilotData.safeParse(data);
  if (!shape.success) {
    ctx.log('pilot: bad shape');
    return null;
  }
  const rows = validRows(shape.data.list, PilotRowWire, ctx, 'pilot');
  return rows ? fromRows(shape.data.cate, rows) : null;
}

/** True when a failed compact call is worth one request of the SPEC §7 form (the answer came, but was unusable). */
const worthRowsRetry = (reason: string, status?: number) =>
  reason === 'parse' || reason === 'envelope' || (reason === 'http' && status !== undefined && status < 500);

/** Fetches the compact form; on an unusable answer, the SPEC §7 form once. Null = keep the cache (SPEC §8). */
async function fetchPilot(ctx: SourceContext): Promise<PilotColumns | null> {
  const res = await fetchEnvelopeData(ctx, pilotColumnsUrl());
  if (res.ok) {
    const data = res.data as { columns?: unknown } | null;
    if (data && typeof data === 'object' && 'columns' in data) {
      const wire = PilotColumnsWire.safeParse(data);
      if (wire.success) return fromColumnsWire(wire.data);
      ctx.log('pilot: malformed compact list; asking for rows');
    } else {
      // A server without the compact variant answered the SPEC §7 rows.
      return fromRowData(res.data, ctx);
    }
  } else if (!worthRowsRetry(res.reason, res.status)) return null;
  const rows = await fetchEnvelopeData(ctx, marketUrl('pilot'));
  return rows.ok ? fromRowData(rows.data, ctx) : null;
}

/** The pilot source. Cache validity (SPEC §5): a non-empty object (whose columns all have `n` entries). */
export const pilotSource: SourceDef<PilotColumns> = {
  id: 'pilot',
  cacheName: CACHE_NAMES.pilot,
  cacheFormat: PILOT_CACHE_FORMAT,
  refreshMs: null,
  fetch: fetchPilot,
  // SPEC §5 validity only (a non-empty object with a row count): network data is built by fromColumnsWire/fromRows,
  // and a cache entry gets the full column check below once, not once per rule.
  isValid(data: unknown): data is PilotColumns {
    return (
      typeof data === 'object' &&
      data !== null &&
      Object.keys(data).length > 0 &&
      typeof (data as { n?: unknown }).n === 'number'
    );
  },
  // Stored as is (packed text and typed arrays through structured clone); the check is one loop per column.
  cacheSchema: {
    safeParse: (value: unknown) =>
      isPilotColumns(value) ? { success: true, data: value } : { success: false },
  },
  migrate: (stored, format) =>
    format === 1 ? migrateFormat1(stored) : format === 2 ? migrateFormat2(stored) : null,
  build(data) {
    return new Map([['pilot', buildPilotTable(data, false)]]);
  },
};
