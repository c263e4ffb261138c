// The live socket's synthetic ticks and coalescing as pure modules (server/live/ticks.ts, server/live/coalesce.ts;
// docs/API.md 'Live tickers'): determinism, the walk's bounds and decimals, the rate and its per-second floor for the
// top rows of each list, and the latest-tick-per-key buffer of a slow reader.
import { describe, expect, it } from 'vitest';
import { LIVE_LISTS, LiveTick, type LiveList } from '../../common/wire/live.ts';
import { Coalescer, tickBytes } from '../../server/live/coalesce.ts';
import {
  BOUND_PCT,
  FLOOR_ROWS,
  floorRowsAt,
  scheduleFor,
  seedRows,
  TickGenerator,
  type SeedRow,
} from '../../server/live/ticks.ts';
import { loadMarketData } from '../../server/market-data.ts';
import { DEFAULT_TICKS_PER_S, parseConfig } from '../../server/config.ts';

const data = loadMarketData();
const rows = seedRows(data);

/** `n` synthetic rows with descending volumes (a PILOT_ROWS-sized list). */
function manyRows(n: number): SeedRow[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `k${i}`,
    price: (1 + (i % 1000) / 7).toFixed(6),
    changePct: '1.25',
    quoteVolume: String(1e9 / (i + 1)),
    weight: 1e9 / (i + 1),
  }));
}

describe('seedRows', () => {
  it('takes every list from the served snapshot, keyed as the wire says', () => {
    for (const list of LIVE_LISTS) expect(rows[list].length).toBeGreaterThan(FLOOR_ROWS);
    expect(rows.spot.some((r) => r.key === 'BTC_USDT')).toBe(true);
    expect(rows.futures.some((r) => r.key === 'usdt:BTC_USDT')).toBe(true);
    expect(rows.pilot[0]!.key).toBe(data.pilot.list.find((r) => Number(r.price) > 0)!.address);
    for (const list of LIVE_LISTS) for (const r of rows[list]) expect(Number(r.price)).toBeGreaterThan(0);
  });
});

describe('TickGenerator', () => {
  it('is deterministic: same seed, same ticks; another seed, other ticks', () => {
    const run = (seed: number) => {
      const g = new TickGenerator({ rows, ticksPerS: 300, seed });
      return Array.from({ length: 30 }, () => JSON.stringify(g.step()));
    };
    const batches = (seed: number) => {
      const g = new TickGenerator({ rows, ticksPerS: 300, seed });
      return Array.from({ length: 30 }, () => Object.values(g.step()).map((m) => [...m!.values()]));
    };
    expect(run(7)).toEqual(run(7));
    expect(JSON.stringify(batches(7))).toEqual(JSON.stringify(batches(7)));
    expect(JSON.stringify(batches(7))).not.toEqual(JSON.stringify(batches(8)));
  });

  it('walks within the bound, keeps the snapshot decimals and sends wire ticks', () => {
    const g = new TickGenerator({ rows, ticksPerS: 5000, seed: 3 });
    const byKey = new Map(LIVE_LISTS.flatMap((l) => rows[l].map((r) => [`${l} ${r.key}`, r] as const)));
    let seen = 0;
    const bad: string[] = [];
    const decimals = (v: string) => v.split('.')[1]?.length ?? 0;
    for (let s = 0; s < 200; s++) {
      for (const [list, ticks] of Object.entries(g.step()) as [LiveList, Map<string, LiveTick>][]) {
        for (const tick of ticks.values()) {
          const row = byKey.get(`${list} ${tick[0]}`);
          const p0 = Number(row?.price);
          // Rounding to the snapshot's decimals may step past the bound by half a unit of the last digit.
          const slack = (p0 * BOUND_PCT) / 100 + 10 ** -decimals(row?.price ?? '');
          const ok =
            row !== undefined &&
            (seen % 500 !== 0 || LiveTick.safeParse(tick).success) &&
            Math.abs(Number(tick[1]) - p0) <= slack &&
            decimals(tick[1]) === decimals(row.price) &&
            Number(tick[3]) <= (Number(row.quoteVolume) * (100 + BOUND_PCT)) / 100 + 1 &&
            Number(tick[3]) >= (Number(row.quoteVolume) * (100 - BOUND_PCT)) / 100 - 1;
          if (!ok) bad.push(`${list} ${tick.join(' ')} (snapshot ${row?.price} ${row?.quoteVolume})`);
          seen++;
        }
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
    expect(seen).toBeGreaterThan(10_000);
  });

  it('moves the 24h change with the price (from the snapshot open)', () => {
    const g = new TickGenerator({ rows, ticksPerS: 300, seed: 1 });
    const btc = rows.spot.find((r) => r.key === 'BTC_USDT')!;
    const open = Number(btc.price) / (1 + Number(btc.changePct) / 100);
    for (let s = 0; s < 50; s++) {
      const tick = g.step().spot?.get('BTC_USDT');
      if (!tick) continue;
      expect(Number(tick[2])).toBeCloseTo((Number(tick[1]) / open - 1) * 100, 1);
    }
  });

  it('sends about the configured rate', () => {
    const g = new TickGenerator({ rows, ticksPerS: 2000, stepMs: 100, seed: 2 });
    let ticks = 0;
    for (let s = 0; s < 50; s++) for (const m of Object.values(g.step())) ticks += m!.size;
    // 5 s at 2,000/s; coalescing within a step (a row drawn twice) removes a few.
    expect(ticks / 5).toBeGreaterThan(1800);
    expect(ticks / 5).toBeLessThanOrEqual(2000);
  });

  it('holds 2,000 ticks/s with a 100,000-row pilot list well within the step time', () => {
    const big = { ...rows, pilot: manyRows(100_000) };
    const g = new TickGenerator({ rows: big, ticksPerS: 2000, stepMs: 100 });
    const t0 = performance.now();
    for (let s = 0; s < 100; s++) g.step(); // 10 s of ticks
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('sends nothing at rate 0', () => {
    const g = new TickGenerator({ rows, ticksPerS: 0 });
    for (let s = 0; s < 20; s++) expect(g.step()).toEqual({});
  });
});

describe('the schedule (pure)', () => {
  const counts = Object.fromEntries(LIVE_LISTS.map((l) => [l, rows[l].length])) as Record<LiveList, number>;

  it('ticks each of the top 50 rows of every list at least once a second at the default rate', () => {
    const plan = scheduleFor(counts, DEFAULT_TICKS_PER_S, 100);
    for (const list of LIVE_LISTS) {
      expect(plan[list].floorRows).toBe(FLOOR_ROWS);
      // Any window of 10 steps (one second) holds every floor row once.
      for (const start of [0, 3, 17, 123]) {
        const hit = new Map<number, number>();
        for (let s = start; s < start + 10; s++) {
          for (const j of floorRowsAt(s, plan[list].floorRows, plan[list].floorPeriod)) {
            hit.set(j, (hit.get(j) ?? 0) + 1);
          }
        }
        expect(hit.size).toBe(FLOOR_ROWS);
      }
    }
  });

  it('the generator ticks the top 50 by quote volume within every second', () => {
    const g = new TickGenerator({ rows, ticksPerS: DEFAULT_TICKS_PER_S, stepMs: 100 });
    for (let second = 0; second < 3; second++) {
      const seen = new Map<LiveList, Set<string>>(LIVE_LISTS.map((l) => [l, new Set()]));
      for (let s = 0; s < 10; s++) {
        for (const [list, m] of Object.entries(g.step()) as [LiveList, Map<string, LiveTick>][]) {
          for (const k of m.keys()) seen.get(list)!.add(k);
        }
      }
      for (const list of LIVE_LISTS) {
        const top = [...rows[list]].sort((a, b) => b.weight - a.weight).slice(0, FLOOR_ROWS);
        for (const r of top) expect(seen.get(list)!.has(r.key), `${list} ${r.key}`).toBe(true);
      }
    }
  });

  it('splits the rate evenly over the lists and keeps the floor within half of it', () => {
    const plan = scheduleFor(counts, 30, 100);
    for (const list of LIVE_LISTS) {
      // 10/s per list: the floor gets 5/s, so a floor row ticks every 10 s.
      expect(plan[list].floorPeriod).toBe(100);
      expect(plan[list].drawsPerStep).toBeCloseTo(0.5, 5);
    }
    const none = scheduleFor({ spot: 10, futures: 0, pilot: 0 }, 300, 100);
    expect(none.futures).toEqual({ floorRows: 0, floorPeriod: 0, drawsPerStep: 0 });
    expect(none.spot.floorRows).toBe(10);
  });
});

describe('Coalescer (slow reader)', () => {
  it('keeps only the latest tick per key, per list, however many batches arrive', () => {
    const c = new Coalescer();
    for (let i = 0; i < 1000; i++) {
      c.add('spot', [
        ['A', String(i), '0', '1'],
        ['B', String(i), '0', '1'],
      ]);
      c.add('futures', [['usdt:A', String(i), '0', '1']]);
    }
    expect(c.size).toBe(3);
    const taken = c.takeAll();
    expect(taken.resync).toEqual([]);
    expect(taken.batches).toEqual([
      [
        'spot',
        [
          ['A', '999', '0', '1'],
          ['B', '999', '0', '1'],
        ],
      ],
      ['futures', [['usdt:A', '999', '0', '1']]],
    ]);
    expect(c.size).toBe(0);
    expect(c.takeAll()).toEqual({ resync: [], batches: [] });
  });

  it('stays within its byte budget however many rows tick: past it the list is dropped and marked for resync', () => {
    const budget = 64 * 1024;
    const c = new Coalescer(budget);
    let peak = 0;
    for (let step = 0; step < 200; step++) {
      const ticks: LiveTick[] = [];
      for (let k = 0; k < 500; k++) ticks.push([`P${step * 500 + k}`, '1.2345', '-0.5', '123456.78']);
      c.add('pilot', ticks);
      c.add('spot', [['BTC_USDT', String(step), '0', '1']]);
      peak = Math.max(peak, c.bytes);
    }
    expect(peak).toBeLessThanOrEqual(budget);
    expect(c.due).toBe(true);
    const taken = c.takeAll();
    expect(taken.resync).toEqual(['pilot']);
    // The list that fits keeps its latest tick; the one that overflowed sends nothing but its resync.
    expect(taken.batches).toEqual([['spot', [['BTC_USDT', '199', '0', '1']]]]);
    expect(c.bytes).toBe(0);
    expect(c.due).toBe(false);
    // Collecting resumes after the resync was taken.
    c.add('pilot', [['P1', '1', '0', '1']]);
    expect(c.takeAll().batches).toEqual([['pilot', [['P1', '1', '0', '1']]]]);
  });

  it('counts a replaced tick by its new size and frees a dropped list (no resync for a list the client left)', () => {
    const c = new Coalescer(10_000);
    c.add('spot', [['A', '1', '0', '1']]);
    c.add('spot', [['A', '12345', '0', '1']]);
    expect(c.bytes).toBe(tickBytes(['A', '12345', '0', '1']));
    c.add(
      'pilot',
      Array.from({ length: 500 }, (_, i): LiveTick => [`P${i}`, '1', '0', '1']),
    );
    c.drop('pilot');
    expect(c.bytes).toBe(tickBytes(['A', '12345', '0', '1']));
    expect(c.takeAll().resync).toEqual([]);
  });

  it('drops a list the client left', () => {
    const c = new Coalescer();
    c.add('spot', [['A', '1', '0', '1']]);
    c.add('pilot', [['P', '1', '0', '1']]);
    c.drop('spot');
    expect(c.takeAll().batches).toEqual([['pilot', [['P', '1', '0', '1']]]]);
  });
});

describe('live settings (server/config.ts)', () => {
  it('reads TICKS_PER_S, LIVE_MAX_CONNECTIONS and LIVE_SEED with their defaults', () => {
    expect(parseConfig({})).toMatchObject({ TICKS_PER_S: 300, LIVE_MAX_CONNECTIONS: 1000, LIVE_SEED: 1 });
    expect(parseConfig({ TICKS_PER_S: '0', LIVE_MAX_CONNECTIONS: '5', LIVE_SEED: '9' })).toMatchObject({
      TICKS_PER_S: 0,
      LIVE_MAX_CONNECTIONS: 5,
      LIVE_SEED: 9,
    });
    expect(() => parseConfig({ TICKS_PER_S: '-1' })).toThrow(
      /^TICKS_PER_S "-1": expected an integer from 0 to 100000$/,
    );
    expect(() => parseConfig({ LIVE_MAX_CONNECTIONS: '0' })).toThrow(/LIVE_MAX_CONNECTIONS "0"/);
  });

  it('requires a long METRICS_TOKEN and never echoes it', () => {
    expect(parseConfig({ METRICS_TOKEN: 't'.repeat(32) }).METRICS_TOKEN).toBe('t'.repeat(32));
    expect(() => parseConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(
      /^METRICS_TOKEN: must be at least 32 characters$/,
    );
  });
});
