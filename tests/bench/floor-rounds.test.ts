// The floor case's rounds (e2e/bench/floor/floor-runs.ts runFloorRounds): which runs go in which order, and which runs
// form each pair: `/` and the trade page against their round's floor run, the A/A control's extra floor run against
// the round's floor run, the floor's place alternating between rounds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runFloorRounds, type FloorMode, type FloorRun } from '../../e2e/bench/floor/floor-runs.ts';

describe('runFloorRounds', () => {
  beforeEach(() => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('pairs each app run with its round’s floor run, the A/A run beside it, the floor last then first', async () => {
    const order: string[] = [];
    const run = (mode: FloorMode) => {
      order.push(mode);
      // Each run carries its place in the sequence, so the pairs can be checked by identity.
      return Promise.resolve({ mode, keystrokes: order.length } as FloorRun);
    };
    const sets = await runFloorRounds(3, 2, 4, true, run, false);
    expect(order).toEqual([
      ...['home', 'trade', 'floor', 'floor'],
      ...['floor', 'floor', 'home', 'trade'],
      ...['home', 'trade', 'floor'],
    ]);
    const seq = (s: typeof sets.home) => s.pairs.map((p) => [p.app.keystrokes, p.reference.keystrokes]);
    expect(seq(sets.home)).toEqual([
      [1, 4],
      [7, 6],
      [9, 11],
    ]);
    expect(seq(sets.trade)).toEqual([
      [2, 4],
      [8, 6],
      [10, 11],
    ]);
    // The A/A pairs: the extra floor run (in the app's place) against the round's floor run, run right after it.
    expect(seq(sets.control)).toEqual([
      [3, 4],
      [5, 6],
    ]);
    expect(sets.moving).toBe(true);
    expect(sets.home.throttle).toBe(4);
    expect(typeof sets.home.loadStart).toBe('number');
  });

  it('runs each mode once, unmeasured, before the first round', async () => {
    const order: string[] = [];
    const run = (mode: FloorMode) => {
      order.push(mode);
      return Promise.resolve({ mode, keystrokes: order.length } as FloorRun);
    };
    const sets = await runFloorRounds(1, 0, 4, false, run);
    expect(order).toEqual(['home', 'trade', 'floor', 'home', 'trade', 'floor']);
    // No warm-up run is in a pair.
    expect(sets.home.pairs.map((p) => [p.app.keystrokes, p.reference.keystrokes])).toEqual([[4, 6]]);
    expect(sets.trade.pairs.map((p) => [p.app.keystrokes, p.reference.keystrokes])).toEqual([[5, 6]]);
    expect(sets.control.pairs).toEqual([]);
  });
});
