/**
 * The market list's one input adapter (SPEC §9 virtual list and keyboard, §4 favourites): it alone listens on the
 * list's scroller (scroll, wheel, pointer enter/leave/move/over/down, click, mousedown, focus in/out, Tab), on its
 * panel (key presses) and on the document (where the pointer is), and feeds the small policies: the hover hold while
 * scrolling (scroll-hover.ts), live stillness (live-still.ts), the slots' focus and Tab order (slot-order.ts), a
 * moved pointer against content moved under a still one (`PointerTrack`), and the controller's scroll offset,
 * prefetch margins, hovered row and pressed star (market-list.ts). Every listener is passive where it can be.
 */
import { HoverHold } from './scroll-hover.ts';
import { StillWatch } from './live-still.ts';
import type { SlotOrder } from './slot-order.ts';

/**
 * Where the pointer last was on the page (client px): tells a pointer that moved onto a row from content that moved
 * under a still pointer (a live price, a re-ranked window, the list opening under it), which is no hover. Pure.
 */
export class PointerTrack {
  private x = NaN;
  private y = NaN;

  /** The pointer moved to (`x`, `y`) anywhere on the page. */
  moved(x: number, y: number): void {
    this.x = x;
    this.y = y;
  }

  /** A pointerover at (`x`, `y`): true when the pointer moved to get there (a hover), false when it stood still. */
  over(x: number, y: number): boolean {
    const still = x === this.x && y === this.y;
    this.x = x;
    this.y = y;
    return !still;
  }
}

/** What the adapter reads of the rows (the DOM adapter, row-slots.ts), while there are rows. */
export interface InputRows {
  /** The rows container (hover is held on it). */
  readonly container: HTMLElement;
  /** The slots' order keeper. */
  readonly order: SlotOrder;
  /** The row index of the slot holding `el` (or a slot element itself), -1 when none or free (`loaded`: or while
   * its row is on its way). */
  indexAt(el: Element, loaded?: boolean): number;
  /** The active row's index as last drawn. */
  readonly active: number;
}

/** What the adapter tells the list. */
export interface ListInputTarget {
  setScrollTop(px: number): void;
  prefetchMargins(): void;
  /** The pointer moved onto row `index`: it becomes the active row. */
  setActive(index: number): void;
  /** The star of row `index` was pressed. */
  toggleFavourite(index: number): unknown;
  /** The list became still (true) or busy (false). */
  reportStill(still: boolean): void;
}

export interface ListInputOptions {
  /** The rows (null while the list has none). */
  rows(): InputRows | null;
  /** Rows take hover again this long after the last scroll event, ms. */
  hoverAfterScrollMs: number;
  /** The scroller scrolled to `px` (besides the controller: the panel's 'View all' link). */
  onScrollTop?(px: number): void;
}

/** Listens on `list` (the scroller) and `panel` (key presses; default the list) for `target`. `destroy` removes all. */
export class ListInput {
  private readonly hover: HoverHold;
  private readonly still: StillWatch;
  private readonly pointer = new PointerTrack();
  private readonly doc: Document;
  private readonly off: Array<() => void> = [];

  constructor(
    private readonly list: HTMLElement,
    private readonly target: ListInputTarget,
    private readonly o: ListInputOptions,
    private readonly panel: HTMLElement = list,
  ) {
    this.doc = list.ownerDocument;
    this.hover = new HoverHold({
      stillMs: o.hoverAfterScrollMs,
      setHeld: (held) => {
        const rows = o.rows()?.container;
        if (rows) rows.style.pointerEvents = held ? 'none' : '';
      },
    });
    this.still = new StillWatch((still) => target.reportStill(still));
    const on = <K extends keyof HTMLElementEventMap>(
      el: HTMLElement | Document,
      type: K,
      fn: (e: HTMLElementEventMap[K]) => void,
      opts: AddEventListenerOptions = { passive: true },
    ) => {
      el.addEventListener(type, fn as EventListener, opts);
      this.off.push(() => el.removeEventListener(type, fn as EventListener, opts));
    };
    on(list, 'scroll', this.onScroll);
    on(list, 'wheel', () => this.hover.enter());
    on(list, 'pointerenter', this.onEnter);
    on(list, 'pointerleave', this.onLeave);
    on(list, 'pointermove', this.onMove);
    on(list, 'pointerdown', () => this.hover.pressed());
    on(list, 'pointerover', this.onOver);
    on(list, 'click', this.onClick, {});
    on(list, 'mousedown', (e) => o.rows()?.order.onMouseDown(e), {});
    on(list, 'focusin', this.onFocusIn, {});
    on(list, 'focusout', this.onFocusOut, {});
    on(panel, 'keydown', this.onKey, {});
    // The pointer's moves anywhere on the page: a list that opens under a resting pointer knows it did not move.
    on(this.doc, 'pointermove', (e) => this.pointer.moved(e.clientX, e.clientY), {
      capture: true,
      passive: true,
    });
  }

  /** Removes every listener and timer (hover restored). */
  destroy(): void {
    this.off.forEach((f) => f());
    this.off.length = 0;
    this.hover.dispose();
    this.still.dispose();
  }

  private readonly onScroll = (): void => {
    const top = this.list.scrollTop;
    this.target.setScrollTop(top);
    this.hover.scrolled();
    this.still.busy();
    this.o.onScrollTop?.(top);
  };

  private readonly onEnter = (): void => {
    this.hover.enter();
    this.still.enter();
    this.target.prefetchMargins();
  };

  private readonly onLeave = (): void => {
    this.hover.leave();
    this.still.leave();
  };

  private readonly onMove = (): void => {
    this.hover.moved();
    this.still.busy();
  };

  /** The pointer moved onto a row: it becomes the active row (hover and keyboard share one, SPEC §9 keyboard). */
  private readonly onOver = (e: PointerEvent): void => {
    if (!this.pointer.over(e.clientX, e.clientY)) return;
    const rows = this.o.rows();
    if (!rows || !(e.target instanceof Element)) return;
    const index = rows.indexAt(e.target);
    if (index >= 0 && index !== rows.active) this.target.setActive(index);
  };

  private readonly onFocusIn = (e: FocusEvent): void => {
    this.still.focusIn();
    this.o.rows()?.order.onFocusIn(e);
  };

  private readonly onFocusOut = (e: FocusEvent): void => {
    this.still.focusOut(e.relatedTarget instanceof Node && this.list.contains(e.relatedTarget));
  };

  /** A key in the panel (search field included): the list is busy; Tab inside the list orders the slots first. */
  private readonly onKey = (e: KeyboardEvent): void => {
    this.still.busy();
    if (e.target instanceof Node && this.list.contains(e.target)) this.o.rows()?.order.onKeyDown(e);
  };

  /**
   * A press on a star toggles its row's favourite, and neither opens the pair nor goes further; a click that landed on
   * held rows (HoverHold) is sent on to the row under the pointer, modifiers included (Ctrl/Cmd-click opens a tab).
   */
  private readonly onClick = (e: MouseEvent): void => {
    const t = e.target instanceof Element ? e.target : null;
    const star = t?.closest('.favourite-toggle');
    if (star && this.list.contains(star)) {
      e.preventDefault();
      e.stopPropagation();
      const index = this.o.rows()?.indexAt(star, true) ?? -1;
      if (index >= 0) this.target.toggleFavourite(index);
      return;
    }
    if (!this.hover.clicked()) return;
    if (e.button !== 0 || e.defaultPrevented || !t) return;
    if (t.closest('a.market-row')) return; // the press reached the row after all
    const row = this.doc.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLAnchorElement>('a.market-row');
    if (row && this.list.contains(row))
      row.dispatchEvent(
        new MouseEvent('click', {
          bubbles: true,
          cancelable: true,
          view: this.doc.defaultView,
          clientX: e.clientX,
          clientY: e.clientY,
          screenX: e.screenX,
          screenY: e.screenY,
          ctrlKey: e.ctrlKey,
          metaKey: e.metaKey,
          shiftKey: e.shiftKey,
          altKey: e.altKey,
          button: 0,
        }),
      );
  };
}
