/**
 * The pilot list in memory and in the cache (SPEC §5, §9 cache `pilot_market_data`): columns, numbers as typed
 * arrays, repeated values (icons, category lists) as a dictionary plus a Uint32Array index. IndexedDB stores this
 * object as it is (structured clone: typed arrays are copied as bytes, no JSON of 100,000 rows is built or parsed).
 * This module turns the three inputs into that form and checks it:
 * - the compact wire form (PilotColumnsWire, the `format=columns` pilot call): `fromColumnsWire`;
 * - the SPEC §7 row form: `fromRows`;
 * - a cache entry of the previous format (one JSON string of string columns): `migrateFormat1`.
 * Pure; no I/O.
 */
import type { DictColumn, PilotColumnsWire, PilotRowWire } from '../../../common/wire/market';

/** The cache format of the pilot entry (cache.ts checks it per source; format 1 was one JSON string). */
export const PILOT_CACHE_FORMAT = 2;

/** A dictionary column in memory: row i holds `dict[index[i]]`. */
export interface PackedDict<T> {
  dict: T[];
  index: Uint32Array;
}

/** The pilot list as columns (only the fields the panels use); `n` rows in every column. */
export interface PilotColumns {
  cate: string;
  n: number;
  name: string[];
  address: string[];
  show_pair: string[];
  seo_path: string[];
  /** Last price in USDT as the wire's decimal text (shown as sent). */
  price: string[];
  icon: PackedDict<string | null>;
  categories: PackedDict<string[]>;
  /** 1 = hot. */
  is_hot: Uint8Array;
  /** 24h change, percent; NaN when unknown. */
  change_percentage: Float64Array;
  /** 24h volume, USDT; NaN when unknown. */
  volume_24h: Float64Array;
}

const TEXT = ['name', 'address', 'show_pair', 'seo_path', 'price'] as const;

/** Packs `values` into a dictionary (`key` names equal values). */
function pack<T>(values: ArrayLike<T>, key: (v: T) => string): PackedDict<T> {
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

const nullableKey = (v: string | null) => (v === null ? '\u0000' : `s${v}`);
const listKey = (v: string[]) => v.join('\u0000');

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

/** A wire dictionary with its index as a Uint32Array (the wire check already bounded every index). */
const packedOf = <T>(c: DictColumn<T>): PackedDict<T> => ({ dict: c.dict, index: Uint32Array.from(c.index) });

/** Memory form of a checked compact answer (PilotColumnsWire.safeParse output). */
export function fromColumnsWire(w: PilotColumnsWire): PilotColumns {
  const c = w.columns;
  const icon = Array.isArray(c.icon) ? pack(c.icon, nullableKey) : packedOf(c.icon);
  const num = (v: Array<number | null>) => Float64Array.from(v, (x) => (x === null ? NaN : x));
  return {
    cate: w.cate,
    n: w.n,
    name: expand(c.name),
    address: expand(c.address),
    show_pair: expand(c.show_pair),
    seo_path: expand(c.seo_path),
    price: expand(c.price),
    icon,
    categories: packedOf(c.categories),
    is_hot: Uint8Array.from(c.is_hot),
    change_percentage: num(c.change_percentage),
    volume_24h: num(c.volume_24h),
  };
}

/** Memory form of validated SPEC §7 rows. */
export function fromRows(cate: string, rows: readonly PilotRowWire[]): PilotColumns {
  const n = rows.length;
  const text = (f: (r: PilotRowWire) => string) => rows.map(f);
  return {
    cate,
    n,
    name: text((r) => r.name),
    address: text((r) => r.address),
    show_pair: text((r) => r.show_pair),
    seo_path: text((r) => r.seo_path),
    price: text((r) => r.price),
    icon: pack(
      rows.map((r) => r.icon ?? null),
      nullableKey,
    ),
    categories: pack(
      rows.map((r) => r.categories),
      listKey,
    ),
    is_hot: Uint8Array.from(rows, (r) => (r.is_hot ? 1 : 0)),
    change_percentage: Float64Array.from(rows, (r) => numberOf(r.change_percentage)),
    volume_24h: Float64Array.from(rows, (r) => numberOf(r.volume_24h)),
  };
}

const isStrings = (v: unknown, n: number, nonEmpty = false): boolean => {
  if (!Array.isArray(v) || v.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const s: unknown = v[i];
    if (typeof s !== 'string' || (nonEmpty && s.length === 0)) return false;
  }
  return true;
};

const isPacked = (v: unknown, n: number, entry: (x: unknown) => boolean): boolean => {
  if (typeof v !== 'object' || v === null) return false;
  const { dict, index } = v as Partial<PackedDict<unknown>>;
  if (!Array.isArray(dict) || !dict.every(entry) || !(index instanceof Uint32Array) || index.length !== n)
    return false;
  for (let i = 0; i < n; i++) if (index[i]! >= dict.length) return false;
  return true;
};

/**
 * True when `v` is a complete PilotColumns: every column of the right type and `n` long, dictionary indexes in range,
 * addresses non-empty (the wire rule). One loop per column (~2 ms at 100,000 rows), so a cache read stays cheap.
 */
export function isPilotColumns(v: unknown): v is PilotColumns {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  const n = c.n;
  if (typeof c.cate !== 'string' || typeof n !== 'number' || !Number.isInteger(n) || n < 0) return false;
  if (!TEXT.every((k) => isStrings(c[k], n, k === 'address'))) return false;
  const typed = (x: unknown, T: typeof Float64Array | typeof Uint8Array) => x instanceof T && x.length === n;
  if (
    !typed(c.is_hot, Uint8Array) ||
    !typed(c.change_percentage, Float64Array) ||
    !typed(c.volume_24h, Float64Array)
  )
    return false;
  return (
    isPacked(c.icon, n, (x) => x === null || typeof x === 'string') &&
    isPacked(c.categories, n, (x) => Array.isArray(x) && x.every((s) => typeof s === 'string'))
  );
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
    if (!cats || !hot || !icons || !change || !volume || !TEXT.every((k) => isStrings(c[k], n))) return null;
    return {
      cate: s.cate,
      n,
      name: c.name as string[],
      address: c.address as string[],
      show_pair: c.show_pair as string[],
      seo_path: c.seo_path as string[],
      price: c.price as string[],
      icon: pack(
        icons.map((x) => (typeof x === 'string' ? x : null)),
        nullableKey,
      ),
      categories: pack(
        cats.map((x) => (typeof x === 'string' && x ? x.split(',') : [])),
        listKey,
      ),
      is_hot: Uint8Array.from(hot, (x) => (x ? 1 : 0)),
      change_percentage: Float64Array.from(change, (x) => numberOf(typeof x === 'string' ? x : null)),
      volume_24h: Float64Array.from(volume, (x) => numberOf(typeof x === 'string' ? x : null)),
    };
  } catch {
    return null;
  }
}
