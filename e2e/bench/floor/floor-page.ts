/**
 * The floor of `npm run bench` (BENCH_CASES=floor): the plain page a careful engineer writes for the market list's
 * rows (SPEC §9 virtual list), copied from ../shared/bench/list-floor.html and served by the bench through a
 * Playwright route at the app's origin (FLOOR_PATH), never part of the app's bundle. It is the reference of the
 * typing, scrolling and keyboard cases (floor-runs.ts).
 *
 * Kept from list-floor.html, unchanged: the markup of a row (14 elements: a link holding the favourite star button
 * with its SVG, the coin icon letter, pair name with base, quote and badge, the address line, last price, 24h change
 * and quote volume), its CSS (a `contain: strict` 530 px scroller 471 px wide, 28 recycled `contain: strict` slots of
 * 58 px placed by transform), rows written visible rows first (10) and the rest over the next two frames (9 and 9,
 * each in a task after a frame), search in a worker, no framework, no images.
 *
 * Adapted, and why:
 * - Data and search: the generated tokens and the substring worker are replaced by the bench's reference worker
 *   (reference-worker.ts) fed the same compact pilot JSON the app's worker receives (REFERENCE_DATA_PATH, the
 *   100,000 rows of the pilot panel), so the floor shows the app's rows in the app's order (SPEC §5 pilot search) and
 *   the probes compare like with like. The worker formats the numbers (the app's worker does too) and answers windows
 *   of rows, so the page holds a cache of rows by position and asks for a block of BLOCK rows around the viewport
 *   when a scroll reaches rows it does not hold. The base, quote, badge and address come from the row (the file had
 *   `/SOL` and `Hot` written in); `href` is the row's pilot page (the app's rows are links; the file's had none).
 * - Test hooks: the field keeps `data-testid="market-search"`, the scroller `market-list`, each slot `market-row` with
 *   `data-symbol` (the row's address, as the app's); an empty result shows `data-testid="market-empty"` (the file
 *   hid every slot), and a hidden slot is `display: none` (one CSS rule: the file's `.r { display: grid }` overrode
 *   `hidden`), so the bench's keystroke probe (page-probes.ts) reads both pages the same way.
 * - Added in the same plain style, for the cases: a scroll handler (a slot per position modulo 28, so a slot keeps its
 *   row while it stays in the window; the visible rows written in the scroll event, which runs in the frame's
 *   rendering steps, the other slots in a task after that frame); ArrowDown/ArrowUp in the field move an active row
 *   (no wrap), scroll it into view, mark it `data-active="true"` (id `floor-row-<position>`, one added CSS rule) and
 *   name it in the field's `aria-activedescendant` (combobox/listbox/option roles, so that reference is valid ARIA);
 *   with `?live` in the URL the worker subscribes to the server's live socket and the page writes the ticked rows in
 *   place in the task the message arrives (as the reference page does). Typing returns the list to its top.
 * - `window.__FLOOR_READY__` is set once the first rows are written, for the bench to wait on.
 */
import { REFERENCE_DATA_PATH } from '../measure.ts';
import { REFERENCE_WORKER } from '../reference-worker.ts';
import { LIVE_API } from '../../../common/wire/live.ts';

/** Served by the bench only (a Playwright route), at the app's origin. */
export const FLOOR_PATH = '/__bench/floor.html';

/** list-floor.html's stylesheet, plus the active row's rule and the empty state's. */
const FLOOR_CSS = `
body{margin:0;font-family:system-ui,sans-serif}
#list{height:530px;overflow:auto;width:471px;contain:strict;position:relative}
.slot{position:absolute;left:0;top:0;width:100%;height:58px;contain:strict}
.r{display:grid;grid-template-columns:20px 28px minmax(0,1.6fr) minmax(0,1fr) minmax(0,.9fr) minmax(0,.8fr);align-items:center;column-gap:8px;height:58px;padding:0 12px;text-decoration:none;color:#111}
.ic{width:24px;height:24px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;color:#fff;font-size:12px}
.nm{display:flex;flex-direction:column;min-width:0}.p{display:flex;gap:4px;white-space:nowrap}.b{font-weight:600;overflow:hidden;text-overflow:ellipsis}
.q,.s{color:#888;font-size:12px}.s{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.n{text-align:right;font-variant-numeric:tabular-nums}
.up{color:#0a7}.dn{color:#d33}
.st{width:20px;height:20px;padding:0;border:0;background:none;color:#999}.bd{font-size:10px;color:#c60;margin-left:4px}
.slot[hidden]{display:none}.r[data-active]{background:#eef2ff}
#empty{padding:16px;color:#888}
`;

/** One row's markup, as list-floor.html writes it into each slot. */
const ROW_HTML =
  '<button class="st" type="button" tabindex="-1" aria-pressed="false" aria-label="Favourite"><svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true"><path d="m12 3.2 2.7 5.5 6 .9-4.35 4.25 1.03 6-5.38-2.83-5.38 2.83 1.03-6L3.3 9.6l6-.9L12 3.2Z" stroke="currentColor" fill="none" stroke-width="1.6"/></svg></button><span class="ic" style="background:#627eea">A</span><span class="nm"><span class="p"><span class="b"></span><span class="q"></span><span class="bd"></span></span><span class="s"></span></span><span class="n l"></span><span class="n c"></span><span class="n v"></span>';

/** The floor's script (plain JavaScript, a string: see page-probes.ts). */
const FLOOR_SCRIPT = `
'use strict';
(function () {
  const ROW = 58, VIEW = 530, SLOTS = 28, VISIBLE = Math.ceil(VIEW / ROW) + 1, OVER = 9, BLOCK = 120;
  const LIVE = new URLSearchParams(location.search).has('live'), LIVE_PATH = ${JSON.stringify(LIVE_API.path)};
  const input = document.getElementById('q'), list = document.getElementById('list');
  const inner = document.getElementById('inner'), empty = document.createElement('div');
  empty.id = 'empty';
  empty.dataset.testid = 'market-empty';
  empty.setAttribute('role', 'status');
  empty.textContent = 'No markets';
  const rows = [], cache = new Map();
  let wanted = 0, shown = -1, total = 0, start = 0, active = -1, pend = null, asked = '', viewKey = '', rest = 0;
  for (let i = 0; i < SLOTS; i++) {
    const a = document.createElement('a');
    a.className = 'slot r';
    a.dataset.testid = 'market-row';
    a.setAttribute('role', 'option');
    a.hidden = true;
    a.innerHTML = ${JSON.stringify(ROW_HTML)};
    inner.appendChild(a);
    rows.push({ a, ic: a.children[1], b: a.querySelector('.b'), q: a.querySelector('.q'), bd: a.querySelector('.bd'),
      s: a.querySelector('.s'), l: a.querySelector('.l'), c: a.querySelector('.c'), v: a.querySelector('.v'),
      i: -1, d: null, on: false });
  }
  const worker = new Worker(URL.createObjectURL(new Blob([window.__FLOOR_WORKER__], { type: 'text/javascript' })));

  // Writes position i into its slot (i modulo SLOTS): text only when the slot's row changed; the active mark always.
  function write(i) {
    const r = rows[i % SLOTS], d = cache.get(i);
    if (!d) { if (r.i !== -1 || !r.a.hidden) { r.a.hidden = true; r.a.removeAttribute('data-symbol'); r.i = -1; r.d = null; } return false; }
    if (r.i !== i) { r.i = i; r.a.style.transform = 'translateY(' + i * ROW + 'px)'; r.a.id = 'floor-row-' + i; }
    const on = i === active;
    if (r.on !== on) { r.on = on; if (on) r.a.setAttribute('data-active', 'true'); else r.a.removeAttribute('data-active'); }
    if (r.d === d) return true;
    r.d = d;
    r.a.hidden = false;
    r.a.dataset.symbol = d.symbol;
    r.a.href = d.href;
    const cut = d.label.indexOf('/');
    r.ic.textContent = d.label.charAt(0);
    r.b.textContent = cut < 0 ? d.label : d.label.slice(0, cut);
    r.q.textContent = cut < 0 ? '' : d.label.slice(cut);
    r.bd.textContent = d.hot ? window.__FLOOR_HOT__ : '';
    r.s.textContent = d.sub;
    r.l.textContent = d.price;
    r.c.textContent = d.change;
    r.c.className = 'n c ' + (d.trend > 0 ? 'up' : d.trend < 0 ? 'dn' : '');
    r.v.textContent = d.volume;
    return true;
  }
  // Writes window positions [a, b) (offsets from start); asks the worker for rows it does not hold.
  function writeRange(a, b) {
    let missing = false;
    for (let k = a; k < b; k++) {
      const i = start + k;
      if (i >= total) { const r = rows[i % SLOTS]; if (!r.a.hidden) { r.a.hidden = true; r.a.removeAttribute('data-symbol'); r.i = -1; r.d = null; } continue; }
      if (!write(i)) missing = true;
    }
    if (missing) ask();
  }
  function ask() {
    const first = Math.floor(list.scrollTop / ROW);
    const a = Math.max(0, first - BLOCK), b = Math.min(total, first + BLOCK);
    const key = shown + ':' + a + ':' + b;
    if (key === asked) return;
    asked = key;
    worker.postMessage({ t: 'window', id: shown, start: a, end: b });
  }
  // The first position of the window for the current scroll: OVER rows above the viewport, SLOTS in all.
  function windowStart() {
    return Math.max(0, Math.min(Math.floor(list.scrollTop / ROW) - OVER, total - SLOTS));
  }
  function tellView() {
    const key = shown + ':' + start;
    if (LIVE && key !== viewKey) { viewKey = key; worker.postMessage({ t: 'view', id: shown, start, end: start + SLOTS }); }
  }
  // The rest of the window in a task after the next frame (coalesced).
  function later() {
    if (rest) return;
    rest = 1;
    requestAnimationFrame(() => setTimeout(() => { rest = 0; writeRange(0, SLOTS); }, 0));
  }

  worker.onmessage = (e) => {
    const m = e.data;
    if (m.t === 'ready') {
      if (LIVE) worker.postMessage({ t: 'live', url: location.origin.replace(/^http/, 'ws') + LIVE_PATH });
      return query();
    }
    if (m.t === 'live') {
      // Ticked rows of the window, written in place in this task.
      if (m.id !== shown) return;
      for (const [i, d] of m.rows) {
        cache.set(i, d);
        if (rows[i % SLOTS].i === i) write(i);
      }
      return;
    }
    if (m.t !== 'rows' || m.id !== wanted) return;
    if (m.id === shown) {
      // Rows a scroll asked for: the window now.
      m.rows.forEach((d, k) => cache.set(m.start + k, d));
      return writeRange(0, SLOTS);
    }
    // A new result: visible rows in this task, then 9 and 9 over the next two frames (list-floor.html).
    shown = m.id; total = m.total; asked = ''; start = 0; cache.clear();
    m.rows.forEach((d, k) => cache.set(m.start + k, d));
    inner.style.height = total * ROW + 'px';
    if (total > 0) empty.remove(); else if (!empty.isConnected) list.appendChild(empty);
    const h = (pend = {});
    writeRange(0, 10);
    tellView();
    requestAnimationFrame(() => setTimeout(() => {
      if (pend !== h) return;
      writeRange(10, 19);
      requestAnimationFrame(() => setTimeout(() => {
        if (pend !== h) return;
        writeRange(19, SLOTS);
        window.__FLOOR_READY__ = true;
      }, 0));
    }, 0));
  };
  function query() {
    wanted++;
    worker.postMessage({ t: 'query', id: wanted, term: input.value, count: SLOTS });
  }
  input.addEventListener('input', () => {
    list.scrollTop = 0;
    if (active !== -1) { active = -1; input.removeAttribute('aria-activedescendant'); }
    query();
  });
  // A scroll step: the visible rows now (the scroll event runs in the frame's rendering steps), the rest after it.
  list.addEventListener('scroll', () => {
    if (shown < 0) return;
    start = windowStart();
    const first = Math.floor(list.scrollTop / ROW) - start;
    writeRange(Math.max(0, first), Math.min(SLOTS, first + VISIBLE));
    tellView();
    later();
  });
  // ArrowDown/ArrowUp move the active row (no wrap), scroll it into view and mark it; the field names it.
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (!total) return;
    const prev = active;
    active = e.key === 'ArrowDown' ? Math.min(total - 1, active + 1) : Math.max(0, active - 1);
    if (active === prev) return;
    const top = active * ROW;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW > list.scrollTop + VIEW) list.scrollTop = top + ROW - VIEW;
    if (prev >= 0 && rows[prev % SLOTS].i === prev) write(prev);
    if (rows[active % SLOTS].i === active) write(active);
    input.setAttribute('aria-activedescendant', 'floor-row-' + active);
  });
  fetch(${JSON.stringify(REFERENCE_DATA_PATH)}).then((r) => r.arrayBuffer()).then((buffer) => {
    worker.postMessage({ t: 'data', buffer }, [buffer]);
  });
})();
`;

/** The floor page's HTML; `hotLabel` is the app's hot badge text (taken from the app in the same run). */
export function floorPageHtml(hotLabel: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>list floor</title><style>${FLOOR_CSS}</style></head><body>
<input id="q" aria-label="Search markets" data-testid="market-search" role="combobox" aria-expanded="true" aria-controls="list" autocomplete="off"><div id="list" data-testid="market-list" role="listbox" aria-label="Markets"><div id="inner" style="position:relative;height:0"></div></div>
<script>window.__FLOOR_WORKER__ = ${JSON.stringify(REFERENCE_WORKER)}; window.__FLOOR_HOT__ = ${JSON.stringify(hotLabel)};</script>
<script>${FLOOR_SCRIPT}</script>
</body></html>`;
}
