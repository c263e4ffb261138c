/**
 * Tiered search (SPEC §5) over every row of a table, by the table's named profile (search/profiles.ts: the fields and
 * the tier list of each list kind live there). Candidates come from one `indexOf` walk over the pre-lowered haystack
 * (fast native search, no per-row allocation); a row's first hit tells which field contains the term first, and the
 * row takes the first tier of the profile whose test holds. Within a tier: 24h volume in USDT, descending (ordered
 * lazily, search/select.ts); the fuzzy tier (search/fuzzy.ts) is appended after the last tier.
 */
import { rowsWithKey, type MarketTable } from '../table.ts';
import type { SearchProfile, TierTest } from './profiles.ts';
import { makeRanked, type Ranked } from './select.ts';

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
const EQUALS = 0;
const STARTS_WITH = 1;
const CONTAINS = 2;
const TICKER_EQUALS = 3;
const ALIAS = 4;
const TEST_CODE: Record<TierTest, number> = {
  equals: EQUALS,
  startsWith: STARTS_WITH,
  contains: CONTAINS,
  tickerEquals: TICKER_EQUALS,
  alias: ALIAS,
};

/** How the first hit sits in its field: the field equals the term, starts with it, or contains it further in. */
const HIT_EQUALS = 0;
const HIT_PREFIX = 1;
const HIT_INNER = 2;
const HIT_CLASSES = 3;

/**
 * A profile's tier list compiled for the scan. `steps` is the list as flat `[tier, field index, test code, …]` (one
 * step per field of a tier), read in full when the term is an alias. Otherwise a row's first hit (field h, class c)
 * decides most tests at once: fields before h do not contain the term, and h's own tests follow from c. For each
 * (h, c), `checks[checkStart[k] .. checkStart[k + 1])` are the steps left to test in the haystack, in tier order,
 * and `tier[k]` is the first tier that holds for sure after them (-1: none). `decided[k]` is that tier when no step
 * is left to test, else NEEDS_CHECKS. `sameStart[h]` is 1 when (h, equals) and (h, prefix) decide alike, so the
 * field's length need not be read (the hot path of a 100k-row list reads as few numbers per hit as it can).
 */
interface Plan {
  steps: Int32Array;
  checks: Int32Array;
  checkStart: Int32Array;
  tier: Int32Array;
  decided: Int32Array;
  sameStart: Uint8Array;
}

/** `Plan.decided` value of a (field, class) with steps left to test. */
const NEEDS_CHECKS = -2;

const plans = new WeakMap<SearchProfile, Plan>();

/** True, false, or null (test it in the haystack) for a step on the hit's own field `h` with hit class `c`. */
function decideOnHitField(test: number, c: number): boolean | null {
  if (test === CONTAINS) return true;
  if (test === STARTS_WITH) return c !== HIT_INNER;
  if (test === EQUALS) return c === HIT_EQUALS;
  if (test === TICKER_EQUALS) return c === HIT_INNER ? false : c === HIT_EQUALS ? true : null;
  return null;
}

function planOf(p: SearchProfile): Plan {
  let plan = plans.get(p);
  if (plan) return plan;
  const steps: number[] = [];
  p.tiers.forEach((tier, index) => {
    for (const f of tier.fields) steps.push(index, p.fields.indexOf(f), TEST_CODE[tier.test]);
  });
  const checks: number[] = [];
  const checkStart: number[] = [];
  const tier: number[] = [];
  for (let h = 0; h < p.fields.length; h++) {
    for (let c = 0; c < HIT_CLASSES; c++) {
      checkStart.push(checks.length / 3);
      let sure = -1;
      for (let s = 0; s < steps.length && sure < 0; s += 3) {
        const [t, f, test] = [steps[s]!, steps[s + 1]!, steps[s + 2]!];
        if (test === ALIAS || f < h) continue;
        const decided = f === h ? decideOnHitField(test, c) : null;
        if (decided === true) sure = t;
        else if (decided === null) checks.push(t, f, test);
      }
      tier.push(sure);
    }
  }
  checkStart.push(checks.length / 3);
  const decided = tier.map((t, k) => (checkStart[k + 1]! > checkStart[k]! ? NEEDS_CHECKS : t));
  const sameStart = p.fields.map((_, h) => {
    const [eq, pre] = [h * HIT_CLASSES + HIT_EQUALS, h * HIT_CLASSES + HIT_PREFIX];
    return decided[eq] !== NEEDS_CHECKS && decided[eq] === decided[pre] ? 1 : 0;
  });
  plan = {
    steps: Int32Array.from(steps),
    checks: Int32Array.from(checks),
    checkStart: Int32Array.from(checkStart),
    tier: Int32Array.from(tier),
    decided: Int32Array.from(decided),
    sameStart: Uint8Array.from(sameStart),
  };
  plans.set(p, plan);
  return plan;
}

/** Offset of field `f` of row `i` from the row's start. */
function fieldOffset(lens: readonly Uint16Array[], i: number, f: number): number {
  let at = 0;
  for (let g = 0; g < f; g++) at += lens[g]![i]! + 1;
  return at;
}

/** True when the field `f` of row `i` (starting at `start` in `text`) passes `test` for `term`. */
function holds(
  test: number,
  lens: readonly Uint16Array[],
  i: number,
  f: number,
  text: string,
  start: number,
  term: string,
  alias: string | null,
): boolean {
  const len = lens[f]![i]!;
  if (test === ALIAS) return alias !== null && len === alias.length && text.startsWith(alias, start);
  const tl = term.length;
  if (len < tl) return false;
  if (test === CONTAINS) {
    for (let p = start; p + tl <= start + len; p++) if (text.startsWith(term, p)) return true;
    return false;
  }
  // First character before the full comparison: most rows fail there.
  if (text.charCodeAt(start) !== term.charCodeAt(0) || !text.startsWith(term, start)) return false;
  if (test === STARTS_WITH || tl === len) return true;
  return test === TICKER_EQUALS && text.charCodeAt(start + tl) === SLASH;
}

/**
 * Tier of row `i` for an alias term (short lists only): every step of the tier list in order, in the haystack; -1
 * when none holds.
 */
function classifyAlias(
  plan: Plan,
  lens: readonly Uint16Array[],
  i: number,
  text: string,
  rowStart: number,
  term: string,
  alias: string,
): number {
  const { steps } = plan;
  for (let s = 0; s < steps.length; s += 3) {
    const f = steps[s + 1]!;
    if (holds(steps[s + 2]!, lens, i, f, text, rowStart + fieldOffset(lens, i, f), term, alias))
      return steps[s]!;
  }
  return -1;
}

/** The steps a first hit left open (`Plan.checks` of case `k`), tested in the haystack; then the sure tier. */
function runChecks(
  plan: Plan,
  k: number,
  lens: readonly Uint16Array[],
  i: number,
  h: number,
  hitStart: number,
  text: string,
  rowStart: number,
  term: string,
): number {
  const { checks } = plan;
  for (let s = plan.checkStart[k]! * 3, e = plan.checkStart[k + 1]! * 3; s < e; s += 3) {
    const f = checks[s + 1]!;
    if (f === h) {
      // Left open on the hit's own field: only a ticker test of a field that starts with the term (HIT_PREFIX).
      if (text.charCodeAt(rowStart + hitStart + term.length) === SLASH) return checks[s]!;
      continue;
    }
    if (holds(checks[s + 2]!, lens, i, f, text, rowStart + fieldOffset(lens, i, f), term, null))
      return checks[s]!;
  }
  return plan.tier[k]!;
}

/**
 * Tier of row `i` whose first hit is `rel` chars into the row (which starts at `rowStart` in `text`); -1 when no
 * tier holds. The hot path of a scan, kept small: reads field lengths and the plan only (no field strings: random
 * string reads cost cache misses at 100k rows); the rare open cases go to runChecks.
 */
function classify(
  plan: Plan,
  lens: readonly Uint16Array[],
  i: number,
  text: string,
  rowStart: number,
  rel: number,
  term: string,
): number {
  // h: the field of the first hit, starting `hitStart` chars into the row.
  const last = lens.length - 1;
  let h = 0;
  let hitStart = 0;
  while (h < last) {
    const end = hitStart + lens[h]![i]!;
    if (rel < end) break;
    hitStart = end + 1;
    h++;
  }
  const c =
    rel !== hitStart
      ? HIT_INNER
      : plan.sameStart[h] === 1 || term.length !== lens[h]![i]!
        ? HIT_PREFIX
        : HIT_EQUALS;
  const k = h * HIT_CLASSES + c;
  const d = plan.decided[k]!;
  return d !== NEEDS_CHECKS ? d : runChecks(plan, k, lens, i, h, hitStart, text, rowStart, term);
}

/** The raw hits of a scan, before grouping. */
export interface Hits {
  rows: Int32Array;
  tiers: Uint8Array;
  count: number;
}

/**
 * Finds every row containing `term` (already normalised, search/term.ts) and its tier (an index into the profile's
 * tiers); `alias` is the lower-cased token of an alias term (aliasFor), whose rows take the alias tier even if they
 * do not contain the term. Null when superseded.
 */
export async function scanTerm(
  t: MarketTable,
  term: string,
  alias: string | null,
  control: SearchControl,
): Promise<Hits | null> {
  const rows = new Int32Array(t.n);
  const tiers = new Uint8Array(t.n);
  const profile = t.profile;
  const plan = planOf(profile);
  const lens = profile.fields.map((name) => t.lens[name]!);
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
      const tier =
        alias === null
          ? classify(plan, lens, i, text, rowStart, at - rowStart, term)
          : classifyAlias(plan, lens, i, text, rowStart, term, alias);
      if (tier >= 0) {
        rows[count] = i;
        tiers[count] = tier;
        count++;
      }
      if (++r >= last) break;
      pos = starts[r]!;
    }
  }
  const aliasTier = profile.tiers.findIndex((tier) => tier.test === 'alias');
  if (alias !== null && aliasTier >= 0) {
    const fields = profile.fields.map((name) => t.fields[name]!);
    for (const i of rowsWithKey(t, alias)) {
      if (fields.some((f) => f[i]!.includes(term))) continue;
      rows[count] = i;
      tiers[count] = aliasTier;
      count++;
    }
  }
  return { rows, tiers, count };
}

/**
 * Groups hits by tier (counting sort) into a Ranked with one segment per tier of the profile, keyed by volume in
 * USDT; `extra` (the fuzzy tier) is appended as the last segment, as is.
 */
export function groupHits(t: MarketTable, hits: Hits, extra: Int32Array | null = null): Ranked {
  const slots = t.profile.tiers.length;
  const counts = new Int32Array(slots + 1);
  for (let k = 0; k < hits.count; k++) counts[hits.tiers[k]! + 1]!++;
  for (let s = 1; s <= slots; s++) counts[s]! += counts[s - 1]!;
  const extraCount = extra ? extra.length : 0;
  const order = new Int32Array(hits.count + extraCount);
  const fill = counts.slice(0, slots);
  for (let k = 0; k < hits.count; k++) order[fill[hits.tiers[k]!]!++] = hits.rows[k]!;
  if (extra) order.set(extra, hits.count);
  const bounds = new Int32Array(slots + 2);
  bounds.set(counts, 0);
  bounds[slots + 1] = hits.count + extraCount;
  const keys: Array<Float64Array | null> = Array.from({ length: slots }, () => t.volumeUsdt);
  keys.push(null);
  return makeRanked(order, bounds, keys);
}
