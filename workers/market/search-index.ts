/**
 * A table's search index (SPEC §5 search; ARCHITECTURE.md 'Market engine'): the lower-cased search fields, their
 * lengths and the haystack chunks that search/rank.ts scans. A table can be drawn and listed (empty term, SPEC §9
 * first window) before its index exists: a large list (the 100,000-row pilot list) is indexed afterwards in slices
 * that yield to the event loop, so its first rows do not wait for ~200 ms of string work and a query that arrives
 * meanwhile is answered between slices. Small lists are indexed at once (`indexNow`). Pure; the clock and the yield
 * come in as hooks.
 */
import { YIELD_AFTER_MS } from './config.ts';
import type { MarketTable } from './table.ts';
import { FIELD_SEP, HAY_CHUNK_ROWS, ROW_SEP, clip, type HayChunk } from './text-chunks.ts';
import type { TextColumn } from './packed-text.ts';

/** Rows handled between two clock checks. */
const ROWS_PER_STEP = 1024;

/** The index work left of one table. */
interface PendingIndex {
  /** Search field values as given to the builder, by profile field order (arrays or packed views). */
  raw: TextColumn[];
  fields: string[][];
  rowText: string[];
  narrow: number[];
  wide: number[];
  /** Next row of the per-row pass; `n` once that pass is done. */
  next: number;
  /** Next chunk start inside `narrow` then `wide` (chunk pass). */
  chunkAt: number;
  chunks: HayChunk[];
  abandoned: boolean;
  run: Promise<boolean> | null;
}

const pending = new WeakMap<MarketTable, PendingIndex>();

/** What a sliced index build uses: a high-resolution clock (ms) and a yield to the event loop. */
export interface IndexHooks {
  perfNow(): number;
  yieldToEvents(): Promise<void>;
  /** Work per slice before yielding, ms (default YIELD_AFTER_MS). */
  sliceMs?: number;
}

// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\u0000\u0001]/g;
// eslint-disable-next-line no-control-regex
const WIDE = /[^\u0000-\u00ff]/;

function stripSeparators(text: string): string {
  return text.includes(FIELD_SEP) || text.includes(ROW_SEP) ? text.replace(SEPARATORS, '') : text;
}

/**
 * Marks `t` as not yet searchable: `raw` holds its search field values (profile field order, one per row, any
 * case). Called by the table builder; `indexNow` or `indexTable` completes it.
 */
export function deferIndex(t: MarketTable, raw: TextColumn[]): void {
  t.indexed = false;
  pending.set(t, {
    raw,
    fields: raw.map(() => new Array<string>(t.n)),
    rowText: new Array<string>(t.n),
    narrow: [],
    wide: [],
    next: 0,
    chunkAt: 0,
    chunks: [],
    abandoned: false,
    run: null,
  });
}

/**
 * One slice of work: per row, the lower-cased, clipped fields and the row's haystack text; then the chunks
 * (FIELD_SEP between fields, ROW_SEP after each row, HAY_CHUNK_ROWS rows per chunk). Rows with characters beyond
 * Latin-1 (CJK names) go to their own chunks: one such character makes a whole string two-byte, and `indexOf` over
 * two-byte strings is several times slower. Returns true when the index is complete (and installed on `t`).
 */
function step(t: MarketTable, p: PendingIndex, timeUp: () => boolean): boolean {
  const names = t.profile.fields;
  while (p.next < t.n) {
    const end = Math.min(t.n, p.next + ROWS_PER_STEP);
    for (let i = p.next; i < end; i++) {
      let row = '';
      for (let f = 0; f < names.length; f++) {
        const field = clip(stripSeparators((p.raw[f]!.at(i) ?? '').toLowerCase()));
        p.fields[f]![i] = field;
        t.lens[names[f]!]![i] = field.length;
        row = f === 0 ? field : row + FIELD_SEP + field;
      }
      p.rowText[i] = row + ROW_SEP;
      (WIDE.test(row) ? p.wide : p.narrow).push(i);
    }
    p.next = end;
    if (timeUp()) return false;
  }
  const all = p.narrow.length + p.wide.length;
  while (p.chunkAt < all) {
    const inNarrow = p.chunkAt < p.narrow.length;
    const group = inNarrow ? p.narrow : p.wide;
    const first = inNarrow ? p.chunkAt : p.chunkAt - p.narrow.length;
    const rows = Int32Array.from(group.slice(first, first + HAY_CHUNK_ROWS));
    const parts = new Array<string>(rows.length);
    const starts = new Int32Array(rows.length + 1);
    let offset = 0;
    for (let k = 0; k < rows.length; k++) {
      parts[k] = p.rowText[rows[k]!]!;
      starts[k] = offset;
      offset += parts[k]!.length;
    }
    starts[rows.length] = offset;
    p.chunks.push({ text: parts.join(''), rows, starts });
    p.chunkAt += rows.length;
    if (timeUp() && p.chunkAt < all) return false;
  }
  const fields: Record<string, string[]> = {};
  names.forEach((name, f) => (fields[name] = p.fields[f]!));
  Object.assign(t, { fields, hay: p.chunks, indexed: true });
  pending.delete(t);
  return true;
}

/** Completes the index of `t` now, in one go (small lists; tests). No-op when it is indexed. */
export function indexNow(t: MarketTable): void {
  const p = pending.get(t);
  if (p) step(t, p, () => false);
}

/**
 * Completes the index of `t` in slices of `hooks.sliceMs`, yielding between them (the first slice runs after one
 * yield, so a reply waiting on the caller goes out first). Resolves true once `t` is searchable, false when the
 * build was abandoned (`abandonIndex`: the table was replaced). One build per table: every caller shares it.
 * Never rejects.
 */
export function indexTable(t: MarketTable, hooks: IndexHooks): Promise<boolean> {
  const p = pending.get(t);
  if (!p) return Promise.resolve(t.indexed);
  p.run ??= (async () => {
    const sliceMs = hooks.sliceMs ?? YIELD_AFTER_MS;
    for (;;) {
      await hooks.yieldToEvents();
      if (p.abandoned) return false;
      const started = hooks.perfNow();
      if (step(t, p, () => hooks.perfNow() - started >= sliceMs)) return true;
    }
  })().catch(() => false);
  return p.run;
}

/** Stops the pending build of `t` (its data was replaced); callers waiting on it get false. */
export function abandonIndex(t: MarketTable): void {
  const p = pending.get(t);
  if (p) p.abandoned = true;
}

/**
 * The table `current()` returns once it can serve a query: at once when `needs(table)` is false (an empty term lists
 * without the index) or it is indexed; else after its index build, re-reading `current()` when the build was
 * abandoned because the data was replaced. Null when there is no table, or the current one cannot be indexed.
 */
export async function whenSearchable(
  current: () => MarketTable | null,
  needs: (t: MarketTable) => boolean,
  hooks: IndexHooks,
): Promise<MarketTable | null> {
  for (;;) {
    const table = current();
    if (!table || table.indexed || !needs(table)) return table;
    if (!(await indexTable(table, hooks)) && current() === table) return null;
  }
}
