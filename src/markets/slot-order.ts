/**
 * Focus, Tab order and reading order of a list's row slots (SPEC §9 keyboard: Tab follows the visual order), the
 * part of the DOM adapter (row-slots.ts) that moves slots in the DOM; row-slots.ts only writes them in place.
 *
 * Slots are created in row order, so at the top of a list DOM order is row order; once scrolled, it is a rotation of
 * it. `SlotOrder` puts the shown slots in row order when focus enters the list and on every Tab key inside it, just
 * before the browser moves focus; Shift+Tab into the list lands on the last row. Reading order (a screen reader's
 * browse mode walks the DOM) must follow too, so once the list has been still for ORDER_IDLE_MS the slots are put in
 * row order in an idle slice (common/idle.ts). No slot moves while the list scrolls, and the focused row's slot never
 * moves at all: Chrome scrolls a focused element back into view when it or an ancestor is moved, which would undo the
 * trader's wheel step. A focused row whose slot is released hands focus to the list itself.
 *
 * Which slots stay (`keptPositions`, pure): a longest increasing run of row indices (a longest increasing
 * subsequence), so a scrolled list moves only its shorter part; a `pinned` position, the focused row, is always kept.
 */
import { whenIdle } from '../../common/idle.ts';
import { deepActiveElement } from '../lib/dom-root.ts';

/** Quiet time, ms, after the last render before the slots are put back in row order (reading order). */
export const ORDER_IDLE_MS = 1000;
/**
 * Slots moved per idle slice by the reading-order pass: a moved slot is restyled and laid out whole (about 8 elements),
 * so the whole pass at once (up to 27 slots, about 80 ms at 4x CPU) was a long task after every keyboard walk; 4 at a
 * time is about 12 ms at 4x (docs/benchmarks/history.md 'Keyboard pass').
 */
export const ORDER_SLICE_SLOTS = 4;

/**
 * Positions of `indices` (distinct row indices in DOM order) that form a longest increasing subsequence, in
 * ascending position order; when `pinned` is a valid position, the longest one that contains it. O(n²), n ≤ ~40.
 */
export function keptPositions(indices: readonly number[], pinned = -1): number[] {
  const n = indices.length;
  if (n === 0) return [];
  // ending[i]: longest increasing run ending at i; before[i]: its previous position (-1 at the start).
  const ending = new Array<number>(n).fill(1);
  const before = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < i; j++)
      if (indices[j]! < indices[i]! && ending[j]! + 1 > ending[i]!) {
        ending[i] = ending[j]! + 1;
        before[i] = j;
      }
  const chainTo = (end: number): number[] => {
    const out: number[] = [];
    for (let k = end; k >= 0; k = before[k]!) out.push(k);
    return out.reverse();
  };
  if (pinned < 0 || pinned >= n) {
    let best = 0;
    for (let i = 1; i < n; i++) if (ending[i]! > ending[best]!) best = i;
    return chainTo(best);
  }
  // starting[i]: longest increasing run starting at i; after[i]: its next position (-1 at the end).
  const starting = new Array<number>(n).fill(1);
  const after = new Array<number>(n).fill(-1);
  for (let i = n - 1; i >= 0; i--)
    for (let j = i + 1; j < n; j++)
      if (indices[j]! > indices[i]! && starting[j]! + 1 > starting[i]!) {
        starting[i] = starting[j]! + 1;
        after[i] = j;
      }
  const out = chainTo(pinned);
  for (let k = after[pinned]!; k >= 0; k = after[k]!) out.push(k);
  return out;
}

/** What the order keeper reads of a slot: its element (the row), its row index (-1: free), whether it shows a
 * skeleton (its row on its way) and the row's link. */
export interface OrderedSlot {
  el: HTMLElement;
  index: number;
  loading: boolean;
  link: HTMLAnchorElement;
}

/**
 * The order keeper of the slots inside `container`, in the scroller `list`. `slotOf` maps a child of the container to
 * its slot. The input adapter (list-input.ts) owns the list's listeners and calls `onFocusIn`, `onMouseDown` and
 * `onKeyDown`. `whenStill` after a render that moved rows; `releasing` before a slot lets its
 * row go; `destroy` removes the listeners and any pending pass.
 */
export class SlotOrder {
  /** The pending reading-order pass: its timer (0 when none), then the cancel of its idle callback (null when none). */
  private timer = 0;
  private cancelIdle: (() => void) | null = null;
  /** When a render last moved rows (performance.now(), ms). */
  private movedAt = 0;

  constructor(
    private readonly container: HTMLElement,
    private readonly list: HTMLElement,
    private readonly slotOf: (node: Element) => OrderedSlot | undefined,
  ) {}

  /**
   * Puts the slots in row order once the list has been still for ORDER_IDLE_MS, ORDER_SLICE_SLOTS moves per idle slice
   * (reading order); a render in between starts the wait again.
   */
  whenStill(): void {
    // A scroll renders every frame: the one timer notes the time and re-arms itself until the list has been still for
    // ORDER_IDLE_MS, instead of a clearTimeout and a setTimeout per render.
    this.movedAt = performance.now();
    this.cancelIdle?.();
    this.cancelIdle = null;
    if (this.timer) return;
    const slice = () => {
      this.cancelIdle = whenIdle(
        () => {
          this.cancelIdle = null;
          if (!this.order(ORDER_SLICE_SLOTS)) slice();
        },
        { timeoutMs: 1000 },
      );
    };
    const wait = (ms: number) => {
      this.timer = window.setTimeout(() => {
        const left = this.movedAt + ORDER_IDLE_MS - performance.now();
        if (left > 1) return wait(left);
        this.timer = 0;
        slice();
      }, ms);
    };
    wait(ORDER_IDLE_MS);
  }

  /**
   * The slot `el` is about to hold another row: when it holds the focus (its row scrolled out of the window), focus
   * goes to the list (where the next Tab continues in row order) rather than to the page.
   */
  releasing(el: HTMLElement): void {
    if (el.contains(deepActiveElement())) this.list.focus({ preventScroll: true });
  }

  /** Drops the pending pass. */
  destroy(): void {
    this.cancel();
  }

  private cancel(): void {
    if (this.timer) window.clearTimeout(this.timer);
    this.cancelIdle?.();
    this.timer = 0;
    this.cancelIdle = null;
  }

  /**
   * A mouse press on a row does not focus it: the press navigates (or opens a tab), and a focus would run the Tab-order
   * pass below between press and release, moving slots under the pointer in the middle of the click (when the pass
   * still moved the pressed slot, the browser sent no click and the row did not open). Keyboard focus is unchanged.
   */
  readonly onMouseDown = (e: MouseEvent): void => {
    if (e.target instanceof Element && e.target.closest('a.market-row, .favourite-toggle'))
      e.preventDefault();
  };

  /** Tab (or Shift+Tab) inside the list: slots in row order before the browser picks the next focus. */
  readonly onKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'Tab' && !e.defaultPrevented) this.order();
  };

  /** Focus entered the list from outside it: slots in row order (Tab follows the visual order). */
  readonly onFocusIn = (e: FocusEvent): void => {
    const from = e.relatedTarget;
    if (from instanceof Node && this.list.contains(from)) return;
    const lastBefore = this.lastRow();
    this.order();
    // Shift+Tab from after the list lands on the last row in DOM order; the last row in visual order is meant.
    const after =
      from instanceof Node &&
      (this.list.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    const last = this.lastRow();
    if (after && e.target === lastBefore && last && last !== lastBefore) last.focus();
  };

  /** The last shown row link in DOM order, or null. */
  private lastRow(): HTMLAnchorElement | null {
    for (let el = this.container.lastElementChild; el; el = el.previousElementSibling) {
      const slot = this.slotOf(el);
      if (slot && slot.index >= 0 && !slot.loading) return slot.link;
    }
    return null;
  }

  /**
   * Puts the shown slots in row order with the fewest moves: a longest run already in order stays, and it always
   * holds the focused row's slot (`keptPositions`), so focus and the scroll position stay as they are. Each other
   * slot goes just before the slot that follows it in row order (`moveBefore` where the browser has it), from the last
   * row up, so each move lengthens the run in order: at most `limit` moves, and a later call goes on from there.
   * Released slots may end up anywhere; they are out of sight and out of the tree. Returns true when the shown slots
   * are in row order.
   */
  private order(limit = Infinity): boolean {
    const shown: OrderedSlot[] = [];
    for (let node = this.container.firstElementChild; node; node = node.nextElementSibling) {
      const slot = this.slotOf(node);
      if (slot && slot.index >= 0) shown.push(slot);
    }
    if (shown.length < 2) return true;
    const active = deepActiveElement();
    const pinned = shown.findIndex((slot) => slot.el.contains(active));
    const kept = new Set(
      keptPositions(
        shown.map((slot) => slot.index),
        pinned,
      ).map((k) => shown[k]),
    );
    if (kept.size === shown.length) return true;
    // Older browsers lack moveBefore (typed as always there); the focused slot is never moved, so focus stays.
    const move = (this.container as { moveBefore?: unknown }).moveBefore !== undefined;
    const wanted = shown.sort((a, b) => a.index - b.index);
    let next: Element | null = null;
    let moves = 0;
    for (let k = wanted.length - 1; k >= 0; k--) {
      const slot = wanted[k]!;
      if (!kept.has(slot)) {
        if (moves === limit) return false;
        if (move) this.container.moveBefore(slot.el, next);
        else this.container.insertBefore(slot.el, next);
        moves++;
      }
      next = slot.el;
    }
    return true;
  }
}
