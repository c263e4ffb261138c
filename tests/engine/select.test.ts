// Bounded selection (search/select.ts; worker search p95 target, docs/BENCHMARKS.md): quickselect's answer on every
// small input (ties, exactly k, k + 1, empty ranges, rows outside the range), and ensureOrdered's growing batches,
// which decide how much of a segment a window orders (the lazy ordering that keeps a 100k-row search in budget).
import { describe, expect, it } from 'vitest';
import { ensureOrdered, makeRanked, selectTop } from '../../workers/market/search/select.ts';

/** Every key list of length n over the values 0, 1, 2 (3^n of them). */
function* keyLists(n: number): Generator<number[]> {
  for (let code = 0; code < 3 ** n; code++)
    yield Array.from({ length: n }, (_, i) => Math.floor(code / 3 ** i) % 3);
}

const byKey = (keys: readonly number[]) => (a: number, b: number) => keys[b]! - keys[a]! || a - b;

describe('selectTop', () => {
  it('moves the k best rows (key descending, ties by row) to the front of the range, on every small input', () => {
    const wrong: string[] = [];
    let cases = 0;
    const same = (a: readonly number[], b: readonly number[]) => a.join() === b.join();
    for (let n = 0; n <= 6; n++)
      for (const keys of keyLists(n))
        for (let from = 0; from <= n; from++)
          for (let to = from; to <= n; to++)
            for (let k = 0; k <= to - from; k++) {
              // Rows in a scrambled order, so the range does not start out ordered.
              const before = Array.from({ length: n }, (_, i) => (i * 5 + keys.length + k) % n);
              if (new Set(before).size < n) before.sort((a, b) => b - a);
              const order = Int32Array.from(before);
              selectTop(order, from, to, k, Float64Array.from(keys));
              const best = before.slice(from, to).sort(byKey(keys)).slice(0, k);
              const ok =
                same([...order.subarray(from, from + k)].sort(byKey(keys)), best) &&
                same([...order.subarray(0, from)], before.slice(0, from)) &&
                same([...order.subarray(to)], before.slice(to)) &&
                same([...order].sort(), [...before].sort());
              if (!ok) wrong.push(`keys ${keys.join()} rows ${before.join()} [${from}, ${to}) k ${k}`);
              cases++;
            }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(cases).toBeGreaterThan(50_000);
  });
});

describe('makeRanked', () => {
  it('marks keyed segments final up to their start and unkeyed (already ordered) ones to their end', () => {
    const keys = new Float64Array(9);
    const r = makeRanked(new Int32Array(9), Int32Array.of(0, 2, 5, 9), [keys, null, keys]);
    expect([...r.sortedTo]).toEqual([0, 5, 5]);
    expect(r.total).toBe(9);
  });
});

describe('ensureOrdered batches (lazy ordering)', () => {
  /** One unordered segment of `n` rows after `before` already ordered rows; keys by a fixed pseudo-random walk. */
  function ranked(n: number, before = 0) {
    const total = before + n;
    const keys = Float64Array.from({ length: total }, (_, i) => (i * 7919) % 1009);
    const bounds = before ? Int32Array.of(0, before, total) : Int32Array.of(0, total);
    const r = makeRanked(
      Int32Array.from({ length: total }, (_, i) => i),
      bounds,
      before ? [null, keys] : [keys],
    );
    const expected = [
      ...Array.from({ length: before }, (_, i) => i),
      ...Array.from({ length: n }, (_, i) => before + i).sort((a, b) => keys[b]! - keys[a]! || a - b),
    ];
    const s = r.keys.length - 1;
    /** Orders up to `end` and returns how far the segment is final; checks the final prefix. */
    const to = (end: number) => {
      ensureOrdered(r, end);
      const final = r.sortedTo[s]!;
      expect([...r.order.subarray(0, final)]).toEqual(expected.slice(0, final));
      return final;
    };
    return to;
  }

  it('orders at least 64 rows, at least double what is final, and the whole segment past a quarter of the rest', () => {
    const to = ranked(10_000);
    expect(to(0)).toBe(0);
    expect(to(10)).toBe(64);
    expect(to(64)).toBe(64);
    expect(to(65)).toBe(128);
    expect(to(200)).toBe(256);
    expect(to(2000)).toBe(2000);
    // (4000 - 2000) · 4 = 10000 - 2000: a batch of a quarter of the rest orders the whole segment.
    expect(to(3000)).toBe(10_000);
  });

  it('stops a batch one row short of a quarter of the rest', () => {
    const to = ranked(10_001);
    expect(to(2000)).toBe(2000);
    expect(to(3000)).toBe(4000);
  });

  it('counts batches from the segment start, after ordered segments', () => {
    const to = ranked(10_000, 100);
    expect(to(50)).toBe(100);
    expect(to(110)).toBe(164);
    expect(to(170)).toBe(228);
    expect(to(230)).toBe(356);
    expect(to(10_100)).toBe(10_100);
  });

  it('orders a small segment whole', () => {
    const to = ranked(200);
    expect(to(1)).toBe(200);
  });
});
