/**
 * Scripts injected into the benchmarked page (`npm run bench`), as plain JavaScript source. They are strings on
 * purpose: tsx compiles this repo's TypeScript with esbuild's keepNames, which wraps named functions in a `__name()`
 * helper that does not exist in the page — and defining a global `__name` there changes the app's own behaviour.
 */

/** Installs `window.__MH_LONGTASKS__` ([start, duration] ms) and turns on the app's paint marks (bench-marks.ts). */
export const INSTALL_PROBES = `
  window.__MH_BENCH__ = true;
  window.__MH_LONGTASKS__ = [];
  try {
    new PerformanceObserver(function (list) {
      for (const e of list.getEntries()) window.__MH_LONGTASKS__.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    /* longtask unsupported: the report shows zeros */
  }
`;

/** Samples requestAnimationFrame intervals into `window.__MH_FRAMES__` until `__MH_FRAMES_STOP__` is set. */
export const START_FRAME_SAMPLER = `
  window.__MH_FRAMES__ = [];
  window.__MH_FRAMES_STOP__ = false;
  (function () {
    let last = performance.now();
    function tick(now) {
      window.__MH_FRAMES__.push(now - last);
      last = now;
      if (!window.__MH_FRAMES_STOP__) requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  })();
`;

/** On the next pointer-enter of the Pilot entry, records `__MH_OPEN_AT__` and the time the first row appears. */
export const WATCH_PILOT_OPEN = `
  window.__MH_OPEN_AT__ = null;
  window.__MH_FIRST_ROW_AT__ = null;
  document.querySelector('[data-testid="menu-pilot"]').addEventListener('pointerenter', function () {
    window.__MH_OPEN_AT__ = performance.now();
    const obs = new MutationObserver(function () {
      if (document.querySelector('[data-testid="market-row"]')) {
        window.__MH_FIRST_ROW_AT__ = performance.now();
        obs.disconnect();
      }
    });
    obs.observe(document.body, { childList: true, subtree: true });
  }, { once: true });
`;
