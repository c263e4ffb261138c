/**
 * Live ticks into the engine's tables, in place (SPEC §7 market lists, §9 refresh; ARCHITECTURE.md 'Live lists'):
 * a tick `[key, last, change24hPct, quoteVolume]` (common/wire/live.ts) rewrites one row's last price, 24h change and
 * volume. Numbers go straight into the existing typed arrays; the last price's text column is wrapped once in an
 * overlay (`LiveText`) that holds only the rows that ticked, so a 100,000-row table is neither re-parsed nor
 * reallocated. The row of a key is found through a key → row map built once per table (on its first tick). Unknown
 * keys and malformed values are skipped (counted, never thrown). Pure apart from mutating the table it is given.
 */
import type { LiveList, LiveTick } from '../../../common/wire/live.ts';
import type { TextColumn } from '../packed-text.ts';
import { USD_LIKE } from '../config.ts';
import { num, type MarketTable } from '../table.ts';

/** Longest price text kept (the table builder's clip for `last`). */
const MAX_PRICE_CHARS = 40;

/** A text column with some values replaced: reads the override of a row when there is one, else the base column. */
export class LiveText implements TextColumn {
  readonly overrides = new Map<number, string>();
  readonly length: number;
  constructor(readonly base: TextColumn) {
    this.length = base.length;
  }
  at(index: number): string | undefined {
    return this.overrides.get(index) ?? this.base.at(index);
  }
}

const keyMaps = new WeakMap<MarketTable, Map<string, number>>();

/** The row of each tick key of `t` (the `symbol` column; a futures table's keys carry its settle), built once. */
function keyMap(t: MarketTable, prefix: string): Map<string, number> {
  let map = keyMaps.get(t);
  if (!map) {
    map = new Map();
    for (let i = 0; i < t.n; i++) map.set(prefix + t.symbol.at(i)!, i);
    keyMaps.set(t, map);
  }
  return map;
}

/** The table key (`spot`, `futures:USDT`, `pilot`) a tick key of `list` is found in. */
export function tableKeyOf(list: LiveList, key: string): string {
  if (list !== 'futures') return list;
  const cut = key.indexOf(':');
  return `futures:${cut > 0 ? key.slice(0, cut).toUpperCase() : 'USDT'}`;
}

/** The prefix a table's symbols take in tick keys: `usdt:` for `futures:USDT`, '' otherwise. */
function keyPrefix(tableKey: string): string {
  const cut = tableKey.indexOf(':');
  return cut > 0 ? `${tableKey.slice(cut + 1).toLowerCase()}:` : '';
}

/** What `applyTicks` did: rows changed (table row indexes) and which way each one's price moved (1 up, -1 down, 0
 * same or unknown before), ticks whose key no row has, malformed ticks. */
export interface ApplyResult {
  changed: number[];
  moves: Array<1 | -1 | 0>;
  unknown: number;
  malformed: number;
}

/**
 * Applies `ticks` to `t` (the table `tableKey` of the tick's list) in place and returns the changed rows. A tick
 * whose last price is not a finite number ≥ 0 is malformed and skipped; a change or volume that is not a finite number
 * leaves that field as it was. The USDT price follows the new price at the row's old quote → USDT rate, and the
 * quote volume is converted at the same rate (1 where the table has no conversion: its prices are in USDT already).
 */
export function applyTicks(t: MarketTable, tableKey: string, ticks: readonly LiveTick[]): ApplyResult {
  const rows = keyMap(t, keyPrefix(tableKey));
  const out: ApplyResult = { changed: [], moves: [], unknown: 0, malformed: 0 };
  let last = t.last instanceof LiveText ? t.last : null;
  for (const tick of ticks) {
    const i = rows.get(tick[0]);
    if (i === undefined) {
      out.unknown++;
      continue;
    }
    const text = tick[1].trim();
    const price = text === '' ? NaN : Number(text);
    if (!(price >= 0) || !Number.isFinite(price) || text.length > MAX_PRICE_CHARS) {
      out.malformed++;
      continue;
    }
    if (!last) t.last = last = new LiveText(t.last);
    let rate = 1;
    const before = num(last.at(i));
    if (t.lastUsdt) {
      // The row's quote → USDT rate: from its old prices, or 1 for a USD-like quote when the old price says nothing.
      const r = t.lastUsdt[i]! / before;
      rate = Number.isFinite(r) && r > 0 ? r : USD_LIKE.has(t.quote.at(i) ?? '') ? 1 : NaN;
      t.lastUsdt[i] = price * rate;
    }
    last.overrides.set(i, text);
    const change = num(tick[2]);
    if (Number.isFinite(change)) t.change24[i] = change;
    const volume = num(tick[3]) * rate;
    if (Number.isFinite(volume) && volume >= 0) t.volumeUsdt[i] = volume;
    out.changed.push(i);
    out.moves.push(price > before ? 1 : price < before ? -1 : 0);
  }
  return out;
}
