/**
 * Live ticks applied in place (workers/market/live/apply.ts, SPEC §7, §9 refresh): any interleaving of snapshots
 * (a new table) and tick batches leaves the table equal to a plain Map that applied the same updates, with unknown
 * keys ignored and malformed prices skipped; the futures keys carry their settle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTicks, LiveText, tableKeyOf } from '../../workers/market/live/apply.ts';
import { createTableBuilder, num, type MarketTable } from '../../workers/market/table.ts';
import type { LiveTick } from '../../common/wire/live.ts';

interface Cells {
  last: string;
  change: number;
  volume: number;
}

const KEYS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'DOGE_USDT', 'PEPE_USDT'];

/** A spot table of USDT pairs (USDT price = price) with `rows`. */
function spotTable(rows: ReadonlyMap<string, Cells>): MarketTable {
  const b = createTableBuilder('spot', rows.size);
  for (const [pair, c] of rows) {
    const [base, quote] = pair.split('_') as [string, string];
    b.add({
      symbol: pair,
      label: `${base}/${quote}`,
      sub: base,
      last: c.last,
      quote,
      path: `/trade/${pair}`,
      icon: null,
      lastUsdt: num(c.last),
      change24: c.change,
      changeUtc0: NaN,
      changeUtc8: NaN,
      volumeUsdt: c.volume,
      leverage: 0,
      flags: 0,
      openingMs: 0,
      group: 0,
      categories: [],
      search: { base, quote, name: base, pair },
    });
  }
  return b.finishUnindexed();
}

/** The model: the same rules on a Map. */
function modelApply(model: Map<string, Cells>, ticks: readonly LiveTick[]): void {
  for (const [key, last, change, volume] of ticks) {
    const row = model.get(key);
    const text = last.trim();
    const price = text === '' ? NaN : Number(text);
    if (!row || !(price >= 0) || !Number.isFinite(price) || text.length > 40) continue;
    row.last = text;
    if (Number.isFinite(num(change))) row.change = num(change);
    if (Number.isFinite(num(volume)) && num(volume) >= 0) row.volume = num(volume);
  }
}

const decimal = fc.oneof(
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((v) => String(v)),
  fc.constantFrom('', 'abc', '-1', '1e400', ' 42 ', 'NaN'),
);
const cells = fc.record({
  last: fc.double({ min: 0.0001, max: 1e5, noNaN: true }).map(String),
  change: fc.double({ min: -99, max: 500, noNaN: true }),
  volume: fc.double({ min: 0, max: 1e9, noNaN: true }),
});
const snapshot = fc
  .uniqueArray(fc.constantFrom(...KEYS), { minLength: 1 })
  .chain((keys) => fc.tuple(...keys.map((k) => cells.map((c) => [k, c] as const))))
  .map((entries) => ({ type: 'snapshot' as const, rows: new Map(entries) }));
const tick: fc.Arbitrary<LiveTick> = fc.tuple(
  fc.constantFrom(...KEYS, 'UNKNOWN_USDT', ''),
  decimal,
  fc.oneof(fc.double({ min: -99, max: 99, noNaN: true }).map(String), fc.constant('x')),
  decimal,
);
const batch = fc.array(tick, { maxLength: 12 }).map((ticks) => ({ type: 'ticks' as const, ticks }));

describe('live ticks in place', () => {
  it('any interleaving of snapshots and tick batches equals a Map that applied the same updates', () => {
    fc.assert(
      fc.property(snapshot, fc.array(fc.oneof(snapshot, batch), { maxLength: 25 }), (first, ops) => {
        let model = new Map([...first.rows].map(([k, c]) => [k, { ...c }]));
        let table = spotTable(first.rows);
        for (const op of ops) {
          if (op.type === 'snapshot') {
            model = new Map([...op.rows].map(([k, c]) => [k, { ...c }]));
            table = spotTable(op.rows);
          } else {
            applyTicks(table, 'spot', op.ticks);
            modelApply(model, op.ticks);
          }
        }
        expect(table.n).toBe(model.size);
        for (let i = 0; i < table.n; i++) {
          const want = model.get(table.symbol.at(i)!)!;
          expect(table.last.at(i)).toBe(want.last);
          expect(table.change24[i]).toBe(want.change);
          expect(table.volumeUsdt[i]).toBe(want.volume);
          expect(table.lastUsdt![i]).toBe(num(want.last));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes into the existing columns: no column is replaced but the price overlay, made once', () => {
    const t = spotTable(new Map([['BTC_USDT', { last: '100', change: 1, volume: 5 }]]));
    const { change24, volumeUsdt, lastUsdt } = t;
    const r1 = applyTicks(t, 'spot', [['BTC_USDT', '101', '1.5', '6']]);
    const overlay = t.last;
    const r2 = applyTicks(t, 'spot', [
      ['BTC_USDT', '102', '2', '7'],
      ['NOPE', '1', '1', '1'],
      ['BTC_USDT', 'garbage', '2', '7'],
    ]);
    expect(overlay).toBeInstanceOf(LiveText);
    expect(t.last).toBe(overlay);
    expect([t.change24, t.volumeUsdt, t.lastUsdt]).toEqual([change24, volumeUsdt, lastUsdt]);
    expect(t.change24).toBe(change24);
    expect(r1).toEqual({ changed: [0], moves: [1], unknown: 0, malformed: 0 });
    expect(r2).toEqual({ changed: [0], moves: [1], unknown: 1, malformed: 1 });
    expect(t.last.at(0)).toBe('102');
  });

  it('finds a futures key in the table of its settle', () => {
    expect(tableKeyOf('futures', 'usdt:BTC_USDT')).toBe('futures:USDT');
    expect(tableKeyOf('futures', 'btc:BTC_USD')).toBe('futures:BTC');
    expect(tableKeyOf('spot', 'BTC_USDT')).toBe('spot');
    const t = spotTable(new Map([['BTC_USDT', { last: '100', change: 1, volume: 5 }]]));
    expect(applyTicks(t, 'futures:USDT', [['usdt:BTC_USDT', '99', '-1', '3']]).changed).toEqual([0]);
    expect(applyTicks(t, 'futures:USDT', [['BTC_USDT', '98', '-1', '3']]).unknown).toBe(1);
  });
});
