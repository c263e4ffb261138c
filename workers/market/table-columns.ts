/**
 * A MarketTable straight from columns (table.ts), for lists that arrive as columns already (the pilot list, up to
 * 100,000 rows, sources/pilot-columns.ts): one loop per column and no row objects, so the first window of a warm
 * start waits for as little as possible (warm first rows ≤ 100 ms, docs/BENCHMARKS.md). Applies the same limits as
 * the row builder (text clipped, icons over MAX_ICON_CHARS dropped, volume and leverage 0 when not finite) and
 * leaves the search index to build (search-index.ts). Pure.
 */
import type { MarketKind } from './contract.ts';
import { deferIndex } from './search-index.ts';
import { SEARCH_PROFILES } from './search/profiles.ts';
import { MAX_ICON_CHARS, type MarketTable, type TableDisplay } from './table.ts';
import { clip, MAX_TEXT_CHARS } from './text-chunks.ts';
import { clipColumn, type TextColumn } from './packed-text.ts';

/** The columns of a table, `n` values each; numbers NaN when unknown (the MarketTable fields of the same names).
 * Arrays are adopted, not copied, when no value needs changing: callers must not mutate them afterwards. */
export type TableColumns = Omit<
  MarketTable,
  'kind' | 'profile' | 'indexed' | 'fields' | 'lens' | 'hay' | 'display'
> & {
  /** Search field values in the kind's profile field order (any case; the index lower-cases them). */
  search: TextColumn[];
};

/** `texts` with every value longer than `max` clipped; the same column when none is. */
const clipped = (texts: TextColumn, max: number): TextColumn => clipColumn(texts, max, clip);

/** `values` with non-finite (or, with `positive`, non-positive) entries as 0; the same array when none is. */
function finiteOrZero(values: Float64Array, positive: boolean): Float64Array {
  let out: Float64Array | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // v - v is NaN for NaN and ±Infinity: the finite test without a call per value.
    if (v - v === 0 && (!positive || v > 0)) continue;
    out ??= values.slice();
    out[i] = 0;
  }
  return out ?? values;
}

/** True when an icon URL is over MAX_ICON_CHARS (dropped: letter avatar). */
function longIcons(icons: Array<string | null>): boolean {
  for (let i = 0; i < icons.length; i++) if ((icons[i]?.length ?? 0) > MAX_ICON_CHARS) return true;
  return false;
}

/** Builds an unindexed table of `kind` (search/profiles.ts profile) from `c`. Throws when a column is not `n` long. */
export function tableFromColumns(kind: MarketKind, display: TableDisplay, c: TableColumns): MarketTable {
  const profile = SEARCH_PROFILES[kind];
  const columns: Array<{ length: number }> = [
    c.symbol,
    c.label,
    c.sub,
    c.last,
    c.quote,
    c.path,
    c.icon,
    c.lastUsdt ?? c.last,
    c.change24,
    c.changeUtc0,
    c.changeUtc8,
    c.volumeUsdt,
    c.leverage,
    c.flags,
    c.openingMs,
    c.group,
    c.categories,
    ...c.search,
  ];
  if (c.search.length !== profile.fields.length || columns.some((col) => col.length !== c.n))
    throw new Error(`table ${kind}: every column must hold ${c.n} values`);
  const lens: Record<string, Uint16Array> = {};
  for (const name of profile.fields) lens[name] = new Uint16Array(c.n);
  const t: MarketTable = {
    kind,
    profile,
    n: c.n,
    symbol: clipped(c.symbol, MAX_TEXT_CHARS),
    label: clipped(c.label, MAX_TEXT_CHARS),
    sub: clipped(c.sub, MAX_TEXT_CHARS),
    last: clipped(c.last, 40),
    quote: clipped(c.quote, 20),
    path: clipped(c.path, 300),
    icon: longIcons(c.icon)
      ? c.icon.map((v) => (v !== null && v.length > MAX_ICON_CHARS ? null : v))
      : c.icon,
    lastUsdt: c.lastUsdt,
    change24: c.change24,
    changeUtc0: c.changeUtc0,
    changeUtc8: c.changeUtc8,
    volumeUsdt: finiteOrZero(c.volumeUsdt, true),
    leverage: finiteOrZero(c.leverage, false),
    flags: c.flags,
    openingMs: finiteOrZero(c.openingMs, false),
    group: c.group,
    categories: c.categories,
    indexed: false,
    fields: {},
    lens,
    hay: [],
    display,
  };
  deferIndex(t, c.search);
  return t;
}
