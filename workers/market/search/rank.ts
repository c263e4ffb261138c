/**
 * Tiered search (SPEC §5) over every row of a table. Candidates come from one `indexOf` walk over the pre-lowered
 * haystack (fast native search, no per-row allocation); the first hit's position in the row tells the tier.
 * Spot/futures tiers: alias > base equals > base starts with > quote equals > base contains > quote contains >
 * name or pair contains (> fuzzy, search/fuzzy.ts). Pilot: ticker equals > show_pair starts with > address prefix >
 * show_pair contains > address contains. Pre-market: currency equals > starts with > contains.
 * Within a tier: 24h volume in USDT, descending (ordered lazily, search/select.ts).
 */
import { rowsWithKey, type MarketTable } from '../table';
import { makeRanked, type Ranked } from './select';

/** Tier numbers (lower ranks first). One numbering; each profile uses its own subset. */
export const TIER = {
  alias: 0,
  baseEquals: 1,
  basePrefix: 2,
  quoteEquals: 3,
  baseContains: 4,
  quoteContains: 5,
  nameOrPair: 6,
  tickerEquals: 1,
  showPairPrefix: 2,
  addressPrefix: 3,
  showPairContains: 4,
  addressContains: 5,
  currencyEquals: 1,
  currencyPrefix: 2,
  currencyContains: 3,
} as const;
/** Number of tier slots (0..7); the fuzzy tier is appended after them. */
export const TIER_SLOTS = 8;

/** Hooks that let a long search stop (superseded) or yield. */
export interface SearchControl {
  /** True when a newer query made this one stale. */
  stale(): boolean;
  /** True when the search has run long enough to yield now. */
  shouldYield(): boolean;
  /** Yields to the event loop (then the caller re-checks `stale`). */
  yieldNow(): Promise<void>;
}

const SLASH = 47;

/**
 * Tier of row `i` whose first hit is at `at` in `text`, `rel` chars into the row (which starts at `rowStart`).
 * Reads field lengths and the haystack only (no field strings: random string reads cost cache misses at 100k rows).
 */
function classify(
  t: MarketTable,
  i: number,
  text: string,
  rowStart: number,
  rel: number,
  term: string,
  alias: string | null,
): number {
  const tl = term.length;
  const l0 = t.lens[0]![i]!;
  if (t.profile === 'pair') {
    if (alias !== null && l0 === alias.length && text.startsWith(alias, rowStart)) return TIER.alias;
    const l1 = t.lens[1]![i]!;
    const qs = l0 + 1;
    if (rel + tl <= l0) {
      if (rel === 0) return tl === l0 ? TIER.baseEquals : TIER.basePrefix;
      return l1 === tl && text.startsWith(term, rowStart + qs) ? TIER.quoteEquals : TIER.baseContains;
    }
    if (rel >= qs && rel + tl <= qs + l1)
      return rel === qs && tl === l1 ? TIER.quoteEquals : TIER.quoteContains;
    return TIER.nameOrPair;
  }
  if (t.profile === 'pilot') {
    if (rel + tl <= l0) {
      if (rel > 0) return TIER.showPairContains;
      return tl === l0 || text.charCodeAt(rowStart + tl) === SLASH ? TIER.tickerEquals : TIER.showPairPrefix;
    }
    return rel === l0 + 1 ? TIER.addressPrefix : TIER.addressContains;
  }
  if (rel > 0) return TIER.currencyContains;
  return tl === l0 ? TIER.currencyEquals : TIER.currencyPrefix;
}

/** The raw hits of a scan, before grouping. */
export interface Hits {
  rows: Int32Array;
  tiers: Uint8Array;
  count: number;
}

/**
 * Finds every row containing `term` (already normalised) and its tier; `alias` is the lower-cased alias key
 * (SPEC §5 'nmt'/'nm') whose rows rank first even if they do not contain the term. Null when superseded.
 */
export async function scanTerm(
  t: MarketTable,
  term: string,
  alias: string | null,
  control: SearchControl,
): Promise<Hits | null> {
  const rows = new Int32Array(t.n);
  const tiers = new Uint8Array(t.n);
  let count = 0;
  for (const chunk of t.hay) {
    if (control.shouldYield()) await control.yieldNow();
    if (control.stale()) return null;
    const { text, starts, rows: chunkRows } = chunk;
    const last = starts.length - 1;
    let r = 0;
    let pos = 0;
    for (;;) {
      const at = text.indexOf(term, pos);
      if (at < 0) break;
      while (starts[r + 1]! <= at) r++;
      const rowStart = starts[r]!;
      const i = chunkRows[r]!;
      rows[count] = i;
      tiers[count] = classify(t, i, text, rowStart, at - rowStart, term, alias);
      count++;
      if (++r >= last) break;
      pos = starts[r]!;
    }
  }
  if (alias !== null) {
    for (const i of rowsWithKey(t, alias)) {
      if (t.fields.some((f) => f[i]!.includes(term))) continue;
      rows[count] = i;
      tiers[count] = TIER.alias;
      count++;
    }
  }
  return { rows, tiers, count };
}

/** Groups hits by tier (counting sort) into a Ranked keyed by volume; `extra` (fuzzy) is appended as is. */
export function groupHits(t: MarketTable, hits: Hits, extra: Int32Array | null = null): Ranked {
  const counts = new Int32Array(TIER_SLOTS + 1);
  for (let k = 0; k < hits.count; k++) counts[hits.tiers[k]! + 1]!++;
  for (let s = 1; s <= TIER_SLOTS; s++) counts[s]! += counts[s - 1]!;
  const extraCount = extra ? extra.length : 0;
  const order = new Int32Array(hits.count + extraCount);
  const fill = counts.slice(0, TIER_SLOTS);
  for (let k = 0; k < hits.count; k++) order[fill[hits.tiers[k]!]!++] = hits.rows[k]!;
  if (extra) order.set(extra, hits.count);
  const bounds = new Int32Array(TIER_SLOTS + 2);
  bounds.set(counts, 0);
  bounds[TIER_SLOTS + 1] = hits.count + extraCount;
  const keys: Array<Float64Array | null> = Array.from({ length: TIER_SLOTS }, () => t.volumeUsdt);
  keys.push(null);
  return makeRanked(order, bounds, keys);
}
