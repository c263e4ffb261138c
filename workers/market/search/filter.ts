/**
 * Empty-term listing (SPEC §5): the selected tab's rows by 24h volume (USDT) descending; in the NEWLISTED tab,
 * upcoming listings (opening time in the future) first, soonest first (SPEC §3). Pure.
 */
import { NEWLISTED_TAB } from '../config.ts';
import type { MarketTable } from '../table.ts';
import { makeRanked, type Ranked } from './select.ts';

/** True when `tab` filters nothing (`ALL` or empty). */
export function isAllTab(tab: string): boolean {
  return tab === '' || tab.toUpperCase() === 'ALL';
}

/** Rows of `tab` (all rows for ALL), ordered lazily; `nowMs` decides what is upcoming. */
export function listTab(t: MarketTable, tab: string, nowMs: number): Ranked {
  const all = isAllTab(tab);
  const order = new Int32Array(t.n);
  let count = 0;
  for (let i = 0; i < t.n; i++) if (all || t.categories[i]!.includes(tab)) order[count++] = i;
  const rows = order.subarray(0, count);
  if (tab !== NEWLISTED_TAB) return makeRanked(rows, Int32Array.of(0, count), [t.volumeUsdt]);
  const soonFirst = new Float64Array(t.n);
  let upcoming = 0;
  // Stryker disable next-line EqualityOperator: rows[count] is past the subarray (undefined), never upcoming
  for (let k = 0; k < count; k++) {
    const i = rows[k]!;
    if (t.openingMs[i]! > nowMs) {
      soonFirst[i] = -t.openingMs[i]!;
      rows[k] = rows[upcoming]!;
      rows[upcoming++] = i;
    }
  }
  return makeRanked(rows, Int32Array.of(0, upcoming, count), [soonFirst, t.volumeUsdt]);
}

/**
 * The favourites tab (SPEC §4): the rows whose symbol is in `symbols`, by 24h volume (USDT) descending like the
 * panel's other tabs, and the starred symbols the table no longer has (`missing`: delisted since they were starred).
 */
export function listSymbols(
  t: MarketTable,
  symbols: ReadonlySet<string>,
): { ranked: Ranked; missing: string[] } {
  const order = new Int32Array(symbols.size);
  const found = new Set<string>();
  let count = 0;
  // Stops once every starred symbol is found (a 100k-row list need not be read to its end).
  // Stryker disable next-line ConditionalExpression,EqualityOperator: reading on (or past the last row) finds no new symbol
  for (let i = 0; i < t.n && count < order.length; i++) {
    const symbol = t.symbol.at(i)!;
    if (symbols.has(symbol) && !found.has(symbol)) {
      found.add(symbol);
      order[count++] = i;
    }
  }
  const missing = [...symbols].filter((s) => !found.has(s));
  return { ranked: makeRanked(order.subarray(0, count), Int32Array.of(0, count), [t.volumeUsdt]), missing };
}
