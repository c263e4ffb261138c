// The market list's window core on TanStack Virtual (src/markets/list-window.ts), with stubbed DOM options: the
// SPEC §9 window (530 px viewport, 58 px rows, 9 overscan rows) at any offset, and scrollToIndex.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstWindow, ListWindow, PAGE_ROWS, WINDOW_ROWS } from '../../src/markets/list-window';
import { LIST_HEIGHT_PX, OVERSCAN_ROWS, ROW_HEIGHT_PX } from '../../common/market-list-geometry';
import { stubWindow } from './window-stub';

/** SPEC §9's window, written out: the rows a viewport at `top` touches, ± 9 overscan, within the list. */
function specWindow(top: number, total: number, overscan: number) {
  const maxTop = Math.max(0, total * ROW_HEIGHT_PX - LIST_HEIGHT_PX);
  const t = Math.min(Math.max(0, top), maxTop);
  return {
    first: Math.max(0, Math.floor(t / ROW_HEIGHT_PX) - overscan),
    last: Math.min(total, Math.ceil((t + LIST_HEIGHT_PX) / ROW_HEIGHT_PX) + overscan),
  };
}

describe('list window (TanStack Virtual core)', () => {
  it('at the top shows rows 0–9 and keeps 9 overscan rows below (SPEC §9)', () => {
    const { win } = stubWindow(100);
    expect(win.visible()).toEqual({ first: 0, last: 10 });
    expect(win.window()).toEqual({ first: 0, last: 19 });
    expect(WINDOW_ROWS).toBe(29);
    expect(PAGE_ROWS).toBe(9);
  });

  it('follows the scroll offset the scroller reports', () => {
    const { win, scroll } = stubWindow(100);
    scroll(58 * 50);
    expect(win.offset).toBe(2900);
    expect(win.visible()).toEqual({ first: 50, last: 60 });
    expect(win.window()).toEqual({ first: 41, last: 69 });
  });

  it('equals the SPEC §9 arithmetic at any offset and length, and never holds more than WINDOW_ROWS', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 6_000_000 }),
        (total, top) => {
          const { win, scroll } = stubWindow(total);
          scroll(top);
          const settled = win.window();
          expect(win.visible()).toEqual(specWindow(top, total, 0));
          expect(settled).toEqual(specWindow(top, total, OVERSCAN_ROWS));
          expect(settled.last - settled.first).toBeLessThanOrEqual(WINDOW_ROWS);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('an empty list has an empty window; a shrinking list clamps it', () => {
    const { win, scroll } = stubWindow(0);
    expect(win.window()).toEqual({ first: 0, last: 0 });
    win.setCount(500);
    scroll(58 * 400);
    // The browser has not clamped the offset yet: the window is the list's end all the same.
    win.setCount(20);
    expect(win.window()).toEqual(specWindow(58 * 400, 20, OVERSCAN_ROWS));
    expect(win.window()).toEqual({ first: 1, last: 20 });
    win.setCount(-3);
    expect(win.count).toBe(0);
    win.setCount(Number.NaN);
    expect(win.window()).toEqual({ first: 0, last: 0 });
  });

  it('asks a new query for a full window at the offset, whatever the current length', () => {
    const { win, scroll } = stubWindow(100);
    scroll(58 * 50);
    win.setCount(3);
    expect(win.requestWindow()).toEqual({ first: 41, last: 69 });
    expect(win.count).toBe(3);
    expect(firstWindow()).toEqual({ first: 0, last: 19 });
  });

  it('scrollToIndex scrolls the fewest pixels that show the row whole, and not at all when it is in view', () => {
    const { win, writes, offset } = stubWindow(100_000);
    win.scrollToIndex(5);
    expect(writes.every((px) => px === 0)).toBe(true);
    expect(offset()).toBe(0);
    win.scrollToIndex(20);
    // Row 20 ends at 21 × 58 = 1218 px: the viewport's bottom edge goes there.
    expect(offset()).toBe(1218 - LIST_HEIGHT_PX);
    win.scrollToIndex(3);
    expect(offset()).toBe(3 * ROW_HEIGHT_PX);
    win.scrollToIndex(99_999);
    expect(offset()).toBe(100_000 * ROW_HEIGHT_PX - LIST_HEIGHT_PX);
    expect(win.visible().last).toBe(100_000);
    win.scrollToIndex(-5);
    expect(offset()).toBe(0);
    win.scrollToIndex(Number.NaN);
    expect(offset()).toBe(0);
  });

  it('scrollToIndex returns the offset it wrote (null when none was needed) and reads no layout', () => {
    const { win, writes, layoutReads } = stubWindow(100_000);
    const reads = layoutReads();
    const before = writes.length;
    expect(win.scrollToIndex(5)).toBeNull();
    expect(win.scrollToIndex(20)).toBe(21 * ROW_HEIGHT_PX - LIST_HEIGHT_PX);
    // A held arrow key: one row further each time, one write each, no read of the scroller's size.
    for (let i = 21; i < 60; i++) expect(win.scrollToIndex(i)).toBe((i + 1) * ROW_HEIGHT_PX - LIST_HEIGHT_PX);
    expect(writes.length - before).toBe(40);
    expect(layoutReads()).toBe(reads);
    // Already in view: no write.
    expect(win.scrollToIndex(55)).toBeNull();
    expect(writes.length - before).toBe(40);
  });

  it('without a scroll element it still answers ranges, and scrollToIndex writes nothing', () => {
    const writes: number[] = [];
    const win = new ListWindow({
      getScrollElement: () => null,
      observeElementRect: () => undefined,
      observeElementOffset: () => undefined,
      scrollToFn: (px) => writes.push(px),
    });
    win.setCount(50);
    expect(win.window()).toEqual({ first: 0, last: 19 });
    win.scrollToIndex(40);
    win.destroy();
    expect(writes.every((px) => px === 0)).toBe(true);
  });
});
