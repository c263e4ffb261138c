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
 * keydown that edits the text of `[data-testid="market-search"]` (`at` = the event's timeStamp). A MutationObserver
 * watches the document; after a change inside `[data-testid="market-list"]`, the next animation frame checks that the
 * list now answers the field's current text (first row's pair, data-symbol or text contains it, or the empty state is
 * shown); if so the latest open keystroke gets `paintedAt` = performance.now() in a task right after that frame (the
 * frame has been presented), and earlier keystrokes still open are marked superseded (their rows never reached the
 * screen).
 * The answer must also be new rows: the set of rows in the list (their data-symbol, or the empty state) differs
 * from the set at the keydown. Otherwise, on a moving market, any later change in the list (a tick written into the
 * rows already shown, a flash, the reading-order pass) would close a keystroke whose rows did not change, at whatever
 * time it came: every pilot address ends in 'pump', so the rows of 'pum' already "answer" 'pump'. Such a keystroke
 * stays open, as on a still market, and counts as not painted.
 */
export const INSTALL_KEY_PROBE = `
  window.__MH_KEYS__ = [];
  document.addEventListener('keydown', function (e) {
    const t = e.target;
    if (!t || !t.matches || !t.matches('[data-testid="market-search"]')) return;
    if (e.key.length !== 1 && e.key !== 'Backspace' && e.key !== 'Delete') return; // not an edit of the term
    window.__MH_KEYS__.push({ at: e.timeStamp, paintedAt: null, superseded: false, rows: shownRows() });
  }, true);
  function shownRows() {
    const list = document.querySelector('[data-testid="market-list"]');
    if (!list) return '';
    if (list.querySelector('[data-testid="market-empty"]')) return 'empty';
    const out = [];
    for (const row of list.querySelectorAll('[data-testid="market-row"]')) {
      const el = row.hasAttribute('data-symbol') ? row : row.querySelector('[data-symbol]');
      out.push(el ? el.getAttribute('data-symbol') : '');
    }
    return out.sort().join(' ');
  }
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
      if (now !== last || !answers() || shownRows() === last.rows) return;
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

/**
 * Live updates on screen (the live cases): `window.__MH_LIVE__` gets `{symbol, text, at}` for every change of a price
 * cell (`.market-row-last`) whose row (`[data-symbol]`) still shows the same symbol as at the cell's previous change
 * (a live update in place, not a row rewritten for another symbol by a scroll or a search) and that is on screen: the
 * cell's box meets the list's viewport (`[data-testid="market-list"]`, the scroller, in the app and the reference
 * alike) in the frame after the change; a row drawn beyond the viewport (overscan) is not on screen. `at` is
 * Date.now() in a task right after that frame (the frame has been presented), epoch ms, the clock the server's
 * `sentAt` is on. Recording stops when `__MH_LIVE_STOP__` is set.
 */
export const INSTALL_LIVE_PROBE = `
  window.__MH_LIVE__ = [];
  window.__MH_LIVE_STOP__ = false;
  (function () {
    const seen = new WeakMap();
    let pending = [];
    function cellOf(node) {
      const el = node.nodeType === 1 ? node : node.parentElement;
      return el && el.closest ? el.closest('.market-row-last') : null;
    }
    const observer = new MutationObserver(function (records) {
      if (window.__MH_LIVE_STOP__) return;
      const cells = new Set();
      for (const r of records) {
        const cell = cellOf(r.target);
        if (cell) cells.add(cell);
      }
      for (const cell of cells) {
        const row = cell.closest('[data-symbol]');
        const symbol = row ? row.getAttribute('data-symbol') : null;
        if (!symbol) continue;
        const before = seen.get(cell);
        seen.set(cell, symbol);
        if (before !== symbol) continue;
        if (!pending.length) {
          requestAnimationFrame(function () {
            // In the frame callback, before the frame's own layout: reading the boxes here moves that layout earlier
            // rather than adding one.
            const batch = pending;
            pending = [];
            const shown = batch.filter(function (p) {
              const list = p.cell.closest('[data-testid="market-list"]');
              if (!list || !p.cell.isConnected) return false;
              const v = list.getBoundingClientRect();
              const c = p.cell.getBoundingClientRect();
              return c.bottom > v.top && c.top < v.bottom;
            });
            setTimeout(function () {
              const at = Date.now();
              for (const p of shown) window.__MH_LIVE__.push({ symbol: p.symbol, text: p.text, at: at });
            }, 0);
          });
        }
        pending.push({ symbol: symbol, text: cell.textContent || '', cell: cell });
      }
    });
    function start() {
      // Every price cell seen so far counts as showing its row's symbol.
      for (const cell of document.querySelectorAll('.market-row-last')) {
        const row = cell.closest('[data-symbol]');
        if (row) seen.set(cell, row.getAttribute('data-symbol'));
      }
      observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    }
    start();
  })();
`;

/**
 * Key-to-active-row (the keyboard case), the same for the app and the reference: `window.__MH_ARROWS__` gets one entry
 * per ArrowDown keydown in `[data-testid="market-search"]` (`at` = the event's timeStamp, `target` = the row index the
 * key makes active: one past the index in the field's aria-activedescendant (`…-row-<index>`) when the key arrives,
 * 0 with none). Each animation frame reads the active row the field names; when that element is in the DOM with
 * `data-active="true"` and inside the scroller's (`[data-testid="market-list"]`) box, every open key whose target is
 * at or before its index gets `paintedAt` = performance.now() in a task right after that frame.
 */
export const INSTALL_ARROW_PROBE = `
  window.__MH_ARROWS__ = [];
  window.__MH_ARROWS_STOP__ = false;
  (function () {
    const indexOf = (id) => { const m = /-row-(\\d+)$/.exec(id || ''); return m ? Number(m[1]) : -1; };
    let lastTarget = -1;
    document.addEventListener('keydown', function (e) {
      const t = e.target;
      if (e.key !== 'ArrowDown' || !t || !t.matches || !t.matches('[data-testid="market-search"]')) return;
      // A key that arrives before the previous key's move counts from that move's target.
      const from = Math.max(indexOf(t.getAttribute('aria-activedescendant')), lastTarget);
      lastTarget = from + 1;
      window.__MH_ARROWS__.push({ at: e.timeStamp, target: from + 1, paintedAt: null });
    }, true);
    function frame() {
      if (window.__MH_ARROWS_STOP__) return;
      requestAnimationFrame(frame);
      const keys = window.__MH_ARROWS__;
      if (!keys.length || keys[keys.length - 1].paintedAt !== null) return;
      const input = document.querySelector('[data-testid="market-search"]');
      const list = document.querySelector('[data-testid="market-list"]');
      if (!input || !list) return;
      const id = input.getAttribute('aria-activedescendant');
      const row = id ? document.getElementById(id) : null;
      if (!row || row.getAttribute('data-active') !== 'true') return;
      const box = list.getBoundingClientRect(), r = row.getBoundingClientRect();
      if (r.top < box.top - 1 || r.bottom > box.bottom + 1) return;
      const index = indexOf(id);
      const open = keys.filter((k) => k.paintedAt === null && k.target <= index);
      if (!open.length) return;
      setTimeout(function () {
        const now = performance.now();
        for (const k of open) if (k.paintedAt === null) k.paintedAt = now;
      }, 0);
    }
    requestAnimationFrame(frame);
  })();
`;
