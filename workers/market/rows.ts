/**
 * Turns table rows into MarketRow windows for the panels (SPEC §3, §9: upper-cased pairs, short pilot addresses,
 * links under the language prefix, icons through the URL policy) and keeps every window under the DESIGN 10 KiB
 * message budget. Pure.
 */
import type { ChangePeriod, MarketRow, RowWindow } from './contract';
import { MAX_MESSAGE_BYTES, MAX_WINDOW_ROWS } from './config';
import { FLAG_HOT, FLAG_NEW, FLAG_ST, GROUP_PRE_MARKET, GROUP_PREMINT, type MarketTable } from './table';
import { iconUrl } from './sources/source';

/** Bytes kept free for the window envelope (`id`, `version`, `start`, `total`, brackets). */
const ENVELOPE_BYTES = 200;

/** UTF-8 length of a string, bytes (no allocation). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      k++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes of a message as JSON (EngineStats.maxMessageBytes unit). */
export function messageBytes(message: unknown): number {
  return utf8Bytes(JSON.stringify(message) ?? '');
}

/** Shortens an address longer than 8 characters to first 4 + '…' + last 4 (SPEC §9). */
export function shortAddress(address: string): string {
  return address.length > 8 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** Row `i` of `t` as the panels draw it; `nowMs` decides `upcoming`. */
export function toMarketRow(
  t: MarketTable,
  i: number,
  period: ChangePeriod,
  langPrefix: string,
  nowMs: number,
): MarketRow {
  const change = period === 'utc0' ? t.changeUtc0 : period === 'utc8' ? t.changeUtc8 : t.change24;
  const flags = t.flags[i]!;
  const d = t.display;
  const row: MarketRow = {
    symbol: t.symbol[i]!,
    label: d.upperLabel ? t.label[i]!.toUpperCase() : t.label[i]!,
    sub: d.shortSub ? shortAddress(t.sub[i]!) : t.sub[i]!,
    last: t.last[i]!,
    lastUsdt: finite(t.lastUsdt[i]!),
    changePct: finite(change[i]!),
    volumeUsdt: t.volumeUsdt[i]!,
    quote: t.quote[i]!,
    href: langPrefix + d.pathPrefix + t.path[i]!,
    icon: iconUrl(t.icon[i]),
    leverage: t.leverage[i]!,
    isST: (flags & FLAG_ST) !== 0,
    hot: (flags & FLAG_HOT) !== 0,
    isNew: (flags & FLAG_NEW) !== 0,
    upcoming: t.openingMs[i]! > nowMs,
  };
  const group = t.group[i];
  if (group === GROUP_PREMINT) row.group = 'premint';
  else if (group === GROUP_PRE_MARKET) row.group = 'pre_market';
  return row;
}

/** Arguments of one window. */
export interface WindowRequest {
  id: number;
  version: number;
  total: number;
  start: number;
  end: number;
  period: ChangePeriod;
  langPrefix: string;
  nowMs: number;
}

/**
 * Rows `[start, end)` of `order` (clamped to total and MAX_WINDOW_ROWS), cut short where the next row would take the
 * message past MAX_MESSAGE_BYTES: the UI asks again from `start + rows.length`. At least one row when any is asked.
 */
export function buildWindow(t: MarketTable, order: Int32Array, req: WindowRequest): RowWindow {
  const start = Math.max(0, Math.min(Math.floor(req.start), req.total));
  const end = Math.max(start, Math.min(Math.floor(req.end), req.total, start + MAX_WINDOW_ROWS));
  const rows: MarketRow[] = [];
  let bytes = ENVELOPE_BYTES;
  for (let pos = start; pos < end; pos++) {
    const row = toMarketRow(t, order[pos]!, req.period, req.langPrefix, req.nowMs);
    bytes += messageBytes(row) + 1;
    if (bytes > MAX_MESSAGE_BYTES && rows.length > 0) break;
    rows.push(row);
  }
  return { id: req.id, version: req.version, start, rows, total: req.total };
}
