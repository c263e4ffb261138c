/**
 * The pilot list in memory and in the cache (SPEC §5, §9 cache `pilot_market_data`): columns, text packed (one string
 * plus end offsets per column, packed-text.ts), numbers as typed arrays, category lists as a dictionary plus a
 * Uint32Array index, icons as a packed dictionary plus an index. IndexedDB stores this object as it is (structured
 * clone: a handful of strings and typed arrays, no JSON of 100,000 rows and no 500,000 string objects to rebuild),
 * so a warm read costs a few copies (docs/BENCHMARKS.md 'warm first rows'). Pairs and addresses are trimmed once,
 * here, on the way in. This module turns the inputs into that form and checks it:
 * - the compact wire form (PilotColumnsWire, the `format=columns` pilot call): `fromColumnsWire`;
 * - the SPEC §7 row form: `fromRows`;
 * - cache entries of earlier formats: `migrateFormat1` (one JSON string of string columns), `migrateFormat2` (string
 *   arrays and a string icon dictionary).
 * Pure; no I/O.
 */
import type { DictColumn, PilotColumnsWire, PilotRowWire } from '../../../common/wire/market.ts';
import { isPackedText, packText, type PackedText } from '../packed-text.ts';

/** The cache format of the pilot entry (cache.ts checks it per source; format 1 was one JSON string, format 2 string
 * arrays). */
export const PILOT_CACHE_FORMAT = 3;

/** A dictionary column in memory: row i holds `dict[index[i]]`. */
export interface PackedDict<T> {
  dict: T;
  index: Uint32Array;
}

/** The pilot list as columns (only the fields the panels use); `n` rows in every column. */
export interface PilotColumns {
  cate: string;
  n: number;
  name: PackedText;
  /** Token addresses, trimmed (an address of only spaces is kept as sent, so none is empty). */
  address: PackedText;
  /** Pairs, trimmed likewise. */
  show_pair: PackedText;
  seo_path: PackedText;
  /** Last price in USDT as the wire's decimal text (shown as sent). */
  price: PackedText;
  /** Icon URLs; '' in the dictionary = no icon. */
  icon: PackedDict<PackedText>;
  categories: PackedDict<string[][]>;
  /** 1 = hot. */
  is_hot: Uint8Array;
  /** 24h change, percent; NaN when unknown. */
  change_percentage: Float64Array;
  /** 24h volume, USDT; NaN when unknown. */
  volume_24h: Float64Array;
}

const TEXT = ['name', 'address', 'show_pair', 'seo_path', 'price'] as const;

/** Trimmed, unless that leaves nothing (an address must stay non-empty). */
const trimmed = (text: string) => text.trim() || text;

/** Packs `values` into a dictionary (`key` names equal values). */
function pack<T>(values: ArrayLike<T>, key: (v: T) => string): { dict: T[]; index: Uint32Array } {
  const slot = new Map<string, number>();
  const dict: T[] = [];
  const index = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as T;
    const k = key(v);
    let at = slot.get(k);
    if (at === undefined) slot.set(k, (at = dict.push(v) - 1));
    index[i] = at;
  }
  return { dict, index };
}

const listKey = (v: string[]) => v.join('\u0000');

/** Icons (null = none) as a packed dictionary ('' = none). */
function packIcons(values: ArrayLike<string | null>): PackedDict<PackedText> {
  const { dict, index } = pack(
    Array.from(values, (v) => v ?? ''),
    (v) => v,
  );
  return { dict: packText(dict), index };
}

/** Number of a decimal text (NaN when empty or unreadable). */
const numberOf = (text: string | null | undefined) =>
  text === null || text === undefined || text === '' ? NaN : Number(text);

/** Expands a plain-or-dictionary wire column to one value per row. */
function expand<T>(column: T[] | DictColumn<T>): T[] {
  if (Array.isArray(column)) return column;
  const out = new Array<T>(column.index.length);
  for (let i = 0; i < out.length; i++) out[i] = column.dict[column.index[i]!]!;
  return out;
}

/** A packed text column from a plain-or-dictionary wire column. */
const packedColumn = (column: string[] | DictColumn<string>, map?: (v: string) => string) =>
  packText(expand(column), map);

/** Memory form of a checked compact answer (PilotColumnsWire.safeParse output). */
export function fromColumnsWire(w: PilotColumnsWire): PilotColumns {
  const c = w.columns;
  const icon = Array.isArray(c.icon)
    ? packIcons(c.icon)
    : { dict: packText(c.icon.dict.map((v) => v ?? '')), index: Uint32Array.from(c.icon.index) };
  const num = (v: Array<number | null>) => Float64Array.from(v, (x) => (x === null ? NaN : x));
  return {
    cate: w.cate,
    n: w.n,
    name: packedColumn(c.name),
    address: packedColumn(c.address, trimmed),
    show_pair: packedColumn(c.show_pair, trimmed),
    seo_path: packedColumn(c.seo_path),
    price: packedColumn(c.price),
    icon,
    categories: { dict: c.categories.dict, index: Uint32Array.from(c.categories.index) },
    is_hot: Uint8Array.from(c.is_hot),
    change_percentage: num(c.change_percentage),
    volume_24h: num(c.volume_24h),
  };
}

/** Memory form of validated SPEC §7 rows. */
export function fromRows(cate: string, rows: readonly PilotRowWire[]): PilotColumns {
  const n = rows.length;
  const text = (f: (r: PilotRowWire) => string, map?: (v: string) => string) => packText(rows.map(f), map);
  return {
    cate,
    n,
    name: text((r) => r.name),
    address: text((r) => r.address, trimmed),
    show_pair: text((r) => r.show_pair, trimmed),
    seo_path: text((r) => r.seo_path),
    price: text((r) => r.price),
    icon: packIcons(rows.map((r) => r.icon ?? null)),
    categories: pack(
      rows.map((r) => r.categories),
      listKey,
    ),
    is_hot: Uint8Array.from(rows, (r) => (r.is_hot ? 1 : 0)),
    change_percentage: Float64Array.from(rows, (r) => numberOf(r.change_percentage)),
    volume_24h: Float64Array.from(rows, (r) => numberOf(r.volume_24h)),
  };
}

const isStrings = (v: unknown, n: number): v is string[] => {
  if (!Array.isArray(v) || v.length !== n) return false;
  for (let i = 0; i < n; i++) if (typeof v[i] !== 'string') return false;
  return true;
};

/** True when every index of `index` (n long) is below `size`. */
const indexesBelow = (index: unknown, n: number, size: number): boolean => {
  if (!(index instanceof Uint32Array) || index.length !== n) return false;
  for (let i = 0; i < n; i++) if (index[i]! >= size) return false;
  return true;
};

/**
 * True when `v` is a complete PilotColumns: every column of the right type and `n` long, packed offsets in order,
 * dictionary indexes in range, addresses non-empty (the wire rule). One loop over offsets or indexes per column
 * (no string is read), so a cache read stays cheap.
 */
export function isPilotColumns(v: unknown): v is PilotColumns {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  const n = c.n;
  if (typeof c.cate !== 'string' || typeof n !== 'number' || !Number.isInteger(n) || n < 0) return false;
  if (!TEXT.every((k) => isPackedText(c[k], n, k === 'address'))) return false;
  const typed = (x: unknown, T: typeof Float64Array | typeof Uint8Array) => x instanceof T && x.length === n;
  if (
    !typed(c.is_hot, Uint8Array) ||
    !typed(c.change_percentage, Float64Array) ||
    !typed(c.volume_24h, Float64Array)
  )
    return false;
  const icon = c.icon as Partial<PackedDict<unknown>> | null;
  const cats = c.categories as Partial<PackedDict<unknown>> | null;
  if (typeof icon !== 'object' || icon === null || typeof cats !== 'object' || cats === null) return false;
  const iconDict = icon.dict;
  const catDict = cats.dict;
  return (
    isPackedText(iconDict, (iconDict as Partial<PackedText> | undefined)?.ends?.length ?? -1) &&
    indexesBelow(icon.index, n, iconDict.ends.length) &&
    Array.isArray(catDict) &&
    catDict.every((list) => isStrings(list, Array.isArray(list) ? list.length : -1)) &&
    indexesBelow(cats.index, n, catDict.length)
  );
}

/** The current form of format-2 data (`{dict, index}` dictionaries, string-array text columns); null when `s` is
 * not that. */
function fromStringColumns(
  s: Record<string, unknown>,
  icons: Array<string | null>,
  categories: { dict: string[][]; index: Uint32Array },
): PilotColumns | null {
  const n = s.n;
  if (typeof s.cate !== 'string' || typeof n !== 'number' || !TEXT.every((k) => isStrings(s[k], n)))
    return null;
  const text = (k: (typeof TEXT)[number], map?: (v: string) => string) => packText(s[k] as string[], map);
  const columns = {
    cate: s.cate,
    n,
    name: text('name'),
    address: text('address', trimmed),
    show_pair: text('show_pair', trimmed),
    seo_path: text('seo_path'),
    price: text('price'),
    icon: packIcons(icons),
    categories,
    is_hot: s.is_hot,
    change_percentage: s.change_percentage,
    volume_24h: s.volume_24h,
  };
  return isPilotColumns(columns) ? columns : null;
}

/**
 * Reads a format-2 cache entry (string arrays for text, `{dict, index}` with a string-or-null icon dictionary) into
 * the current form; null when it is not one. Never throws.
 */
export function migrateFormat2(stored: unknown): PilotColumns | null {
  try {
    const s = stored as Record<string, unknown> & {
      icon?: { dict?: unknown; index?: unknown };
      categories?: { dict?: unknown; index?: unknown };
    };
    const n = s?.n;
    const icon = s?.icon;
    const cats = s?.categories;
    if (typeof n !== 'number' || !Array.isArray(icon?.dict) || !Array.isArray(cats?.dict)) return null;
    const iconDict = icon.dict as unknown[];
    if (!indexesBelow(icon.index, n, iconDict.length)) return null;
    const index = icon.index as Uint32Array;
    const icons = Array.from(index, (k) => {
      const v = iconDict[k];
      return typeof v === 'string' ? v : null;
    });
    return fromStringColumns(s, icons, { dict: cats.dict as string[][], index: cats.index as Uint32Array });
  } catch {
    return null;
  }
}

/**
 * Reads a format-1 cache entry (`{cate, n, columns: JSON string}` of string columns, `is_hot` 0/1, `categories`
 * comma-joined) into the current form; null when it is not one. Never throws (a JSON error gives null).
 */
export function migrateFormat1(stored: unknown): PilotColumns | null {
  try {
    const s = stored as { cate?: unknown; n?: unknown; columns?: unknown };
    if (typeof s?.columns !== 'string' || typeof s.cate !== 'string' || typeof s.n !== 'number') return null;
    const c = JSON.parse(s.columns) as Record<string, unknown[]>;
    const n = s.n;
    const col = (k: string) => (Array.isArray(c[k]) && c[k].length === n ? c[k] : null);
    const cats = col('categories');
    const hot = col('is_hot');
    const icons = col('icon');
    const change = col('change_percentage');
    const volume = col('volume_24h');
    if (!cats || !hot || !icons || !change || !volume) return null;
    return fromStringColumns(
      {
        ...c,
        cate: s.cate,
        n,
        is_hot: Uint8Array.from(hot, (x) => (x ? 1 : 0)),
        change_percentage: Float64Array.from(change, (x) => numberOf(typeof x === 'string' ? x : null)),
        volume_24h: Float64Array.from(volume, (x) => numberOf(typeof x === 'string' ? x : null)),
      },
      icons.map((x) => (typeof x === 'string' ? x : null)),
      pack(
        cats.map((x) => (typeof x === 'string' && x ? x.split(',') : [])),
        listKey,
      ),
    );
  } catch {
    return null;
  }
}
