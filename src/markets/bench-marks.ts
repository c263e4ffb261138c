/**
 * Benchmark instrumentation (`npm run bench`, targets in docs/BENCHMARKS.md): when `window.__MH_BENCH__` is true,
 * records the time a search term was typed (input event timestamp) and the time rows for that term were first painted
 * (after the next animation frame). Off by default: one property read per event, no allocation.
 */

export interface BenchPaint {
  term: string;
  /** performance.now() of the input event, ms. */
  inputAt: number;
  /** performance.now() after the frame that showed the rows, ms. */
  paintedAt: number;
}

interface BenchGlobal {
  __MH_BENCH__?: boolean;
  __MH_BENCH_PAINTS__?: BenchPaint[];
  __MH_BENCH_INPUTS__?: Map<string, number>;
}

const g = globalThis as unknown as BenchGlobal;

/** Records that `term` was typed at `at` (event.timeStamp). */
export function markInput(term: string, at: number): void {
  if (!g.__MH_BENCH__) return;
  (g.__MH_BENCH_INPUTS__ ??= new Map()).set(term, at);
}

/** Records, after the next frame, that rows for `term` are on screen (first paint per term only). */
export function markRowsPainted(term: string): void {
  if (!g.__MH_BENCH__) return;
  const inputs = g.__MH_BENCH_INPUTS__;
  const inputAt = inputs?.get(term);
  if (inputAt === undefined) return;
  inputs!.delete(term);
  requestAnimationFrame(() => {
    // The frame callback runs before paint; a macrotask after it runs once the frame is presented.
    setTimeout(() => (g.__MH_BENCH_PAINTS__ ??= []).push({ term, inputAt, paintedAt: performance.now() }), 0);
  });
}
