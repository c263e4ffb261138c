/**
 * The engine's in-memory list: a columnar table (struct of arrays) built once per data version, so search touches
 * pre-lowered strings and typed arrays only (search speed, docs/BENCHMARKS.md). Rows become MarketRow objects only
 * inside a window.
 */
import type { MarketKind } from './contract.ts';
import { SEARCH_PROFILES, type FieldOf, type ProfileOf, type SearchProfile } from './search/profiles.ts';
import { deferIndex, indexNow } from './search-index.ts';
import type { TextColumn } from './packed-text.ts';
import { clip, type HayChunk } from './text-chunks.ts';

/** Row flag bit in `MarketTable.flags`: ST (risk warning). */
export const FLAG_ST = 1;
/** Row flag bit: hot. */
export const FLAG_HOT = 2;
/** Row flag bit: new listing. */
export const FLAG_NEW = 4;

/** Pre-market group code in `MarketTable.group`: not a pre-market row. */
export const GROUP_NONE = 0;
/** Pre-market group code: pre-mint list. */
export const GROUP_PREMINT = 1;
/** Pre-market group code: pre-market list. */
export const GROUP_PRE_MARKET = 2;

/** One list, columnar. Numbers unknown to the source are NaN (prices, changes) or 0 (volume, leverage). */
export interface MarketTable {
  kind: MarketKind;
  /** The list kind's named search profile (search/profiles.ts): fields, tiers, aliases. */
  profile: SearchProfile;
  n: number;
  /** Text columns: string arrays, or packed views for a large list (packed-text.ts), read with `at(i)`. */
  symbol: TextColumn;
  label: TextColumn;
  sub: TextColumn;
  last: TextColumn;
  quote: TextColumn;
  /** Link path without the language prefix. */
  path: TextColumn;
  icon: Array<string | null>;
  /** Last price in USDT per row; null when `last` is already in USDT (parsed per drawn row, so a 100,000-row list
   * parses no number before its first window). */
  lastUsdt: Float64Array | null;
  change24: Float64Array;
  changeUtc0: Float64Array;
  changeUtc8: Float64Array;
  volumeUsdt: Float64Array;
  leverage: Float64Array;
  flags: Uint8Array;
  /** Listing time, ms since epoch; 0 when none. */
  openingMs: Float64Array;
  group: Uint8Array;
  /** Tab keys per row (exact keys from the tabs endpoint). */
  categories: string[][];
  /** False until the search index (`fields`, `lens`, `hay`) is built (search-index.ts); the display and listing
   * columns are complete either way. */
  indexed: boolean;
  /** Lower-cased search fields by profile field name (`base`, `address`, …), one value per row. */
  fields: Readonly<Record<string, string[]>>;
  /** Length of each search field per row, by field name: ranking reads numbers and the haystack, not the strings. */
  lens: Readonly<Record<string, Uint16Array>>;
  /** The search fields of every row joined in profile field order (search-index.ts). */
  hay: HayChunk[];
  /** How `label`, `sub` and `path` become display text (applied per window, so 100k rows cost no strings). */
  display: TableDisplay;
}

/** Display rules of a table's text columns. */
export interface TableDisplay {
  /** Upper-case `label` when drawn. */
  upperLabel: boolean;
  /** `sub` holds an address: draw it as first 4 + '…' + last 4 (SPEC §9). */
  shortSub: boolean;
  /** Prefix of `path` (e.g. `/pilot/`). */
  pathPrefix: string;
}

const PLAIN: TableDisplay = { upperLabel: false, shortSub: false, pathPrefix: '' };

/** One row to add; numbers as parsed numbers (NaN when unknown); `search` holds the profile's fields `F` (any case:
 * the index lower-cases them). */
export interface RowInput<F extends string = string> {
  symbol: string;
  label: string;
  sub: string;
  last: string;
  quote: string;
  path: string;
  icon: string | null;
  lastUsdt: number;
  change24: number;
  changeUtc0: number;
  changeUtc8: number;
  volumeUsdt: number;
  leverage: number;
  flags: number;
  openingMs: number;
  group: number;
  categories: string[];
  /** Search fields by name (every field of the list kind's profile); lower-cased when indexed. */
  search: Readonly<Record<F, string>>;
}

/** Collects rows and builds a MarketTable. */
export interface TableBuilder<F extends string = string> {
  add(row: RowInput<F>): void;
  /** The table, search index built. */
  finish(): MarketTable;
  /** The table with its search index still to build (`indexed` false; search-index.ts indexTable builds it in
   * slices). Drawing and empty-term listing work at once. */
  finishUnindexed(): MarketTable;
}

/** Longest icon URL kept; longer ones are dropped (letter avatar). */
export const MAX_ICON_CHARS = 512;

/** Parses a decimal string; NaN for '' or garbage. */
export function num(text: string | number | null | undefined): number {
  if (text === null || text === undefined || text === '') return NaN;
  return typeof text === 'number' ? text : Number(text);
}

/**
 * Returns a builder for up to `capacity` rows of `kind`, searched with the kind's profile (search/profiles.ts): each
 * row gives every search field by name. Throws when more than `capacity` rows are added. Rows are written straight
 * into the columns: keeping 100k row objects alive until the end cost more in GC than the build itself.
 */
export function createTableBuilder<K extends MarketKind>(
  kind: K,
  capacity: number,
  display: TableDisplay = PLAIN,
): TableBuilder<FieldOf<ProfileOf<K>>> {
  const profile: SearchProfile = SEARCH_PROFILES[kind];
  const names = profile.fields;
  const raw: string[][] = names.map(() => []);
  const lens: Record<string, Uint16Array> = {};
  for (const name of names) lens[name] = new Uint16Array(capacity);
  const lastUsdt = new Float64Array(capacity);
  const text = { symbol: [] as string[], label: [] as string[], sub: [] as string[], last: [] as string[] };
  const quote: string[] = [];
  const path: string[] = [];
  const t: MarketTable = {
    kind,
    profile,
    n: 0,
    ...text,
    quote,
    path,
    icon: [],
    lastUsdt,
    change24: new Float64Array(capacity),
    changeUtc0: new Float64Array(capacity),
    changeUtc8: new Float64Array(capacity),
    volumeUsdt: new Float64Array(capacity),
    leverage: new Float64Array(capacity),
    flags: new Uint8Array(capacity),
    openingMs: new Float64Array(capacity),
    group: new Uint8Array(capacity),
    categories: [],
    indexed: false,
    fields: {},
    lens,
    hay: [],
    display,
  };
  return {
    add(r) {
      const i = t.n;
      if (i >= capacity) throw new Error('table builder: capacity exceeded');
      t.n++;
      text.symbol.push(clip(r.symbol));
      text.label.push(clip(r.label));
      text.sub.push(clip(r.sub));
      text.last.push(clip(r.last, 40));
      quote.push(clip(r.quote, 20));
      path.push(clip(r.path, 300));
      t.icon.push(r.icon && r.icon.length <= MAX_ICON_CHARS ? r.icon : null);
      lastUsdt[i] = r.lastUsdt;
      t.change24[i] = r.change24;
      t.changeUtc0[i] = r.changeUtc0;
      t.changeUtc8[i] = r.changeUtc8;
      t.volumeUsdt[i] = r.volumeUsdt > 0 && r.volumeUsdt < Infinity ? r.volumeUsdt : 0;
      t.leverage[i] = Number.isFinite(r.leverage) ? r.leverage : 0;
      t.flags[i] = r.flags;
      t.openingMs[i] = Number.isFinite(r.openingMs) ? r.openingMs : 0;
      t.group[i] = r.group;
      t.categories.push(r.categories);
      const search = r.search as Readonly<Record<string, string>>;
      for (let f = 0; f < names.length; f++) raw[f]!.push(search[names[f]!] ?? '');
    },
    finish() {
      deferIndex(t, raw);
      indexNow(t);
      return t;
    },
    finishUnindexed() {
      deferIndex(t, raw);
      return t;
    },
  };
}

const keyIndexes = new WeakMap<MarketTable, Map<string, number[]>>();

/** Rows whose alias field (the profile's `aliasField`, e.g. base) is `key`; [] without one. Index built on first use. */
export function rowsWithKey(t: MarketTable, key: string): number[] {
  const aliasField = t.profile.aliasField;
  if (aliasField === null) return [];
  let index = keyIndexes.get(t);
  if (!index) {
    index = new Map();
    const values = t.fields[aliasField]!;
    for (let i = 0; i < t.n; i++) {
      const key = values[i]!;
      const rows = index.get(key);
      if (rows) rows.push(i);
      else index.set(key, [i]);
    }
    keyIndexes.set(t, index);
  }
  return index.get(key) ?? [];
}
