/**
 * Scripts injected into the benchmarked page (issue 3): long-task observer, frame-interval sampler and a
 * first-row watcher. Plain functions serialised by Playwright, so no imports and no closures over node values.
 */

/** Installs `window.__MH_LONGTASKS__` (start, duration ms) and turns on the app's paint marks. */
export function installProbes(): void {
  const w = window as unknown as Record<string, unknown>;
  w.__MH_BENCH__ = true;
  const tasks: Array<[number, number]> = [];
  w.__MH_LONGTASKS__ = tasks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* longtask unsupported: the report shows null */
  }
}

/** Starts sampling frame intervals into `window.__MH_FRAMES__` until `__MH_FRAMES_STOP__` is set. */
export function startFrameSampler(): void {
  const w = window as unknown as Record<string, unknown>;
  const frames: number[] = [];
  w.__MH_FRAMES__ = frames;
  w.__MH_FRAMES_STOP__ = false;
  let last = performance.now();
  const tick = (now: number) => {
    frames.push(now - last);
    last = now;
    if (!w.__MH_FRAMES_STOP__) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Resolves with performance.now() when the first market row is in the DOM (MutationObserver). */
export function watchFirstRow(): void {
  const w = window as unknown as Record<string, unknown>;
  w.__MH_FIRST_ROW_AT__ = null;
  const found = () => document.querySelector('[data-testid="market-row"]');
  if (found()) {
    w.__MH_FIRST_ROW_AT__ = performance.now();
    return;
  }
  const obs = new MutationObserver(() => {
    if (found()) {
      w.__MH_FIRST_ROW_AT__ = performance.now();
      obs.disconnect();
    }
  });
  obs.observe(document.body, { childList: true, subtree: true });
}
