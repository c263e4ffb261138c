// A market list window (src/markets/list-window.ts) over stubbed DOM options, as virtual-core takes them: a scroller
// that clamps its offset like a browser and reports each move, a fixed 530 px rect.
import { ListWindow } from '../../src/markets/list-window';
import { LIST_HEIGHT_PX, ROW_HEIGHT_PX } from '../../common/market-list-geometry';

/** A window with a stub scroller of `count` rows; `scroll(px)` is the trader scrolling, `writes` the scroll writes. */
export function stubWindow(count: number) {
  let report: ((offset: number, isScrolling: boolean) => void) | null = null;
  let at = 0;
  const writes: number[] = [];
  /** Reads of the scroller's layout (scrollHeight, clientHeight): each is a forced layout in a browser. */
  let layoutReads = 0;
  const maxTop = () => Math.max(0, win.count * ROW_HEIGHT_PX - LIST_HEIGHT_PX);
  const moveTo = (px: number) => {
    const top = Math.min(Math.max(0, px), maxTop());
    if (top === at) return;
    at = top;
    report?.(top, false);
  };
  // What virtual-core reads of a scroller: its scroll range (the sizer is count × 58 px high).
  const scroller = {
    get scrollHeight() {
      layoutReads++;
      return win.count * ROW_HEIGHT_PX;
    },
    get clientHeight() {
      layoutReads++;
      return LIST_HEIGHT_PX;
    },
  } as unknown as Element;
  const win: ListWindow = new ListWindow({
    getScrollElement: () => scroller,
    observeElementRect: (_v, cb) => cb({ width: 320, height: LIST_HEIGHT_PX }),
    observeElementOffset: (_v, cb) => {
      report = cb;
      return () => (report = null);
    },
    scrollToFn: (px) => {
      writes.push(px);
      moveTo(px);
    },
  });
  win.setCount(count);
  win.sync();
  return { win, scroll: moveTo, writes, offset: () => at, layoutReads: () => layoutReads };
}
