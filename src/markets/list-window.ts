/**
 * The market list's window core (SPEC §9 virtual list: 530 px viewport, 58 px rows, 9 overscan rows) on TanStack
 * Virtual's framework-free core, `@tanstack/virtual-core`. It answers which rows a scroll offset shows (with and
 * without the overscan) and scrolls a row into view (`scrollToIndex`, the keyboard's active row). Every DOM
 * dependency is passed in, as virtual-core's own options are (`getScrollElement`, `observeElementRect`,
 * `observeElementOffset`, `scrollToFn`), so the core runs in node with stubs; it draws nothing (row-slots.ts does).
 */
import { elementScroll, Virtualizer, type VirtualizerOptions } from '@tanstack/virtual-core';
import { LIST_HEIGHT_PX, OVERSCAN_ROWS, ROW_HEIGHT_PX } from '../../common/market-list-geometry.ts';

/** Rows `[first, last)` of a list. */
export interface RowRange {
  first: number;
  last: number;
}

/** The DOM side of a window: virtual-core's own options for its scroll element, passed in. */
export type ListWindowDeps = Pick<
  VirtualizerOptions<Element, Element>,
  'getScrollElement' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn'
> & {
  /** The scroll offset, px, the window starts at before its element reports one (default 0). */
  initialOffset?: () => number;
};

/**
 * Rows a full window holds at most (SPEC §9: 29): the rows a viewport can touch (one more than it holds whole, when
 * it cuts a row at each edge) plus OVERSCAN_ROWS on each side. The row-slot pool's size.
 */
export const WINDOW_ROWS = Math.ceil(LIST_HEIGHT_PX / ROW_HEIGHT_PX) + 1 + 2 * OVERSCAN_ROWS;

/** Rows one viewport shows whole (SPEC §9: 9): PageDown and PageUp move the active row by this many. */
export const PAGE_ROWS = Math.floor(LIST_HEIGHT_PX / ROW_HEIGHT_PX);

const EMPTY: RowRange = { first: 0, last: 0 };

/**
 * One list's window. `count` starts at 0 (`setCount` as results arrive); `sync` after the scroll element changes
 * (attach or detach); `destroy` when the list goes. Never throws on bad input: counts and indices are clamped.
 */
export class ListWindow {
  private readonly v: Virtualizer<Element, Element>;
  private readonly unmount: () => void;

  constructor(deps: ListWindowDeps) {
    this.v = new Virtualizer<Element, Element>({
      count: 0,
      getScrollElement: deps.getScrollElement,
      observeElementRect: deps.observeElementRect,
      observeElementOffset: deps.observeElementOffset,
      scrollToFn: deps.scrollToFn,
      estimateSize: () => ROW_HEIGHT_PX,
      overscan: OVERSCAN_ROWS,
      // The viewport's height is fixed (SPEC §9): ranges are right before the element reports its rect.
      initialRect: { width: 0, height: LIST_HEIGHT_PX },
      initialOffset: deps.initialOffset ?? 0,
    });
    this.unmount = this.v._didMount();
  }

  /** Rows in the list (the sizer's height is `count × 58 px`). */
  get count(): number {
    return this.v.options.count;
  }

  /** The scroll offset the window is at, px. */
  get offset(): number {
    return this.v.scrollOffset ?? 0;
  }

  /** Sets the row count (a new result's total); a negative or non-finite count is 0. */
  setCount(count: number): void {
    const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
    if (n !== this.v.options.count) this.v.setOptions({ ...this.v.options, count: n });
  }

  /** Adopts the scroll element `getScrollElement` returns now (attach, detach): subscribes its observers. */
  sync(): void {
    this.v._willUpdate();
  }

  /** Stops observing the scroll element. */
  destroy(): void {
    this.unmount();
  }

  /** The rows the viewport shows at the current offset (no overscan), clamped to the list. */
  visible(): RowRange {
    this.v.getVirtualIndexes();
    const r = this.v.range;
    return r ? { first: r.startIndex, last: r.endIndex + 1 } : EMPTY;
  }

  /** The settled window: the visible rows plus OVERSCAN_ROWS beyond each edge, clamped to the list. */
  window(): RowRange {
    const indexes = this.v.getVirtualIndexes();
    return indexes.length === 0 ? EMPTY : { first: indexes[0]!, last: indexes[indexes.length - 1]! + 1 };
  }

  /**
   * The window to ask a new query for, whose length is not known yet: the settled window at the current offset of
   * a list long enough to fill it (the engine clamps the request to the real total).
   */
  requestWindow(): RowRange {
    const count = this.count;
    // Rows through the viewport's bottom edge and the overscan below it.
    const fill = Math.ceil((this.offset + LIST_HEIGHT_PX) / ROW_HEIGHT_PX) + OVERSCAN_ROWS;
    if (count >= fill) return this.window();
    this.setCount(fill);
    const want = this.window();
    this.setCount(count);
    return want;
  }

  /**
   * Scrolls the fewest pixels that show row `index` whole (virtual-core's 'auto' alignment); clamped to the list.
   * Computed from the fixed geometry (SPEC §9: 58 px rows, 530 px viewport) and written once through `scrollToFn`:
   * virtual-core's own scrollToIndex reads the element's scroll range (a forced layout while rows are being
   * written) and then checks the offset in an animation-frame loop, work a held arrow key paid 30 times a second
   * (docs/benchmarks/history.md 'ArrowDown against the floor'). Returns the offset written, px, or null (none needed,
   * or no scroll element).
   */
  scrollToIndex(index: number): number | null {
    const count = this.count;
    if (count === 0 || !Number.isFinite(index) || !this.v.scrollElement) return null;
    const i = Math.max(0, Math.min(count - 1, Math.floor(index)));
    const top = i * ROW_HEIGHT_PX;
    const from = this.offset;
    const maxOffset = Math.max(0, count * ROW_HEIGHT_PX - LIST_HEIGHT_PX);
    let to: number;
    if (top < from) to = top;
    else if (top + ROW_HEIGHT_PX > from + LIST_HEIGHT_PX) to = top + ROW_HEIGHT_PX - LIST_HEIGHT_PX;
    else return null;
    to = Math.min(maxOffset, Math.max(0, to));
    if (to === from) return null;
    this.v.options.scrollToFn(to, { adjustments: undefined, behavior: undefined }, this.v);
    return to;
  }
}

/**
 * The window of a list whose scroll element is `scroller()` (null while unmounted): its height is fixed by the
 * stylesheet (SPEC §9: 530 px, so no ResizeObserver), its offsets come from `report(px)` (the input adapter's passive
 * scroll listener, list-input.ts, through the controller), and `scrollToIndex` writes the element's scrollTop.
 */
export function scrollerWindow(scroller: () => Element | null): {
  win: ListWindow;
  /** Reports scroll offset `px`; returns false, reporting nothing, when it is the offset last reported. */
  report(px: number): boolean;
} {
  let reportOffset: ((offset: number, isScrolling: boolean) => void) | null = null;
  const win = new ListWindow({
    getScrollElement: scroller,
    observeElementRect: (_v, cb) => cb({ width: 0, height: LIST_HEIGHT_PX }),
    observeElementOffset: (_v, cb) => {
      reportOffset = cb;
      return () => {
        if (reportOffset === cb) reportOffset = null;
      };
    },
    scrollToFn: elementScroll,
  });
  let last = Number.NaN;
  const report = (px: number): boolean => {
    const offset = Number.isFinite(px) ? Math.max(0, px) : 0;
    if (offset === last) return false;
    last = offset;
    reportOffset?.(offset, false);
    return true;
  };
  return { win, report };
}

/** A window with no element (nothing scrolled yet): the first window of a list asked for before it mounts. */
export function firstWindow(): RowRange {
  const w = new ListWindow({
    getScrollElement: () => null,
    observeElementRect: () => undefined,
    observeElementOffset: () => undefined,
    scrollToFn: () => undefined,
  });
  const want = w.requestWindow();
  w.destroy();
  return want;
}
