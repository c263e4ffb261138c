// RowWindowLoader: the main thread asks only for the rows it lacks, window by window (DESIGN 'Rules that keep it fast').
import { describe, expect, it } from 'vitest';
import type { MarketEngineApi, MarketRow, RowWindow } from '../../workers/market/contract.ts';
import { RowWindowLoader } from '../../src/markets/row-window-loader.ts';

function row(i: number, id: number): MarketRow {
  return {
    symbol: `C${i}_USDT#${id}`,
    label: `C${i}/USDT`,
    sub: '',
    last: '1',
    lastUsdt: 1,
    changePct: 0,
    volumeUsdt: 0,
    quote: 'USDT',
    href: `/trade/C${i}_USDT`,
    icon: null,
    leverage: 0,
    isST: false,
    hot: false,
    isNew: false,
    upcoming: false,
  };
}

/** A fake engine: `latest` is the newest query id; windows are capped at `cap` rows; calls are recorded. */
function fakeEngine(total: number, cap: number) {
  const calls: Array<[number, number, number]> = [];
  const state = { latest: 1 };
  const engine = {
    rows: async (id: number, start: number, end: number): Promise<RowWindow | null> => {
      calls.push([id, start, end]);
      if (id !== state.latest) return null;
      const stop = Math.min(end, total, start + cap);
      return {
        id,
        version: 1,
        start,
        rows: Array.from({ length: Math.max(0, stop - start) }, (_, k) => row(start + k, id)),
      };
    },
  } as unknown as MarketEngineApi;
  return { engine, calls, state };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('RowWindowLoader', () => {
  it('fetches a capped range window after window until the wanted range is complete', async () => {
    const { engine, calls } = fakeEngine(1000, 10);
    const loader = new RowWindowLoader(engine);
    loader.want(1, 0, 28);
    for (let i = 0; i < 5; i++) await settle();
    expect(calls).toEqual([
      [1, 0, 28],
      [1, 10, 28],
      [1, 20, 28],
    ]);
    expect(loader.rowAt(27)?.label).toBe('C27/USDT');
    expect(loader.windowId).toBe(1);
  });

  it('asks only for rows it lacks when the range moves', async () => {
    const { engine, calls } = fakeEngine(1000, 100);
    const loader = new RowWindowLoader(engine);
    loader.want(1, 0, 20);
    await settle();
    loader.want(1, 10, 30);
    await settle();
    expect(calls).toEqual([
      [1, 0, 20],
      [1, 20, 30],
    ]);
  });

  it('keeps the previous query rows until the new query first window lands, then replaces them', async () => {
    const { engine, state } = fakeEngine(1000, 100);
    const loader = new RowWindowLoader(engine);
    loader.want(1, 0, 5);
    await settle();
    state.latest = 2;
    loader.want(2, 0, 5);
    expect(loader.rowAt(0)?.symbol).toBe('C0_USDT#1');
    await settle();
    expect(loader.windowId).toBe(2);
    expect(loader.rowAt(0)?.symbol).toBe('C0_USDT#2');
  });

  it('drops a superseded reply (null) without storing anything', async () => {
    const { engine, state } = fakeEngine(1000, 100);
    state.latest = 5;
    const loader = new RowWindowLoader(engine);
    loader.want(4, 0, 10);
    await settle();
    expect(loader.windowId).toBe(0);
    expect(loader.rowAt(0)).toBeUndefined();
  });

  it('notifies subscribers once per stored window', async () => {
    const { engine } = fakeEngine(1000, 10);
    const loader = new RowWindowLoader(engine);
    let notified = 0;
    loader.subscribe(() => notified++);
    loader.want(1, 0, 20);
    for (let i = 0; i < 4; i++) await settle();
    expect(notified).toBe(2);
    expect(loader.getVersion()).toBe(2);
  });
});
