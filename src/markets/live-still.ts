/**
 * When a market list is still (ARCHITECTURE.md 'Live lists'): a row never moves under the pointer or during a scroll,
 * so the engine may recompute a panel's order only while its list is still. A list is not still while the pointer
 * is over it or focus is in its rows, and for STILL_AFTER_MS after its last scroll, hover or key press in its panel
 * (a keyboard walk from the panel's search field moves the active row without focus entering the list).
 *
 * A pure policy: the input adapter (list-input.ts) owns the listeners and calls it; it reports each change through
 * `report(still)` (first, at construction, with true); its timer is injected.
 */

/** Quiet time after the last scroll, pointer move or key press before the list counts as still, ms. */
export const STILL_AFTER_MS = 1_000;

/** Timer functions (defaults: the global ones). */
export interface StillTimers {
  setTimer?(cb: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/** The stillness of one list. */
export class StillWatch {
  private inside = false;
  private focused = false;
  private still = true;
  private timer: unknown = null;

  constructor(
    private readonly report: (still: boolean) => void,
    private readonly t: StillTimers = {},
  ) {
    report(true);
  }

  /** The pointer entered the list. */
  enter(): void {
    this.inside = true;
    this.busy();
  }

  /** The pointer left the list. */
  leave(): void {
    this.inside = false;
    this.busy();
  }

  /** Focus entered the list. */
  focusIn(): void {
    this.focused = true;
    this.busy();
  }

  /** Focus left the list (`toInside`: it only moved within it, which changes nothing). */
  focusOut(toInside: boolean): void {
    if (toInside) return;
    this.focused = false;
    this.busy();
  }

  /** A scroll, a pointer move or a key press: not still, until STILL_AFTER_MS pass with the pointer and focus out. */
  busy(): void {
    this.set(false);
    this.clear();
    const set = this.t.setTimer ?? ((cb: () => void, ms: number) => setTimeout(cb, ms));
    this.timer = set(() => {
      this.timer = null;
      if (!this.inside && !this.focused) this.set(true);
    }, STILL_AFTER_MS);
  }

  /** Drops the timer (the list goes). */
  dispose(): void {
    this.clear();
  }

  private clear(): void {
    if (this.timer === null) return;
    (this.t.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }

  private set(next: boolean): void {
    if (next === this.still) return;
    this.still = next;
    this.report(next);
  }
}
