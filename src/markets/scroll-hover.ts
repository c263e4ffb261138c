/**
 * Rows take no hover while the list scrolls under a still pointer (SPEC §9 virtual list; docs/BENCHMARKS.md
 * 'Scrolling, fifth pass'). Each wheel step moves another row under the pointer, so the browser hit-tests, restyles
 * the row that left and the row that came (`:hover`) and sends four boundary events (pointerout/over,
 * mouseout/over) through React's root listeners, inside the step's frame. With `pointer-events: none` on the rows
 * container during the scroll (`setHeld`), none of that happens; hover comes back once the list has been still for
 * `stillMs`, or at once when the pointer moves or is pressed. Only while the pointer is over the list: a scroll
 * driven from the keyboard with the pointer elsewhere holds nothing. A press that lands while the rows are held (a
 * click right after a wheel step, without moving) still follows the row under it; so does a press during which the
 * hold began (the step's scroll event came between the button going down and up, which a loaded machine makes
 * common: the release then lands on the list, not on a row).
 *
 * A pure policy: the input adapter (list-input.ts) owns the listeners and calls it; its one effect is `setHeld`, its
 * clock and timer are injected.
 */

/** The policy's effects and clock. */
export interface HoverHoldDeps {
  /** Holds (true) or restores (false) hover on the rows. */
  setHeld(held: boolean): void;
  /** Quiet time after the last scroll before hover returns, ms. */
  stillMs: number;
  /** Monotonic clock, ms (default performance.now). */
  now?(): number;
  setTimer?(cb: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/** The hover hold of one list. */
export class HoverHold {
  private timer: unknown = null;
  /** When the list last scrolled, ms: the one timer re-arms itself until it is `stillMs` old. */
  private lastScroll = 0;
  /** The last press landed while the rows were held, or a hold began during it: its click goes to the row under it. */
  private pressedHeld = false;
  /** A button is down on the list (from pointerdown to its click). */
  private pressing = false;
  /** The pointer is over the list (a wheel step says so too). */
  private inside = false;

  constructor(private readonly d: HoverHoldDeps) {}

  /** True while hover is held. */
  get held(): boolean {
    return this.timer !== null;
  }

  /** The pointer entered the list, or a wheel step came from it. */
  enter(): void {
    this.inside = true;
  }

  /** The pointer left the list. */
  leave(): void {
    this.inside = false;
  }

  /** The pointer moved over the list: hover returns at once. */
  moved(): void {
    this.release();
  }

  /** A button went down on the list: hover returns; notes whether the press landed on held rows. */
  pressed(): void {
    this.pressedHeld = this.timer !== null;
    this.pressing = true;
    this.release();
  }

  /**
   * The press ended in a click on the list. Returns true when that click landed on held rows (or a hold began during
   * the press) and must be sent on to the row under the pointer (the adapter does, unless it reached a row).
   */
  clicked(): boolean {
    this.pressing = false;
    if (!this.pressedHeld) return false;
    this.pressedHeld = false;
    // A hold that began during the press is still on: hit testing must see the rows again.
    this.release();
    return true;
  }

  /** The list scrolled: rows stop taking hover until it is still again (no timer churn per step). */
  scrolled(): void {
    this.lastScroll = this.now();
    if (this.pressing) this.pressedHeld = true;
    if (this.timer !== null || !this.inside) return;
    this.d.setHeld(true);
    this.arm(this.d.stillMs);
  }

  /** Restores hover and drops the timer. */
  dispose(): void {
    this.release();
  }

  private now(): number {
    return this.d.now ? this.d.now() : performance.now();
  }

  private arm(ms: number): void {
    const set = this.d.setTimer ?? ((cb: () => void, t: number) => setTimeout(cb, t));
    this.timer = set(() => {
      const left = this.lastScroll + this.d.stillMs - this.now();
      this.timer = null;
      if (left > 1) this.arm(left);
      else this.d.setHeld(false);
    }, ms);
  }

  private release(): void {
    if (this.timer === null) return;
    (this.d.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
    this.d.setHeld(false);
  }
}
