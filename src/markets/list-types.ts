/**
 * The market list's shared types (SPEC §9 virtual list): the controller's state and snapshot (market-list.ts), the
 * DOM adapter's interface (RowRenderer, row-slots.ts) and the page services the controller is given
 * (use-market-list.ts; fakes in tests).
 */
import type { ListRow, LoadStatus, MarketEngineApi } from '../../workers/market/contract.ts';
import type { RowRange } from './list-window.ts';
import type { FirstWindowStore, ListRegistry } from './list-query.ts';

/** The controller's full state (tests, the panel's bench hooks). */
export interface MarketListState {
  /** The engine once it is up (the panel asks it for tabs), else null. */
  engine: MarketEngineApi | null;
  status: LoadStatus;
  /** Query id of the shown result; 0 before the first reply. */
  id: number;
  total: number;
  /** Data version of the shown rows (rises on refresh). */
  version: number;
  /** The search term the shown result answers. */
  term: string;
}

/**
 * What React renders around the rows: a coarse view of the state that does not change per keystroke (the rows and
 * the sizer are written by the renderer), so typing re-renders nothing in React; nor does a new data version (a live
 * list re-ranks every few seconds, SPEC §9 refresh): the controller writes it on the list element itself
 * (`data-version`). Immutable; a new object on change.
 */
export interface MarketListSnapshot {
  engine: MarketEngineApi | null;
  status: LoadStatus;
  /** True once a result with at least one row is shown. */
  hasRows: boolean;
  /** The rows shown are the stored first window, not yet the engine's answer (`data-rows-from="cache"`). */
  fromCache: boolean;
}

/** Draws rows `[range.first, range.last)`; `rowAt(i)` undefined = not loaded yet (skeleton). */
export interface RowRenderer {
  /**
   * `total` sizes the scroll height (`total × row height`). `keep`: slots holding rows outside `range` but inside
   * `keep` (and below `total`) are left as they are (written in a later frame) instead of being released, so a
   * keystroke does not tear down the overscan rows (`keep` = every row) and a scroll step leaves the overscan rows
   * still in the window alone (`keep` = the settled window). `keep` equal to `range` releases every other slot.
   * `active`: the active row's index (keyboard and hover, SPEC §9 keyboard), -1 for none.
   */
  render(
    range: RowRange,
    rowAt: (index: number) => ListRow | undefined,
    total: number,
    keep: RowRange,
    active: number,
  ): void;
}

/** Injected page services (browser defaults in use-market-list.ts; fakes in tests). */
export interface MarketListOptions {
  engine(): Promise<MarketEngineApi>;
  /** The page's list queries (list-query.ts: query ids, prefetched first windows), shared by every list. */
  lists: ListRegistry;
  /** Runs `cb` in the frame after the next one, before its paint (the page's: next-frame.ts inNextFrame). */
  nextFrame(cb: () => void): void;
  /** Called once per result, right after its visible rows were written (benchmark mark). */
  onRowsShown?(term: string): void;
  log?(message: string, detail?: unknown): void;
  /** Monotonic clock, ms (default performance.now): the age of a prefetched first window. */
  now?(): number;
  /** The list became still or busy (live-still.ts, reported by the input adapter): the engine may re-rank it only
   * while it is still (ARCHITECTURE.md 'Live lists'). */
  onStill?(still: boolean): void;
  /** The stored first windows (first-window-cache.ts, bound to the page's storage and language), by list kind and
   * inputs key: read when a list opens before the engine answers, written when the engine shows one. */
  firstWindows?: FirstWindowStore;
}
