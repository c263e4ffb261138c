/**
 * When the market list's rows are drawn (SPEC §9 virtual list): on a new result or a scroll step the rows in sight are
 * written in the same task and the overscan rows in the frame after the next (`nextFrame`, injected: the page's
 * next-frame.ts, a fake in tests), so one frame lays out the visible rows and the next the rest. Rows out of sight
 * that took live values are drawn at most `outOfSightMs` later (`later`). It decides ranges and times; the draw itself
 * is the `paint` callback (the controller's, which hands the DOM adapter its rows).
 */
import type { RowRange } from './list-window.ts';

/** How long the rows out of sight (overscan) may show older live values than memory holds, ms: a live batch writes
 * only the rows in sight, and the window is drawn whole at most this long after a row out of sight changed, so a
 * scroll or a re-rank finds them nearly current (docs/benchmarks/history.md 'Live rows in sight'). */
export const OUT_OF_SIGHT_LIVE_MS = 1000;

/** What an unsettled window keeps besides its visible rows: every slot (a new result: the old overscan rows stay
 * until the next frame) or the settled window (a scroll step: overscan rows still in the window stay). */
export type UnsettledKeeps = 'all' | 'window';

/** The ranges one draw uses: which rows to write, and which slots outside them to leave as they are. */
export interface PaintPlan {
  range: RowRange;
  keep: RowRange;
}

export interface PaintSchedulerOptions {
  /** Runs `cb` in the frame after the next one, before its paint. */
  nextFrame(cb: () => void): void;
  /** Draws the current plan (`plan()`); `inSightOnly`: only the rows in sight (live values). */
  paint(inSightOnly: boolean): void;
  /** The rows in sight and the settled window (visible + overscan) at the current offset. */
  visible(): RowRange;
  window(): RowRange;
  /** Delay before rows out of sight with newer live values are drawn, ms. */
  outOfSightMs: number;
  setTimer?(cb: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/** The paint scheduler of one list: `unsettle` on a new result or scroll step, `later` for live rows out of sight. */
export class PaintScheduler {
  /** Overscan rows committed (false from a new result or a scroll step until the next frame). */
  private settled = true;
  private keeps: UnsettledKeeps = 'all';
  /** Rises each time the list becomes unsettled; a next-frame settle of an older one is void. */
  private token = 0;
  private timer: unknown = null;
  private disposed = false;

  constructor(private readonly o: PaintSchedulerOptions) {}

  /** True once the overscan rows of the last result or scroll step are written. */
  get isSettled(): boolean {
    return this.settled;
  }

  /** The rows to draw now: the visible rows until the result settles, then the settled window. */
  range(settled = this.settled): RowRange {
    return settled ? this.o.window() : this.o.visible();
  }

  /** The ranges of a draw of `total` rows (`inSightOnly`: live values in sight, every other slot left alone). */
  plan(total: number, inSightOnly = false): PaintPlan {
    const settledWindow = this.o.window();
    const keep = !this.settled && this.keeps === 'all' ? { first: 0, last: total } : settledWindow;
    return { range: this.settled && !inSightOnly ? settledWindow : this.o.visible(), keep };
  }

  /**
   * Draws the visible rows now and the overscan rows in the frame after the next, if `still()` then holds and nothing
   * unsettled the list again meanwhile. `keeps`: see UnsettledKeeps.
   */
  unsettle(keeps: UnsettledKeeps, still: () => boolean): void {
    this.keeps = keeps;
    this.settled = false;
    const token = ++this.token;
    this.o.paint(false);
    this.o.nextFrame(() => {
      if (this.disposed || token !== this.token || this.settled || !still()) return;
      this.settled = true;
      this.o.paint(false);
    });
  }

  /**
   * Rows out of sight took live values: the whole window is drawn `outOfSightMs` from the first such call (one timer
   * at a time), in the frame after the next, if the list is then settled.
   */
  later(): void {
    if (this.timer !== null || this.disposed) return;
    const set = this.o.setTimer ?? ((cb: () => void, ms: number) => setTimeout(cb, ms));
    this.timer = set(() => {
      this.timer = null;
      if (!this.disposed && this.settled)
        this.o.nextFrame(() => !this.disposed && this.settled && this.o.paint(false));
    }, this.o.outOfSightMs);
  }

  /** Cancels the pending out-of-sight draw and voids every later callback (`resume` undoes it). */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null)
      (this.o.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }

  /** Runs again after `dispose` (a reconnect, React StrictMode). */
  resume(): void {
    this.disposed = false;
  }
}
