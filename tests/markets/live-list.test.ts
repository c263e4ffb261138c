// Live lists on the page (ARCHITECTURE.md 'Live lists'): the list controller writes live cells into the rows it holds
// (same symbol at the same index, the shown query only) and repaints; the price cell's flash attribute alternates per
// move and stays off under reduced motion; the live hub tells the engine the union of the shown lists, once per task;
// the badge's times are the page locale's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListRow, LiveRowsEvent, MarketEngineApi, QueryResult } from '../../workers/market/contract';
import { MarketListController, OUT_OF_SIGHT_LIVE_MS, type RowRenderer } from '../../src/markets/market-list';
import { ListRegistry } from '../../src/markets/list-query.ts';
import {
  DARK_LATE_MS,
  FLASH_MS,
  flashPrice,
  withLiveCells,
  type LiveRow,
} from '../../src/markets/live-cells';
import { liveHub } from '../../src/markets/live-hub';
import { clockTime, relativeAge } from '../../src/markets/DataAge';
import { listRow } from './list-row';
import { fakeEngineOf } from './fake-engine.ts';

/** An engine answering every query with `n` rows `R0_USDT`…; records the live interest it is told. */
function fakeEngine(n = 20) {
  const interest: string[][] = [];
  const engine: MarketEngineApi = fakeEngineOf({
    query: async (q): Promise<QueryResult> => ({
      id: q.id,
      total: n,
      version: 1,
      status: 'ready',
      superseded: false,
      start: 0,
      rows: Array.from({ length: Math.min(n, q.count ?? 0) }, (_, i) => listRow(`R${i}_USDT`)),
    }),
    setLiveInterest: async (kinds) => void interest.push([...kinds]),
  });
  return { engine, interest };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live cells in the list controller', () => {
  it('writes the new values into the shown rows and repaints; other symbols and other queries are dropped', async () => {
    const { engine } = fakeEngine();
    const list = new MarketListController({
      engine: async () => engine,
      lists: new ListRegistry(),
      nextFrame: (cb) => cb(),
    });
    let rowAt: (i: number) => ListRow | undefined = () => undefined;
    let paints = 0;
    const renderer: RowRenderer = {
      render: (_range, at) => {
        rowAt = at;
        paints++;
      },
    };
    list.setParams({ kind: 'spot', tab: '', term: '', period: '24h', fiat: null });
    list.connect();
    list.attach(renderer);
    await settle();
    const id = list.getState().id;
    expect(rowAt(2)?.symbol).toBe('R2_USDT');
    const cells = { change: '-3.00%', trend: -1 as const, volume: '2K' };
    const event = (over: Partial<LiveRowsEvent>): LiveRowsEvent => ({
      type: 'rows',
      kind: 'spot',
      id,
      rows: [{ index: 2, symbol: 'R2_USDT', price: '0.98', move: -1, ...cells }],
      ...over,
    });
    const before = paints;
    list.applyLive(event({}));
    expect(paints).toBe(before + 1);
    expect(rowAt(2)).toMatchObject({ price: '0.98', change: '-3.00%', trend: -1, volume: '2K', move: -1 });
    list.applyLive(
      event({ id: id + 1, rows: [{ index: 2, symbol: 'R2_USDT', price: '5', move: 1, ...cells }] }),
    );
    list.applyLive(event({ rows: [{ index: 3, symbol: 'OTHER', price: '5', move: 1, ...cells }] }));
    expect(paints).toBe(before + 1);
    expect(rowAt(2)?.price).toBe('0.98');
    expect(rowAt(3)?.price).toBe('1.00');
  });
});

describe('live rows in sight', () => {
  it('a batch writes the rows in sight; rows out of sight keep the values, without the move, for their next drawing', async () => {
    const { engine } = fakeEngine(40);
    const frames: Array<() => void> = [];
    const list = new MarketListController({
      engine: async () => engine,
      lists: new ListRegistry(),
      nextFrame: (cb) => frames.push(cb),
    });
    let rowAt: (i: number) => ListRow | undefined = () => undefined;
    const draws: Array<{ first: number; last: number }> = [];
    const renderer: RowRenderer = {
      render: (range, at) => {
        rowAt = at;
        draws.push(range);
      },
    };
    list.setParams({ kind: 'spot', tab: '', term: '', period: '24h', fiat: null });
    list.connect();
    list.attach(renderer);
    await settle();
    frames.splice(0).forEach((f) => f()); // the overscan rows: the settled window is drawn
    const whole = draws.at(-1)!;
    const id = list.getState().id;
    // At the top, 530 px show 10 rows (the last one in part); the settled window adds 9 overscan rows below.
    expect(whole).toEqual({ first: 0, last: 19 });
    const cells = (price: string, from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => ({
        index: from + k,
        symbol: `R${from + k}_USDT`,
        price,
        change: '1.00%',
        trend: 1 as const,
        volume: '1K',
        move: 1 as const,
      }));
    vi.useFakeTimers();
    const n = draws.length;
    list.applyLive({ type: 'rows', kind: 'spot', id, rows: cells('2', 0, 19) });
    // One drawing, of the rows in sight only; every row in memory has the new values.
    expect(draws.slice(n)).toEqual([{ first: 0, last: 10 }]);
    expect(rowAt(3)).toMatchObject({ price: '2', move: 1 });
    expect(rowAt(15)?.price).toBe('2');
    expect(rowAt(15)).not.toHaveProperty('move');
    // The rows out of sight are drawn OUT_OF_SIGHT_LIVE_MS later, once a frame has painted: the whole window.
    vi.advanceTimersByTime(OUT_OF_SIGHT_LIVE_MS - 1);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(1);
    frames.splice(0).forEach((f) => f());
    expect(draws.slice(n)).toEqual([{ first: 0, last: 10 }, whole]);
    // A batch of rows out of sight alone draws nothing now; a whole drawing before the timer (a hover here) draws
    // them, still without a move.
    list.applyLive({ type: 'rows', kind: 'spot', id, rows: cells('3', 12, 19) });
    expect(draws).toHaveLength(n + 2);
    list.setActive(2);
    expect(draws.at(-1)).toEqual(whole);
    expect(rowAt(18)?.price).toBe('3');
    expect(rowAt(18)).not.toHaveProperty('move');
  });
});

describe('the price flash', () => {
  const cell = () => ({ dataset: {} as DOMStringMap }) as HTMLElement;
  const live = (price: string, move: 1 | -1 | 0, symbol = 'BTC_USDT'): LiveRow =>
    withLiveCells(listRow(symbol), { index: 0, symbol, price, change: '', trend: 0, volume: '', move });

  it('lights in the move’s colour and goes dark after FLASH_MS with a later write, or on its own on a quiet list', () => {
    vi.useFakeTimers();
    try {
      const c = cell();
      const other = cell();
      const a = listRow('BTC_USDT');
      flashPrice(c, a, live('2', 1));
      expect(c.dataset.flash).toBe('rise');
      vi.advanceTimersByTime(FLASH_MS / 2);
      flashPrice(c, live('2', 1), live('1', -1)); // a new move restarts the time, in its colour
      expect(c.dataset.flash).toBe('fall');
      vi.advanceTimersByTime(FLASH_MS / 2 + 10);
      expect(c.dataset.flash).toBe('fall');
      vi.advanceTimersByTime(FLASH_MS / 2);
      expect(c.dataset.flash).toBe('fall'); // due, but dark only with the next write
      flashPrice(other, live('1', 0), live('1', 0)); // a write of another cell, no move of its own
      expect(c.dataset.flash).toBeUndefined();
      flashPrice(c, a, live('2', 1));
      vi.advanceTimersByTime(FLASH_MS + DARK_LATE_MS - 1);
      expect(c.dataset.flash).toBe('rise');
      vi.advanceTimersByTime(2); // a list that went quiet: dark DARK_LATE_MS after due
      expect(c.dataset.flash).toBeUndefined();
      flashPrice(c, a, live('2', 1));
      flashPrice(c, live('1', -1), listRow('ETH_USDT'));
      expect(c.dataset.flash).toBeUndefined();
      flashPrice(c, null, live('2', 1));
      expect(c.dataset.flash).toBeUndefined(); // a first write is not a move
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a moving list only the writes darken cells: the late timer leaves a cell due since the last write lit', () => {
    vi.useFakeTimers();
    try {
      const [c, d, e] = [cell(), cell(), cell()];
      flashPrice(c, live('1', 0), live('2', 1)); // lit at 0, due FLASH_MS
      vi.advanceTimersByTime(300);
      flashPrice(d, live('1', 0), live('0.5', -1)); // lit at 300, due 300 + FLASH_MS
      vi.advanceTimersByTime(FLASH_MS - 300 + 100); // a write just after c is due
      flashPrice(e, live('1', 0), live('1', 0));
      expect(c.dataset.flash).toBeUndefined();
      expect(d.dataset.flash).toBe('fall');
      // The timer armed for c fires (c due + DARK_LATE_MS); d is due by then but not DARK_LATE_MS ago: it stays lit.
      vi.advanceTimersByTime(DARK_LATE_MS - 100 + 1);
      expect(d.dataset.flash).toBe('fall');
      flashPrice(e, live('1', 0), live('1', 0)); // the next write darkens it
      expect(d.dataset.flash).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not flash under prefers-reduced-motion, and follows the setting when it changes', async () => {
    let onChange: ((e: { matches: boolean }) => void) | null = null;
    vi.resetModules();
    vi.stubGlobal('matchMedia', () => ({
      matches: true,
      addEventListener: (_: string, l: (e: { matches: boolean }) => void) => (onChange = l),
    }));
    try {
      // A fresh module: the query is made once per page.
      const fresh = await import('../../src/markets/live-cells');
      const row = (price: string, move: 1 | -1 | 0): LiveRow =>
        fresh.withLiveCells(listRow('BTC_USDT'), {
          index: 0,
          symbol: 'BTC_USDT',
          price,
          change: '',
          trend: 0,
          volume: '',
          move,
        });
      const c = cell();
      fresh.flashPrice(c, listRow('BTC_USDT'), row('2', 1));
      expect(c.dataset.flash).toBeUndefined();
      onChange!({ matches: false }); // the trader turned reduced motion off
      fresh.flashPrice(c, row('2', 1), row('3', 1));
      expect(c.dataset.flash).toBe('rise');
      onChange!({ matches: true });
      fresh.flashPrice(c, row('3', 1), row('2', -1));
      expect(c.dataset.flash).toBe('rise'); // no new flash; the lit one goes dark on its time
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the live hub', () => {
  it('tells the engine the union of the shown lists, once per task, and nothing once all are released', async () => {
    const { engine, interest } = fakeEngine();
    const hub = liveHub(engine);
    const panel = hub.hold(['spot']);
    const modal = hub.hold(['spot', 'futures', 'pilot']);
    await settle();
    expect(interest).toEqual([['futures', 'pilot', 'spot']]);
    modal();
    modal(); // a second release is a no-op
    await settle();
    expect(interest.at(-1)).toEqual(['spot']);
    panel();
    await settle();
    expect(interest.at(-1)).toEqual([]);
    expect(interest).toHaveLength(3);
  });
});

describe('the data-age text', () => {
  it('says the age and the clock time in the page locale', () => {
    expect(relativeAge(120_000, 'en')).toBe('2 min. ago');
    expect(relativeAge(3_000, 'en')).toBe('3 sec. ago');
    expect(relativeAge(120_000, 'ar')).toMatch(/دقيقت|دقائق|د/);
    const at = Date.UTC(2026, 10, 27, 12, 3);
    expect(clockTime(at, at + 60_000, 'en-GB')).toMatch(/\d\d:\d\d/);
    expect(clockTime(at, at + 3 * 86_400_000, 'en-GB')).toMatch(/Nov/);
  });
});
