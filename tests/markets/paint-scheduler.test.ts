// The market list's paint scheduler (src/markets/paint-scheduler.ts, SPEC §9): visible rows in the same task, the
// overscan rows in the frame after the next (fake frames), the out-of-sight live redraw once, and nothing after dispose.
import { describe, expect, it } from 'vitest';
import { PaintScheduler } from '../../src/markets/paint-scheduler.ts';

function setup() {
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const paints: Array<{ inSightOnly: boolean; settled: boolean }> = [];
  const s: PaintScheduler = new PaintScheduler({
    nextFrame: (cb) => frames.push(cb),
    paint: (inSightOnly) => paints.push({ inSightOnly, settled: s.isSettled }),
    visible: () => ({ first: 10, last: 20 }),
    window: () => ({ first: 1, last: 29 }),
    outOfSightMs: 1000,
    setTimer: (cb) => timers.push(cb),
    clearTimer: () => timers.splice(0),
  });
  const frame = () => frames.splice(0).forEach((f) => f());
  const tick = () => timers.splice(0).forEach((f) => f());
  return { s, paints, frame, tick, frames, timers };
}

describe('PaintScheduler', () => {
  it('draws the visible rows now and the settled window in the frame after the next', () => {
    const { s, paints, frame } = setup();
    s.unsettle('all', () => true);
    expect(paints).toEqual([{ inSightOnly: false, settled: false }]);
    expect(s.plan(100).range).toEqual({ first: 10, last: 20 });
    frame();
    expect(paints).toHaveLength(2);
    expect(s.isSettled).toBe(true);
    expect(s.plan(100).range).toEqual({ first: 1, last: 29 });
  });

  it('keeps every slot while a new result is unsettled, and the settled window after a scroll step', () => {
    const { s } = setup();
    s.unsettle('all', () => true);
    expect(s.plan(500).keep).toEqual({ first: 0, last: 500 });
    s.unsettle('window', () => true);
    expect(s.plan(500).keep).toEqual({ first: 1, last: 29 });
  });

  it('drops the settle of an older unsettle, and one whose list is no longer current', () => {
    const { s, paints, frames } = setup();
    s.unsettle('all', () => true);
    const older = frames.shift()!;
    s.unsettle('window', () => false);
    older();
    frames.shift()!();
    expect(paints).toHaveLength(2); // the two visible draws, no settle
    expect(s.isSettled).toBe(false);
  });

  it('draws only the rows in sight for live values', () => {
    const { s } = setup();
    expect(s.plan(100, true).range).toEqual({ first: 10, last: 20 });
  });

  it('redraws the window once for rows out of sight: one timer, then a frame', () => {
    const { s, paints, tick, frame, timers } = setup();
    s.later();
    s.later();
    expect(timers).toHaveLength(1);
    tick();
    expect(paints).toHaveLength(0);
    frame();
    expect(paints).toEqual([{ inSightOnly: false, settled: true }]);
  });

  it('does nothing after dispose until resumed', () => {
    const { s, paints, tick, frame, timers } = setup();
    s.later();
    s.dispose();
    expect(timers).toHaveLength(0);
    s.unsettle('all', () => true);
    paints.length = 0;
    frame();
    tick();
    expect(paints).toHaveLength(0);
    s.resume();
    s.later();
    tick();
    frame();
    expect(paints).toHaveLength(0); // unsettled since: no out-of-sight draw over the rows in sight
  });
});
