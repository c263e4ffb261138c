/**
 * Scripts injected into the benchmarked page (`npm run bench`), as plain JavaScript source. They are strings on
 * purpose: tsx compiles this repo's TypeScript with esbuild's keepNames, which wraps named functions in a `__name()`
 * helper that does not exist in the page — and defining a global `__name` there changes the app's own behaviour.
 */

/**
 * Installs `window.__MH_LONGTASKS__` ([start, duration] ms), turns on the app's paint marks (bench-marks.ts) and
 * opts in to the engine handle `window.__MH_ENGINE__` (src/markets/engine-client.ts), which measure.ts reads.
 */
export const INSTALL_PROBES = `
  window.__MH_BENCH__ = true;
  window.__MH_TEST_HOOKS__ = true;
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

/**
 * Keystroke-to-rows, the same for the app and the plain-DOM reference: `window.__MH_KEYS__` gets one entry per
 * keydown in `[data-testid="market-search"]` (`at` = the event's timeStamp). A MutationObserver watches the document;
 * after a change inside `[data-testid="market-list"]`, the next animation frame checks that the list now answers the
 * field's current text (first row's pair, data-symbol or text contains it, or the empty state is shown); if so the
 * latest open keystroke gets `paintedAt` = performance.now() in a task right after that frame (the frame has been
 * presented), and earlier keystrokes still open are marked superseded (their rows never reached the screen).
 */
export const INSTALL_KEY_PROBE = `
  window.__MH_KEYS__ = [];
  document.addEventListener('keydown', function (e) {
    const t = e.target;
    if (!t || !t.matches || !t.matches('[data-testid="market-search"]')) return;
    window.__MH_KEYS__.push({ at: e.timeStamp, paintedAt: null, superseded: false });
  }, true);
  let checking = false;
  function answers() {
    const list = document.querySelector('[data-testid="market-list"]');
    const input = document.querySelector('[data-testid="market-search"]');
    if (!list || !input) return false;
    const term = input.value.trim().toLowerCase();
    if (list.querySelector('[data-testid="market-empty"]')) return true;
    const row = list.querySelector('[data-testid="market-row"]');
    if (!row) return false;
    if (!term) return true;
    return (row.getAttribute('data-symbol') || '').toLowerCase().includes(term) ||
      (row.textContent || '').toLowerCase().includes(term);
  }
  const observer = new MutationObserver(function (records) {
    const keys = window.__MH_KEYS__;
    const last = keys[keys.length - 1];
    if (!last || last.paintedAt !== null || checking) return;
    const inList = records.some(function (r) {
      const n = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      return n && n.closest && n.closest('[data-testid="market-list"]');
    });
    if (!inList) return;
    checking = true;
    requestAnimationFrame(function () {
      checking = false;
      const now = window.__MH_KEYS__[window.__MH_KEYS__.length - 1];
      if (now !== last || !answers()) return;
      setTimeout(function () {
        last.paintedAt = performance.now();
        for (const k of window.__MH_KEYS__) if (k !== last && k.paintedAt === null) k.superseded = true;
      }, 0);
    });
  });
  function start() {
    observer.observe(document.documentElement, {
      subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['href', 'data-symbol'],
    });
  }
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
`;
