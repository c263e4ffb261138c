/**
 * The one idle scheduler of the page and the engine (SPEC §9 responsiveness): work that can wait runs in the realm's
 * next idle period (`requestIdleCallback`), or after a short delay where the realm has none (a worker, Safari), and
 * every scheduled callback comes with its cancel. Realm-neutral, no imports.
 */

/** What an idle callback is given: the time left in this idle period, ms. */
export interface IdleDeadlineLike {
  timeRemaining(): number;
}

/** When an idle callback runs at the latest, and how it runs in a realm without idle callbacks. */
export interface IdleOptions {
  /** Longest wait for an idle period, ms (`requestIdleCallback`'s timeout). */
  timeoutMs: number;
  /** Without idle callbacks: the delay before the callback runs, ms (default 0: the next task). */
  fallbackDelayMs?: number;
  /** Without idle callbacks: the time the callback's deadline reports left, ms (default 0). */
  fallbackBudgetMs?: number;
}

interface IdleGlobals {
  requestIdleCallback?: (cb: (deadline: IdleDeadlineLike) => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/**
 * Calls `cb` once, in the next idle period of this realm, at most `o.timeoutMs` later; without idle callbacks after
 * `o.fallbackDelayMs` with a deadline of `o.fallbackBudgetMs`. Returns the cancel: before `cb` has run it stops it,
 * after that it does nothing. Never throws.
 */
export function whenIdle(cb: (deadline: IdleDeadlineLike) => void, o: IdleOptions): () => void {
  const g = globalThis as IdleGlobals;
  let done = false;
  const run = (deadline: IdleDeadlineLike) => {
    if (done) return;
    done = true;
    cb(deadline);
  };
  if (typeof g.requestIdleCallback === 'function') {
    const handle = g.requestIdleCallback(run, { timeout: Math.max(0, o.timeoutMs) });
    return () => {
      if (done) return;
      done = true;
      if (typeof g.cancelIdleCallback === 'function') g.cancelIdleCallback(handle);
    };
  }
  const budget = o.fallbackBudgetMs ?? 0;
  const timer = setTimeout(() => run({ timeRemaining: () => budget }), o.fallbackDelayMs ?? 0);
  return () => clearTimeout(timer);
}
