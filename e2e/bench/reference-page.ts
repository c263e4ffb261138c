/**
 * The plain-DOM reference page of `npm run bench` (served by the bench through a Playwright route, never part of the
 * app's bundle). It is built from the app itself, in the same run: the bench opens the app's pilot panel, captures the
 * row slot markup, the stylesheets, the list's ancestors (tag, class, inline style) and the search field
 * (`CAPTURE_APP_SNAPSHOT`), and the reference page rebuilds that frame with the same classes, so rows get the same
 * DOM and CSS. Behaviour mirrors the app's list (SPEC §9): 58 px rows in a 530 px scroller, recycled row slots keyed
 * by slot with text written in place, visible rows written in the frame the result arrives and the 9 overscan rows
 * in the next frame; a scroll step writes the rows entering the viewport in its frame and the overscan rows in the
 * next, and after a scroll the worker is asked for the app's prefetch margin (PREFETCH_ROWS, 30) on each side, so the
 * reference virtualizes the way the app does; search and formatting in a worker (reference-worker.ts). No framework.
 *
 * Keyboard (SPEC §9 keyboard, the app's model): ArrowDown/ArrowUp in the search field move an active row index (no
 * wrap), scroll it into view, mark its row `data-active="true"` (id `ref-row-<index>`) and name it in the field's
 * `aria-activedescendant`. Live (SPEC §7, §9 refresh; only with `?live` in the page URL): the worker subscribes to the
 * pilot list on the server's live socket at this origin (common/wire/live.ts) and posts the ticked rows that fall in
 * the window the page holds; the page writes their text in place in the task the message arrives.
 */
import { LIST_HEIGHT_PX, OVERSCAN_ROWS, ROW_HEIGHT_PX } from '../../common/market-list-geometry.ts';
import { LIVE_API } from '../../common/wire/live.ts';
import { REFERENCE_WORKER } from './reference-worker.ts';

/**
 * Rows asked for beyond each edge of the window after a scroll: the app's list prefetch margin (30 rows when this
 * page was written). A bench constant on purpose, not imported: the bench drives the app only through its test hooks
 * and never depends on its modules, which change under it.
 */
const PREFETCH_ROWS = 30;

/** What the bench takes from the app page (see CAPTURE_APP_SNAPSHOT). */
export interface AppSnapshot {
  htmlAttrs: Record<string, string>;
  bodyAttrs: Record<string, string>;
  styles: Array<{ href?: string; text?: string }>;
  /** Ancestors of the list's wrapper, outermost (child of body) first. */
  chain: Array<{ tag: string; attrs: Record<string, string> }>;
  wrapAttrs: Record<string, string>;
  listAttrs: Record<string, string>;
  sizerAttrs: Record<string, string>;
  inputAttrs: Record<string, string>;
  /** outerHTML of one row slot (`.market-row-slot`, or the row itself), badges emptied. */
  slotHtml: string;
  /** Width of the list's wrapper in the app, px (the reference pins it: its panel has no menu column). */
  wrapWidth: number;
  /** Text of the app's `hot` badge. */
  hotLabel: string;
}

/** Page script (string, see page-probes.ts) returning an AppSnapshot of the open pilot panel; throws without rows. */
export const CAPTURE_APP_SNAPSHOT = `(() => {
  const attrs = (el) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
  const row = document.querySelector('[data-testid="market-row"]');
  const list = document.querySelector('[data-testid="market-list"]');
  const input = document.querySelector('[data-testid="market-search"]');
  if (!row || !list || !input) throw new Error('reference capture: the pilot panel has no rows');
  const slot = row.closest('.market-row-slot') || row;
  const sizer = slot.parentElement;
  const wrap = list.parentElement;
  const chain = [];
  for (let el = wrap.parentElement; el && el !== document.body; el = el.parentElement)
    chain.unshift({ tag: el.tagName.toLowerCase(), attrs: attrs(el) });
  const styles = [...document.styleSheets].map((s) => {
    if (s.href) return { href: s.href };
    try { return { text: [...s.cssRules].map((r) => r.cssText).join('\\n') }; } catch (e) { return { text: '' }; }
  });
  const slotClone = slot.cloneNode(true);
  slotClone.querySelectorAll('.market-row-badges').forEach((b) => b.replaceChildren());
  return {
    htmlAttrs: attrs(document.documentElement), bodyAttrs: attrs(document.body), styles, chain,
    wrapAttrs: attrs(wrap), listAttrs: attrs(list), sizerAttrs: attrs(sizer),
    inputAttrs: attrs(input), slotHtml: slotClone.outerHTML,
    wrapWidth: wrap.getBoundingClientRect().width,
    hotLabel: (document.querySelector('.badge-hot') || { textContent: 'Hot' }).textContent,
  };
})()`;

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const attrText = (a: Record<string, string>, drop: string[] = []) =>
  Object.entries(a)
    .filter(([k]) => !drop.includes(k) && !k.startsWith('aria-busy'))
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('');

/** The reference's list script (plain JavaScript; the worker source is passed in as a string). */
const MAIN = `
'use strict';
(function () {
  const ROW = ${ROW_HEIGHT_PX}, HEIGHT = ${LIST_HEIGHT_PX}, OVERSCAN = ${OVERSCAN_ROWS}, PREFETCH = ${PREFETCH_ROWS};
  const HOT = window.__REF_HOT__;
  const LIVE = new URLSearchParams(location.search).has('live'), LIVE_PATH = ${JSON.stringify(LIVE_API.path)};
  const list = document.querySelector('[data-testid="market-list"]');
  const sizer = document.getElementById('ref-rows');
  const input = document.querySelector('[data-testid="market-search"]');
  const tpl = document.getElementById('ref-slot').content.firstElementChild;
  const worker = new Worker(URL.createObjectURL(new Blob([window.__REF_WORKER__], { type: 'text/javascript' })));
  const slots = [], byIndex = new Map(), cache = new Map();
  let nextId = 0, wanted = -1, shown = -1, total = 0, asked = '', frame = 0, settle = 0, scrolled = false;
  // Keyboard model (the app's, SPEC §9 keyboard): the active row index, moved by ArrowDown/ArrowUp in the field.
  let active = -1, viewKey = '';

  function makeSlot() {
    const el = tpl.cloneNode(true);
    const q = (s) => (el.matches(s) ? el : el.querySelector(s));
    const s = { el, link: q('a.market-row'), base: q('.market-row-base'), quote: q('.market-row-quote'),
      sub: q('.market-row-sub'), price: q('.market-row-last'), change: q('.market-row-change'),
      volume: q('.market-row-volume'), img: el.querySelector('img'), letter: el.querySelector('.coin-icon-letter'),
      badges: q('.market-row-badges'), index: -1, row: null, top: -1 };
    for (const k of ['link', 'base', 'sub', 'price', 'change', 'volume'])
      if (!s[k]) throw new Error('reference: the captured row has no ' + k + ' cell');
    // The element that carries the row's id and active mark, as in the app ([data-testid=market-row]).
    s.item = q('[data-testid="market-row"]') || el;
    s.item.removeAttribute('id');
    s.item.removeAttribute('data-symbol'); // the captured row's: write() sets the shown row's, on the item as the app
    s.link.removeAttribute('data-symbol');
    s.item.removeAttribute('data-active');
    s.on = false;
    el.style.transform = '';
    slots.push(s);
    return s;
  }
  const setText = (node, t) => { if (node && node.textContent !== t) node.textContent = t; };
  function mark(s, i) {
    const id = 'ref-row-' + i;
    if (s.item.id !== id) s.item.id = id;
    const on = i === active;
    if (s.on !== on) { s.on = on; if (on) s.item.setAttribute('data-active', 'true'); else s.item.removeAttribute('data-active'); }
  }
  function write(s, i, r) {
    const top = i * ROW;
    if (s.top !== top) { s.el.style.transform = 'translateY(' + top + 'px)'; s.top = top; }
    mark(s, i);
    if (s.row === r) return;
    const prev = s.row;
    s.row = r;
    if (!prev || prev.symbol !== r.symbol) s.item.setAttribute('data-symbol', r.symbol);
    if (!prev || prev.href !== r.href) s.link.setAttribute('href', r.href);
    const cut = r.label.indexOf('/');
    setText(s.base, cut < 0 ? r.label : r.label.slice(0, cut));
    setText(s.quote, cut < 0 ? '' : r.label.slice(cut));
    setText(s.sub, r.sub);
    setText(s.price, r.price);
    setText(s.change, r.change);
    const trend = 'market-row-change num ' + (r.trend > 0 ? 'trend-rise' : r.trend < 0 ? 'trend-fall' : 'trend-flat');
    if (s.change.className !== trend) s.change.className = trend;
    setText(s.volume, r.volume);
    if (s.img && r.icon && s.img.getAttribute('src') !== r.icon) s.img.src = r.icon;
    setText(s.letter, r.label.charAt(0));
    if (s.badges && (!prev || prev.hot !== r.hot)) {
      if (r.hot) { const b = document.createElement('span'); b.className = 'badge badge-hot'; b.textContent = HOT; s.badges.replaceChildren(b); }
      else s.badges.replaceChildren();
    }
  }
  function range(over) {
    const top = list.scrollTop;
    return [Math.max(0, Math.floor(top / ROW) - over), Math.min(total, Math.ceil((top + HEIGHT) / ROW) + over)];
  }
  // Slots inside [first, last) are written; others inside [keepFirst, keepLast) are left as they are.
  function render(first, last, keepFirst = first, keepLast = last) {
    for (const s of byIndex.values()) {
      if ((s.index >= first && s.index < last) || (s.index >= keepFirst && s.index < keepLast)) continue;
      byIndex.delete(s.index); s.index = -1; s.el.remove();
    }
    let missing = false;
    for (let i = first; i < last; i++) {
      const r = cache.get(i);
      if (!r) { missing = true; continue; }
      let s = byIndex.get(i);
      if (!s) { s = slots.find((x) => x.index === -1) || makeSlot(); s.index = i; byIndex.set(i, s); }
      write(s, i, r);
    }
    let cursor = sizer.firstElementChild;
    for (const s of [...byIndex.values()].sort((a, b) => a.index - b.index)) {
      if (cursor === s.el) cursor = cursor.nextElementSibling; else sizer.insertBefore(s.el, cursor);
    }
    if (missing) ask(first, last);
    // The live stream updates the rows the page holds: the worker is told the window once per change.
    const key = shown + ':' + first + ':' + last;
    if (LIVE && key !== viewKey) { viewKey = key; worker.postMessage({ t: 'view', id: shown, start: first, end: last }); }
  }
  function ask(first, last) {
    // After a scroll, the prefetch margin on each side, as the app's list controller asks for.
    if (scrolled) { first = Math.max(0, first - PREFETCH); last = Math.min(total, last + PREFETCH); }
    const key = shown + ':' + first + ':' + last;
    if (asked === key) return;
    asked = key;
    worker.postMessage({ t: 'window', id: shown, start: first, end: last });
  }
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.t === 'ready') {
      if (LIVE) worker.postMessage({ t: 'live', url: location.origin.replace(/^http/, 'ws') + LIVE_PATH });
      return query();
    }
    if (m.t === 'live') {
      // Live ticks of rows in the window: text written in place in the slot showing the row, in this task.
      if (m.id !== shown) return;
      for (const [i, r] of m.rows) {
        if (cache.has(i)) cache.set(i, r);
        const s = byIndex.get(i);
        if (s) write(s, i, r);
      }
      return;
    }
    if (m.t !== 'rows' || m.id !== wanted) return;
    const fresh = m.id !== shown;
    if (fresh) { shown = m.id; asked = ''; scrolled = false; cache.clear(); total = m.total; sizer.style.height = total * ROW + 'px'; }
    m.rows.forEach((r, k) => cache.set(m.start + k, r));
    if (!fresh) { const [f, l] = range(OVERSCAN); return render(f, l); } // rows a scroll asked for
    // A new result: visible rows in this frame, overscan rows in the next.
    const [vf, vl] = range(0);
    render(vf, vl);
    requestAnimationFrame(() => { const [f, l] = range(OVERSCAN); render(f, l, 0, total); window.__REF_READY__ = true; });
  };
  function query() {
    wanted = ++nextId;
    const count = Math.ceil(HEIGHT / ROW) + 1 + OVERSCAN;
    worker.postMessage({ t: 'query', id: wanted, term: input.value, count });
  }
  input.addEventListener('input', () => { list.scrollTop = 0; active = -1; input.removeAttribute('aria-activedescendant'); query(); });
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
    else if (top + ROW > list.scrollTop + HEIGHT) list.scrollTop = top + ROW - HEIGHT;
    const was = byIndex.get(prev), now = byIndex.get(active);
    if (was) mark(was, prev);
    if (now) mark(now, active);
    input.setAttribute('aria-activedescendant', 'ref-row-' + active);
  });
  // A scroll step, as the app's list does it: the rows entering the viewport in the step's frame (slots still inside
  // the window stay), the overscan rows in the next frame.
  list.addEventListener('scroll', () => {
    scrolled = true;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const [f, l] = range(OVERSCAN), [vf, vl] = range(0);
      render(vf, vl, f, l);
      if (!settle) settle = requestAnimationFrame(() => { settle = 0; const [f2, l2] = range(OVERSCAN); render(f2, l2); });
    });
  });
  fetch('/__bench/pilot.json').then((r) => r.arrayBuffer()).then((buffer) => {
    worker.postMessage({ t: 'data', buffer }, [buffer]);
  });
})();
`;

/** The reference page's HTML for `snap` (served at the app's origin so its stylesheets load). */
export function referencePageHtml(snap: AppSnapshot): string {
  const styles = snap.styles
    .map((s) => (s.href ? `<link rel="stylesheet" href="${esc(s.href)}">` : `<style>${s.text ?? ''}</style>`))
    .join('\n');
  const open = snap.chain.map((c) => `<${c.tag}${attrText(c.attrs, ['id'])}>`).join('');
  const close = [...snap.chain]
    .reverse()
    .map((c) => `</${c.tag}>`)
    .join('');
  return `<!doctype html>
<html${attrText(snap.htmlAttrs)}>
<head><meta charset="utf-8"><title>plain-DOM reference</title>
${styles}
</head>
<body${attrText(snap.bodyAttrs)}>
${open}
<input${attrText(snap.inputAttrs, ['id', 'value'])}>
<div${attrText(snap.wrapAttrs, ['style'])} style="width: ${snap.wrapWidth}px"><div${attrText(snap.listAttrs, ['id'])}><div id="ref-rows"${attrText(snap.sizerAttrs, ['id', 'style'])} style="position: relative"></div></div></div>
${close}
<template id="ref-slot">${snap.slotHtml}</template>
<script>window.__REF_WORKER__ = ${JSON.stringify(REFERENCE_WORKER)}; window.__REF_HOT__ = ${JSON.stringify(snap.hotLabel)};</script>
<script>${MAIN}</script>
</body>
</html>`;
}
