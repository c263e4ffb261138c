/**
 * Ranked results with lazy ordering (worker search p95 ≤ 25 ms at 100,000 rows, docs/BENCHMARKS.md): rows are grouped
 * by segment (a SPEC §5 tier), and inside a segment only the prefix a window needs is put in order, by bounded
 * selection (quickselect) instead of sorting every hit. Pure.
 */

/** A ranked hit list. Segment s is `order[bounds[s] .. bounds[s+1])`, ordered by `keys[s]` descending. */
export interface Ranked {
  /** Row indices into the table. */
  order: Int32Array;
  /** Segment boundaries, length segments + 1. */
  bounds: Int32Array;
  /** Per segment: sort key by row index (descending; ties by row index ascending), or null when already ordered. */
  keys: Array<Float64Array | null>;
  /** Per segment: absolute position up to which `order` is final. */
  sortedTo: Int32Array;
  total: number;
}

/** Smallest batch selected at a time (amortises repeated small windows while scrolling). */
const MIN_BATCH = 64;

/** Builds a Ranked from segments already grouped in `order`. */
export function makeRanked(order: Int32Array, bounds: Int32Array, keys: Array<Float64Array | null>): Ranked {
  const sortedTo = Int32Array.from(keys, (k, s) => (k ? bounds[s]! : bounds[s + 1]!));
  return { order, bounds, keys, sortedTo, total: bounds[keys.length]! };
}

/**
 * Makes `order[0 .. end)` final. A segment is ordered in growing batches: up to `end`, at least MIN_BATCH rows past
 * what is final and at least double what is final, and all of the segment once a batch would reach a quarter of
 * what is left (`sortedTo` says how far each segment is final). Segments at or past `end` are left as they are.
 */
export function ensureOrdered(r: Ranked, end: number): void {
  r.keys.forEach((keys, s) => {
    const lo = r.bounds[s]!;
    const hi = r.bounds[s + 1]!;
    const done = r.sortedTo[s]!;
    const need = Math.min(hi, end);
    // (A segment at or past `end` has done >= lo >= need.)
    if (!keys || done >= need) return;
    const target = Math.min(hi, Math.max(need, done + MIN_BATCH, lo + 2 * (done - lo)));
    if ((target - done) * 4 >= hi - done) {
      sortRange(r.order, done, hi, keys);
      r.sortedTo[s] = hi;
    } else {
      selectTop(r.order, done, hi, target - done, keys);
      sortRange(r.order, done, target, keys);
      r.sortedTo[s] = target;
    }
  });
}

/** Sorts `order[from .. to)` by key descending, ties by row ascending. */
export function sortRange(order: Int32Array, from: number, to: number, keys: Float64Array): void {
  order.subarray(from, to).sort((a, b) => keys[b]! - keys[a]! || a - b);
}

/**
 * Moves the `k` best rows of `order[from .. to)` to `order[from .. from + k)` (in any order); rows outside the range
 * stay. Quickselect. A `k` of 0 or less, or of the whole range, leaves nothing to select (any order is right).
 */
export function selectTop(order: Int32Array, from: number, to: number, k: number, keys: Float64Array): void {
  const better = (a: number, b: number) => keys[a]! > keys[b]! || (keys[a] === keys[b] && a < b);
  const target = from + k - 1;
  let lo = from;
  let hi = to - 1;
  // Stryker disable next-line EqualityOperator: a one-row range (lo === hi) is in place; one more pass swaps it with itself
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const a = order[lo]!;
    const b = order[mid]!;
    const c = order[hi]!;
    const pivot = better(a, b)
      ? better(b, c)
        ? b
        : better(a, c)
          ? c
          : a
      : better(a, c)
        ? a
        : better(b, c)
          ? c
          : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (better(order[i]!, pivot)) i++;
      while (better(pivot, order[j]!)) j--;
      if (i <= j) {
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
        i++;
        j--;
      }
    }
    // Stryker disable next-line EqualityOperator: target === j means order[lo .. j] already holds the best rows
    if (target <= j) hi = j;
    else if (
      // Stryker disable next-line ConditionalExpression: with j < target < i the target row is the pivot's; going on only reorders rows after it
      target >= i
    )
      lo = i;
    else break;
  }
}
