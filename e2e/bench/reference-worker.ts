/**
 * The plain-DOM reference's search worker (`npm run bench`), as plain JavaScript source run from a Blob URL (strings,
 * not functions: see page-probes.ts). It holds the pilot list the app shows (the compact columns of the reference
 * server, docs/API.md), searches show_pair and address like the app (SPEC §5 pilot search: case-insensitive
 * substring; pairs that start with the term first, then pairs containing it, then addresses; each tier by 24h volume,
 * highest first) and answers windows of pre-formatted rows, as the app's worker does.
 *
 * Live (the bench's live cases): on `{t: 'live', url}` it opens the server's live socket (common/wire/live.ts),
 * subscribes to the pilot list, writes each tick into its columns and posts the ticked rows inside the window the page
 * last reported (`{t: 'view', id, start, end}`, positions in the current result) as `{t: 'live', id, sentAt, rows}`
 * (rows: `[position, row]`).
 *
 * Messages in: `{t: 'data', buffer}` (the compact JSON bytes, transferred), `{t: 'query', id, term, count}`,
 * `{t: 'window', id, start, end}`, `{t: 'view', id, start, end}`, `{t: 'live', url}`. Out: `{t: 'ready', n}`,
 * `{t: 'rows', id, total, start, rows}`, `{t: 'live', id, sentAt, rows}`.
 */
export const REFERENCE_WORKER = `
'use strict';
let n = 0, pair, addr, symbol, label, sub, price, change, volume, icon, href, hot, byVolume, rankOf;
let order = null, total = 0, lastId = -1, keyIndex = null, posOf = null, view = { id: -1, start: 0, end: 0 };
const priceFmt = new Intl.NumberFormat('en', { maximumSignificantDigits: 6 });
const pctFmt = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'always' });
const volFmt = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });
const col = (c) => Array.isArray(c) ? c : c.index.map((k) => c.dict[k]);

function load(buffer) {
  const w = JSON.parse(new TextDecoder().decode(buffer)).data;
  const c = w.columns;
  n = w.n;
  const showPair = col(c.show_pair), address = col(c.address), seo = col(c.seo_path);
  pair = showPair.map((s) => s.trim().toLowerCase());
  addr = address.map((s) => s.trim().toLowerCase());
  symbol = address.map((s) => s.trim());
  hot = c.is_hot;
  label = showPair.map((s) => s.trim().toUpperCase());
  sub = address.map((s) => s.length > 10 ? s.slice(0, 4) + '\\u2026' + s.slice(-4) : s);
  price = col(c.price);
  change = c.change_percentage;
  volume = c.volume_24h;
  icon = col(c.icon);
  href = seo.map((s) => '/pilot/' + s);
  byVolume = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (volume[b] || 0) - (volume[a] || 0));
  rankOf = new Int32Array(n);
  for (let r = 0; r < n; r++) rankOf[byVolume[r]] = r;
}

function search(term) {
  if (!term) { posOf = rankOf; return byVolume; }
  const keys = [];
  for (let i = 0; i < n; i++) {
    const p = pair[i].indexOf(term);
    const tier = p === 0 ? 0 : p > 0 ? 1 : addr[i].indexOf(term) >= 0 ? 2 : -1;
    if (tier >= 0) keys.push(tier * n + rankOf[i]);
  }
  const sorted = Float64Array.from(keys).sort();
  const out = new Int32Array(sorted.length);
  for (let k = 0; k < sorted.length; k++) out[k] = byVolume[sorted[k] % n];
  posOf = new Int32Array(n).fill(-1);
  for (let k = 0; k < out.length; k++) posOf[out[k]] = k;
  return out;
}

function row(i) {
  const ch = change[i];
  return {
    symbol: symbol[i], hot: hot[i] === 1, label: label[i], sub: sub[i], href: href[i], icon: icon[i],
    price: price[i] === '' ? '--' : priceFmt.format(Number(price[i])),
    change: ch === null ? '--' : pctFmt.format(ch) + '%',
    trend: ch > 0 ? 1 : ch < 0 ? -1 : 0,
    volume: volume[i] === null ? '--' : volFmt.format(volume[i]),
  };
}

function rows(start, end) {
  const out = [];
  for (let k = Math.max(0, start); k < Math.min(end, total); k++) out.push(row(order[k]));
  return out;
}

// Live ticks [key, last, change24hPct, quoteVolume] of the pilot list into the columns; the rows of the window the
// page holds go back to it, formatted, with the batch's send time.
function ticks(m) {
  if (m.type !== 'ticks' || m.list !== 'pilot' || !order) return;
  if (!keyIndex) { keyIndex = new Map(); for (let i = 0; i < n; i++) keyIndex.set(symbol[i], i); }
  const out = [];
  for (const t of m.ticks) {
    const i = keyIndex.get(t[0]);
    if (i === undefined) continue;
    price[i] = t[1];
    const ch = Number(t[2]), vol = Number(t[3]);
    if (Number.isFinite(ch)) change[i] = ch;
    if (Number.isFinite(vol)) volume[i] = vol;
    const k = posOf[i];
    if (view.id === lastId && k >= view.start && k < view.end) out.push([k, row(i)]);
  }
  if (out.length) self.postMessage({ t: 'live', id: lastId, sentAt: m.sentAt, rows: out });
}

function connect(url) {
  const ws = new WebSocket(url);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', lists: ['pilot'] }));
  ws.onmessage = (e) => ticks(JSON.parse(e.data));
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.t === 'data') {
    load(m.buffer);
    self.postMessage({ t: 'ready', n });
  } else if (m.t === 'query') {
    lastId = m.id;
    order = search(m.term.trim().toLowerCase());
    total = order.length;
    self.postMessage({ t: 'rows', id: m.id, total, start: 0, rows: rows(0, m.count) });
  } else if (m.t === 'view') {
    view = m;
  } else if (m.t === 'live') {
    connect(m.url);
  } else if (m.t === 'window' && m.id === lastId) {
    self.postMessage({ t: 'rows', id: m.id, total, start: m.start, rows: rows(m.start, m.end) });
  }
};
`;
