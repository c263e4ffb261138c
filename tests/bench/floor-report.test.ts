// The floor case's report (e2e/bench/floor/floor-report.ts): verdicts read on the median of per-pair app ÷ floor
// ratios and on per-pair long tasks, a miss marked "blocked by the machine" only when the A/A control (floor ÷ floor)
// misses the same target, and the current-figures rows.
import { describe, expect, it } from 'vitest';
import {
  floorTargetRows,
  longTaskVerdict,
  ratioVerdict,
  renderFloor,
  runLongTasks,
} from '../../e2e/bench/floor/floor-report.ts';
import type { FloorRun, FloorSets } from '../../e2e/bench/floor/floor-runs.ts';
import type { PairSet } from '../../e2e/bench/pair-stats.ts';

/** A run with typing p95 `p95` ms, `tasks` long tasks while typing, `frames` % slow scroll frames, arrows p95 `arrow`. */
function run(p95: number, tasks: number, frames = 1, arrow = 20): FloorRun {
  return {
    mode: 'floor',
    throttle: 4,
    moving: false,
    keyToRowsP50Ms: p95 / 2,
    keyToRowsP95Ms: p95,
    keystrokes: 21,
    paintedKeystrokes: 18,
    typing: { longTasks: tasks, totalBlockingMs: 0 },
    arrows: {
      keyToActiveP50Ms: arrow / 2,
      keyToActiveP95Ms: arrow,
      keys: 90,
      paintedKeys: 90,
      finalIndex: 89,
      tasks: { longTasks: 0, totalBlockingMs: 0 },
    },
    scrolling: {
      longTasks: 0,
      totalBlockingMs: 0,
      framesOver20msPct: frames,
      frames: 150,
      scrolledPx: 24_000,
    },
  };
}
const set = (pairs: Array<[FloorRun, FloorRun]>): PairSet<FloorRun> => ({
  throttle: 4,
  loadStart: 0.5,
  loadEnd: 0.7,
  pairs: pairs.map(([app, reference]) => ({ app, reference })),
});

describe('ratioVerdict', () => {
  it('passes at 1.3 × the floor and under', () => {
    expect(ratioVerdict(1.3, null)).toBe('pass');
    expect(ratioVerdict(0.8, 2)).toBe('pass');
  });
  it('fails above it unless the floor misses it against itself', () => {
    expect(ratioVerdict(1.31, 1.1)).toBe('fail');
    expect(ratioVerdict(1.5, null)).toBe('fail');
    expect(ratioVerdict(1.5, 1.4)).toBe('blocked by the machine');
    expect(ratioVerdict(null, 1.4)).toBe('not measured');
  });
});

describe('longTaskVerdict', () => {
  const aaEven = set([[run(50, 2), run(50, 2)]]);
  const aaOver = set([[run(50, 3), run(50, 2)]]);
  it('passes when no pair has more long tasks in the app run than in the floor run', () => {
    expect(
      longTaskVerdict(
        set([
          [run(50, 1), run(50, 1)],
          [run(50, 0), run(50, 2)],
        ]),
        aaEven,
      ),
    ).toBe('pass');
  });
  it('fails by one task in one pair, blocked only when the floor misses it against itself (an A/A pair uneven)', () => {
    const app = set([
      [run(50, 1), run(50, 1)],
      [run(50, 3), run(50, 2)],
    ]);
    expect(longTaskVerdict(app, aaEven)).toBe('fail');
    expect(longTaskVerdict(app, aaOver)).toBe('blocked by the machine');
    // Either run of an A/A pair may be the one with more: both are the floor.
    expect(longTaskVerdict(app, set([[run(50, 2), run(50, 3)]]))).toBe('blocked by the machine');
    expect(
      longTaskVerdict(
        app,
        set([
          [run(50, 0), run(50, 0)],
          [run(50, 1), run(50, 1)],
        ]),
      ),
    ).toBe('fail');
    expect(longTaskVerdict(set([]), aaOver)).toBe('not measured');
  });
  it('counts typing, ArrowDown and scroll long tasks', () => {
    const r = run(50, 1);
    r.arrows.tasks.longTasks = 2;
    r.scrolling.longTasks = 4;
    expect(runLongTasks(r)).toBe(7);
  });
});

describe('floorTargetRows', () => {
  const sets: FloorSets = {
    moving: true,
    home: set([
      [run(120, 0), run(100, 0)],
      [run(150, 1), run(100, 0)],
      [run(90, 0), run(100, 1)],
    ]),
    trade: set([
      [run(100, 0, 3), run(100, 0, 0)],
      [run(100, 0, 3), run(100, 0, 2)],
      [run(100, 0, 0.5), run(100, 0, 1)],
    ]),
    control: set([
      [run(100, 0), run(100, 0)],
      [run(140, 1), run(100, 0)],
    ]),
  };
  const rows = floorTargetRows(sets, '2026-11-28');

  it('gives each page four targets with every pair, the median and the A/A control', () => {
    expect(rows).toHaveLength(8);
    const typing = rows[0]!;
    expect(typing[0]).toBe('typing key→rows p95 ≤ 1.3 × floor');
    expect(typing[1]).toBe('`/`, moving market');
    expect(typing[2]).toBe('1.2, 1.5, 0.9');
    expect(typing[3]).toBe('1.2× (120 ms / 100 ms)');
    expect(typing[4]).toBe('1, 1.4 (median 1.2×)');
    expect(typing[5]).toBe('pass');
    expect(typing[6]).toBe('0.5 → 0.7');
  });

  it('reads slow scroll frames with the 1 % floor', () => {
    const scroll = rows[5]!;
    expect(scroll[1]).toBe('trade page, moving market');
    expect(scroll[2]).toBe('3, 1.5, 1');
    expect(scroll[5]).toBe('**fail**');
  });

  it('marks a long-task miss as blocked when the A/A pairs miss it too', () => {
    const lt = rows[3]!;
    expect(lt[2]).toBe('app/floor 0/0, 1/0, 0/1');
    expect(lt[4]).toBe('0/0, 1/0');
    expect(lt[5]).toBe('blocked by the machine');
  });

  it('renders the per-pair block with the A/A control', () => {
    const text = renderFloor([sets], { date: '2026-11-28T23:00:00Z', cpu: 'cpu', cores: 2 });
    expect(text).toContain('### A/A control, floor ÷ floor, moving market, 4x (2 pairs');
    expect(text).toContain('| typing key→rows p95 | 120 ms / 100 ms (1.2×)');
  });
});
