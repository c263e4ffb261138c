/**
 * The typo-tolerant last tier (SPEC §5 extension, ARCHITECTURE.md 'Search is tiered first, fuzzy last'): fuse.js over the
 * distinct values of the profile's fuzzy field (search/profiles.ts: the coin name of spot and futures, so 'etherium'
 * finds Ethereum). Lists of a few thousand rows only: fuse.js is far too slow for the 100k-row pilot list, whose
 * profile has no fuzzy tier.
 */
import Fuse from 'fuse.js';
import type { MarketTable } from '../table.ts';
import type { Hits } from './rank.ts';

interface NameIndex {
  fuse: Fuse<string>;
  rowsByName: Map<string, number[]>;
}

const indexes = new WeakMap<MarketTable, NameIndex>();

function nameIndex(t: MarketTable, field: string, threshold: number): NameIndex {
  let idx = indexes.get(t);
  if (idx) return idx;
  const rowsByName = new Map<string, number[]>();
  const names = t.fields[field]!;
  for (let i = 0; i < t.n; i++) {
    const rows = rowsByName.get(names[i]!);
    if (rows) rows.push(i);
    else rowsByName.set(names[i]!, [i]);
  }
  const fuse = new Fuse([...rowsByName.keys()], {
    threshold,
    ignoreLocation: true,
    includeScore: true,
  });
  idx = { fuse, rowsByName };
  indexes.set(t, idx);
  return idx;
}

/** True when the fuzzy tier applies: the table's profile has one and the term is long enough for it. */
export function fuzzyApplies(t: MarketTable, term: string): boolean {
  const fuzzy = t.profile.fuzzy;
  return fuzzy !== null && term.length >= fuzzy.minTermChars;
}

/** Rows whose name fuzzily matches `term`, excluding rows in `hits`; by fuse score, then volume descending. */
export function fuzzyRows(t: MarketTable, term: string, hits: Hits): Int32Array {
  const fuzzy = t.profile.fuzzy;
  if (fuzzy === null || !fuzzyApplies(t, term)) return new Int32Array(0);
  const idx = nameIndex(t, fuzzy.field, fuzzy.threshold);
  const matched = new Uint8Array(t.n);
  for (let k = 0; k < hits.count; k++) matched[hits.rows[k]!] = 1;
  const out: number[] = [];
  for (const res of idx.fuse.search(term)) {
    const rows = idx.rowsByName.get(res.item) ?? [];
    const fresh = rows.filter((i) => !matched[i]);
    // Rows are in row order and the sort is stable: equal volumes stay by row.
    fresh.sort((a, b) => t.volumeUsdt[b]! - t.volumeUsdt[a]!);
    for (const i of fresh) out.push(i);
  }
  return Int32Array.from(out);
}
