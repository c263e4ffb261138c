/**
 * Turns table rows into rows for the main thread (SPEC §3, §9: upper-cased pairs, short pilot addresses, links under
 * the language prefix, icons through the URL policy): MarketRow for the search modal, ListRow windows for the panels
 * with price, change and volume already formatted for the locale and fiat (SPEC §4), and keeps every window under
 * the ARCHITECTURE.md 'Market engine': 10 KiB message budget. Pure.
 */
import type { ChangePeriod, FiatDisplay, ListRow, MarketRow } from './contract.ts';
import { formatChange, formatFiat, formatPrice, formatVolume } from '../../common/domain/market-format.ts';
import { MAX_MESSAGE_BYTES, MAX_WINDOW_ROWS } from './config.ts';
import {
  FLAG_HOT,
  FLAG_NEW,
  FLAG_ST,
  GROUP_PRE_MARKET,
  GROUP_PREMINT,
  num,
  type MarketTable,
} from './table.ts';
import { iconUrl } from './sources/source.ts';

/** Bytes kept free for a window's envelope (`id`, `version`, `status`, `start`, `total`, brackets). */
export const ENVELOPE_BYTES = 200;

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
  const label = t.label.at(i)!;
  const sub = t.sub.at(i)!;
  const last = t.last.at(i)!;
  const row: MarketRow = {
    symbol: t.symbol.at(i)!,
    label: d.upperLabel ? label.toUpperCase() : label,
    sub: d.shortSub ? shortAddress(sub) : sub,
    last,
    lastUsdt: finite(t.lastUsdt ? t.lastUsdt[i]! : num(last)),
    changePct: finite(change[i]!),
    volumeUsdt: t.volumeUsdt[i]!,
    quote: t.quote.at(i)!,
    href: langPrefix + d.pathPrefix + t.path.at(i)!,
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

/** How a panel's rows are drawn: link prefix, Intl locale (BCP 47), fiat price display, clock for `upcoming`. */
export interface RowFormat {
  period: ChangePeriod;
  langPrefix: string;
  /** BCP 47 tag for Intl (SPEC §9 locale mapping applied), e.g. `zh-CN`. */
  locale: string;
  fiat: FiatDisplay | null;
  nowMs: number;
  /** True for a starred symbol (the row gets `favourite`); absent: none starred. */
  favourite?(symbol: string): boolean;
}

/**
 * Row `i` of `t` as a panel draws it: MarketRow's text fields plus price, change and volume as display text
 * (fiat price when `f.fiat` is set and the row has a USDT value, else the row's own last price; SPEC §4).
 */
export function toListRow(t: MarketTable, i: number, f: RowFormat): ListRow {
  const m = toMarketRow(t, i, f.period, f.langPrefix, f.nowMs);
  const fiatPrice = f.fiat ? formatFiat(m.lastUsdt, f.fiat.rate, f.fiat.currency, f.locale) : null;
  const row: ListRow = {
    symbol: m.symbol,
    label: m.label,
    sub: m.sub,
    quote: m.quote,
    href: m.href,
    icon: m.icon,
    price: fiatPrice ?? formatPrice(m.last, f.locale),
    change: formatChange(m.changePct, f.locale),
    trend: m.changePct === null || m.changePct === 0 ? 0 : m.changePct > 0 ? 1 : -1,
    volume: formatVolume(m.volumeUsdt, f.locale),
    leverage: m.leverage,
    isST: m.isST,
    hot: m.hot,
    isNew: m.isNew,
    upcoming: m.upcoming,
  };
  if (m.group) row.group = m.group;
  if (f.favourite?.(m.symbol)) row.favourite = true;
  return row;
}

/** Arguments of one window: the rows `[start, end)` of a ranked order, of `total` matches. */
export interface WindowRequest {
  total: number;
  start: number;
  end: number;
}

/**
 * Rows `[start, end)` of `order` (clamped to total and MAX_WINDOW_ROWS), cut short where the next row would take the
 * message past `budget` bytes (default MAX_MESSAGE_BYTES less the envelope): the UI asks again from
 * `start + rows.length`. At least one row when any is asked. Returns the clamped start and the rows.
 */
export function buildWindow(
  t: MarketTable,
  order: Int32Array,
  req: WindowRequest,
  format: RowFormat,
  budget = MAX_MESSAGE_BYTES - ENVELOPE_BYTES,
): { start: number; rows: ListRow[] } {
  const start = Math.max(0, Math.min(Math.floor(req.start), req.total));
  const end = Math.max(start, Math.min(Math.floor(req.end), req.total, start + MAX_WINDOW_ROWS));
  const rows: ListRow[] = [];
  let bytes = 0;
  for (let pos = start; pos < end; pos++) {
    const row = toListRow(t, order[pos]!, format);
    bytes += messageBytes(row) + 1;
    if (bytes > budget && rows.length > 0) break;
    rows.push(row);
  }
  return { start, rows };
}
