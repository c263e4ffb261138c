/**
 * Text columns of the engine's tables (table.ts) and of the pilot cache entry (sources/pilot-columns.ts, SPEC §9
 * cache `pilot_market_data`). A large list keeps each text column packed: one string holding every value back to back
 * plus a Uint32Array of end offsets. Through structured clone (IndexedDB, postMessage) that is one string copy and
 * one byte copy per column, where a string array of 100,000 values is 100,000 string objects to rebuild and later
 * collect: the warm-cache read of the pilot list spent most of its time there (docs/BENCHMARKS.md 'warm first
 * rows'). Values are cut out only when read (`at`): a drawn row, or a slice of the background search index.
 * Pure.
 */

/** A column of text values as the engine reads them: a plain string array satisfies it, so does a PackedTextView. */
export interface TextColumn {
  readonly length: number;
  /** Value of row `index` (0 ≤ index < length); undefined outside. */
  at(index: number): string | undefined;
}

/** `n` strings packed: value i is `text.slice(ends[i - 1] ?? 0, ends[i])`. Plain data (structured-clone safe). */
export interface PackedText {
  text: string;
  ends: Uint32Array;
}

/** Packs `values` (each passed through `map` first, when given). */
export function packText(values: ArrayLike<string>, map?: (value: string) => string): PackedText {
  const n = values.length;
  const ends = new Uint32Array(n);
  const parts = new Array<string>(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const v = map ? map(values[i]!) : values[i]!;
    parts[i] = v;
    at += v.length;
    ends[i] = at;
  }
  return { text: parts.join(''), ends };
}

/** Value `i` of a packed column (no bounds check beyond the offsets'). */
export function packedAt(p: PackedText, i: number): string {
  return p.text.slice(i === 0 ? 0 : p.ends[i - 1]!, p.ends[i]!);
}

/**
 * True when `v` is a well-formed PackedText of `n` values: a string, a Uint32Array of `n` offsets that never go
 * back and end at the string's length. With `nonEmpty`, no value may be empty. One loop over the offsets.
 */
export function isPackedText(v: unknown, n: number, nonEmpty = false): v is PackedText {
  if (typeof v !== 'object' || v === null) return false;
  const { text, ends } = v as Partial<PackedText>;
  if (typeof text !== 'string' || !(ends instanceof Uint32Array) || ends.length !== n) return false;
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const end = ends[i]!;
    if (end < prev || (nonEmpty && end === prev)) return false;
    prev = end;
  }
  return prev === text.length;
}

/** Length of the longest value of `p`, characters. */
export function longestPacked(p: PackedText): number {
  let longest = 0;
  let prev = 0;
  for (let i = 0; i < p.ends.length; i++) {
    const end = p.ends[i]!;
    if (end - prev > longest) longest = end - prev;
    prev = end;
  }
  return longest;
}

/** A read view over a packed column: the TextColumn the table and the search index read. */
export class PackedTextView implements TextColumn {
  readonly length: number;
  constructor(readonly packed: PackedText) {
    this.length = packed.ends.length;
  }
  at(index: number): string | undefined {
    return index >= 0 && index < this.length ? packedAt(this.packed, index) : undefined;
  }
}

/** A column of `n` copies of `value` (e.g. the pilot list's empty quote), with no array behind it. */
export function constantText(n: number, value: string): TextColumn {
  return { length: n, at: (index) => (index >= 0 && index < n ? value : undefined) };
}

/** The column `c` with values longer than `max` clipped: `c` itself when none is (a packed view is checked through
 * its offsets, a plain array value by value; a clipped packed view clips per read). */
export function clipColumn(
  c: TextColumn,
  max: number,
  clip: (text: string, max: number) => string,
): TextColumn {
  if (c instanceof PackedTextView) {
    if (longestPacked(c.packed) <= max) return c;
    return {
      length: c.length,
      at: (index) => {
        const v = c.at(index);
        return v === undefined ? v : clip(v, max);
      },
    };
  }
  for (let i = 0; i < c.length; i++) {
    if (c.at(i)!.length > max) {
      const out = new Array<string>(c.length);
      for (let k = 0; k < c.length; k++) out[k] = clip(c.at(k)!, max);
      return out;
    }
  }
  return c;
}
